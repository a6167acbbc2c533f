import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../renderer/src/dashboard/words.ts';
import type { DoorScan } from '../../../renderer/src/kiosk/api.ts';
import { doorAnswer, doorDirection } from '../../../renderer/src/kiosk/door/door-answer.ts';
import { deskListAnswer } from '../../../renderer/src/dashboard/lists/desk-answer.ts';
import { activateLanguage } from '../../../renderer/src/shared/i18n/index.ts';

const WORKSHOP = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Workshop A' };

/** A scan at 10:00 in Paris (09:00 UTC) on Workshop A, refused unless `changes` say otherwise. */
function scan(changes: Partial<DoorScan>): DoorScan {
  return {
    result: 'admitted',
    accepted: true,
    forced: false,
    direction: 'entry',
    scan_id: null,
    scanned_at: '2026-11-21T09:00:00+00:00',
    list: WORKSHOP,
    attendee: { name: 'Ada Lovelace', company: null },
    entered_at: null,
    belongs_to: [],
    opens_at: null,
    inside_now: 0,
    capacity: null,
    ...changes,
  };
}

beforeEach(() => vi.stubGlobal('document', { documentElement: { lang: 'en' } }));
afterEach(() => activateLanguage('en'));

describe('a door’s answers, in words a person at a door understands', () => {
  it('sends someone not on the list to the lists that admit them, or to staff when none does', () => {
    const elsewhere = [
      { id: 'm', name: 'Main entrance' },
      { id: 'b', name: 'Workshop B' },
    ];
    expect(doorAnswer(scan({ result: 'not_on_list', belongs_to: elsewhere }), 'Europe/Paris')).toMatchObject({
      tone: 'error',
      title: 'Not on Workshop A',
      message: 'Please go to Main entrance or Workshop B.',
    });
    expect(doorAnswer(scan({ result: 'not_on_list' }), 'Europe/Paris')).toMatchObject({
      message: 'Please see event staff.',
    });
  });

  it('writes times on the event’s clock, "today" against the scan, another day in full', () => {
    const today = scan({ result: 'already_entered', entered_at: '2026-11-21T08:12:00+00:00' });
    expect(doorAnswer(today, 'Europe/Paris')).toMatchObject({
      tone: 'already',
      message: 'You already entered today at 9:12 AM.',
    });
    const yesterday = scan({ result: 'already_entered', entered_at: '2026-11-20T08:12:00+00:00' });
    expect(doorAnswer(yesterday, 'Europe/Paris')).toMatchObject({
      message: 'You already entered on Nov 20, 2026, 9:12 AM.',
    });
    expect(
      doorAnswer(scan({ result: 'not_now', opens_at: '2026-11-21T13:00:00+00:00' }), 'Europe/Paris'),
    ).toMatchObject({
      tone: 'warning',
      title: 'Workshop A opens at 2:00 PM',
    });
    expect(doorAnswer(scan({ result: 'not_now' }), 'Europe/Paris')).toMatchObject({
      title: 'Workshop A is closed now',
    });
  });

  it('speaks French, on a 24-hour clock', () => {
    activateLanguage('fr');
    const today = scan({ result: 'already_entered', entered_at: '2026-11-21T08:12:00+00:00' });
    expect(doorAnswer(today, 'Europe/Paris')).toMatchObject({
      message: 'Votre entrée a déjà été enregistrée aujourd’hui à 09:12.',
    });
    expect(doorAnswer(scan({ result: 'exit_recorded' }), 'Europe/Paris')).toMatchObject({
      title: 'Au revoir, Ada Lovelace\u202f!',
      message: 'Sortie enregistrée\u00a0: Workshop A.',
    });
    expect(doorAnswer(scan({ result: 'full' }), 'Europe/Paris')).toMatchObject({ tone: 'error' });
  });

  it('welcomes, welcomes back and says goodbye in green', () => {
    expect(doorAnswer(scan({}), 'UTC')).toMatchObject({ tone: 'success', title: 'Welcome, Ada Lovelace!' });
    expect(doorAnswer(scan({ result: 'reentered' }), 'UTC')).toMatchObject({
      title: 'Welcome back, Ada Lovelace!',
    });
    expect(doorAnswer(scan({ result: 'unknown_code', attendee: null }), 'UTC')).toMatchObject({
      tone: 'warning',
      message: 'No registration for this event has this code.',
    });
  });

  it('takes the way from the kiosk’s address: exit only when it says so', () => {
    expect(doorDirection('?direction=exit')).toBe('exit');
    expect(doorDirection('?camera=off&direction=EXIT')).toBe('exit');
    expect(doorDirection('?direction=out')).toBe('entry');
    expect(doorDirection('')).toBe('entry');
  });
});

describe('the desk’s answers on a list', () => {
  const person = {
    id: 'p1',
    name: 'Alan Turing',
    company: null,
    status: 'confirmed' as const,
    checked_in_at: null,
  };

  it('offers "Admit anyway" over a list’s rule, never over a cancelled registration', () => {
    const refused = deskListAnswer(
      { message: '', data: { ...scan({ result: 'full', capacity: 30 }), accepted: false, attendee: person } },
      'UTC',
    );
    expect(refused).toMatchObject({ tone: 'error', title: 'Full', forceable: { attendeeId: 'p1' } });
    const cancelled = deskListAnswer(
      { message: '', data: { ...scan({ result: 'canceled' }), accepted: false, attendee: person } },
      'UTC',
    );
    expect(cancelled.forceable).toBeNull();
  });

  it('says an admission over the rules was forced', () => {
    const forced = deskListAnswer(
      { message: '', data: { ...scan({ forced: true }), attendee: person } },
      'UTC',
    );
    expect(forced).toMatchObject({ title: 'Admitted (forced)', forceable: null });
    expect(forced.text).toContain('recorded as forced');
  });
});
