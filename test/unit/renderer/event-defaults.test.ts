import { describe, expect, it } from 'vitest';
import type { DashboardEvent } from '../../../renderer/src/dashboard/api/events.ts';
import {
  applyDraftChange,
  eventSettings,
  newEventDraft,
  shiftWallTime,
} from '../../../renderer/src/dashboard/events/event-draft.ts';
import { kioskReadiness } from '../../../renderer/src/dashboard/events/kiosk-readiness.ts';
// The dashboard's words, as its script installs them.
import '../../../renderer/src/dashboard/words.ts';

describe("a new event's defaults", () => {
  it('is unpublished, on the browser’s zone, and opens check-in an hour before it starts', () => {
    const draft = newEventDraft();
    expect(draft).toMatchObject({
      is_published: false,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      checkin_period_type: 'starts_on',
      checkinFollowsEvent: true,
    });
    const dated = applyDraftChange(draft, { starts_at: '2026-12-01T09:00' });
    expect(dated.checkin_starts_at).toBe('2026-12-01T08:00');
    // Past midnight, the day before.
    expect(applyDraftChange(dated, { starts_at: '2026-12-01T00:30' }).checkin_starts_at).toBe(
      '2026-11-30T23:30',
    );
    expect(applyDraftChange(dated, { ends_at: '2026-12-01T17:00' }).checkin_ends_at).toBe('2026-12-01T17:00');
    expect(eventSettings({ ...dated, timezone: 'Europe/Paris' })).toMatchObject({
      checkin_period_type: 'starts_on',
      checkin_starts_at: '2026-12-01T08:00:00+01:00',
      checkin_ends_at: null,
    });
  });

  it('stops following the event once a check-in time is set by hand', () => {
    const set = applyDraftChange(newEventDraft(), { checkin_starts_at: '2026-12-01T07:00' });
    expect(set.checkinFollowsEvent).toBe(false);
    expect(applyDraftChange(set, { starts_at: '2026-12-01T09:00' }).checkin_starts_at).toBe(
      '2026-12-01T07:00',
    );
  });

  it('shifts wall times, and leaves an empty one empty', () => {
    expect(shiftWallTime('2026-01-01T00:10', -60 * 60 * 1000)).toBe('2025-12-31T23:10');
    expect(shiftWallTime('', -1)).toBe('');
  });
});

const EVENT: DashboardEvent = {
  id: '5f0c6d1e-4f1a-4c37-9a55-0c2f4f1b2a10',
  name: 'Launch Night',
  description: '',
  starts_at: '2026-12-01T18:00:00+00:00',
  ends_at: '2026-12-01T23:00:00+00:00',
  location: null,
  timezone: 'UTC',
  seats: null,
  requires_approval: false,
  registration_opens_at: null,
  registration_closes_at: null,
  is_published: true,
  checkin_period_type: 'starts_on',
  checkin_starts_at: '2026-12-01T17:00:00+00:00',
  checkin_ends_at: null,
  allow_self_checkin: true,
  redirect_url: null,
  registration_fields: [],
  is_registration_open: true,
  is_checkin_allowed: false,
  attendees_count: 0,
  created_at: '2026-11-01T10:00:00+00:00',
  updated_at: '2026-11-01T10:00:00+00:00',
};
const NOW = new Date('2026-11-21T10:00:00Z');
const tones = (event: DashboardEvent) => kioskReadiness(event, NOW).map((item) => [item.tone, item.text]);

describe('what a kiosk link needs first', () => {
  it('a published event with check-in opening later is ready', () => {
    expect(tones(EVENT)).toEqual([
      ['ok', 'Published: the kiosk shows the event.'],
      ['ok', 'Registration is open.'],
      ['ok', expect.stringMatching(/^Check-in opens .*2026.*5:00.PM; the kiosk says so until then\.$/)],
    ]);
  });

  it('says what is missing or may surprise', () => {
    expect(
      tones({
        ...EVENT,
        is_published: false,
        checkin_period_type: 'immediate',
        allow_self_checkin: false,
        starts_at: null,
      }),
    ).toEqual([
      ['problem', expect.stringMatching(/^Not published/)],
      ['warning', expect.stringMatching(/^Check-in is open any time: someone registering from home/)],
      ['warning', 'People cannot check themselves in: only the desk checks people in.'],
      ['warning', 'No start date: the kiosk cannot say when the event is.'],
    ]);
    expect(tones({ ...EVENT, checkin_period_type: 'disabled' })[2]).toEqual([
      'problem',
      expect.stringMatching(/^Check-in is off/),
    ]);
    expect(
      tones({
        ...EVENT,
        checkin_period_type: 'date_range',
        checkin_starts_at: '2026-11-01T00:00:00+00:00',
        checkin_ends_at: '2026-11-02T00:00:00+00:00',
      })[2],
    ).toEqual(['problem', expect.stringMatching(/^Check-in closed /)]);
    expect(tones({ ...EVENT, is_registration_open: false })[1]).toEqual([
      'warning',
      'Registration is closed: the kiosk only checks people in.',
    ]);
  });
});
