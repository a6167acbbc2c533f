import { describe, expect, it } from 'vitest';
import {
  eventOfPath,
  failoverCandidates,
  isKioskCall,
  newIdempotencyKey,
  type VenueServer,
} from '../../../renderer/src/shared/venue/venue-rules.ts';

const EVENT = '0b7c6f3e-1d2a-4c55-9a8e-2f0c1b7d9e10';
const OTHER = '1b7c6f3e-1d2a-4c55-9a8e-2f0c1b7d9e10';

const server = (overrides: Partial<VenueServer>): VenueServer => ({
  role: 'kiosk',
  device_id: 'd',
  name: 'Door',
  origins: [],
  events: [EVENT],
  last_seen_at: null,
  ...overrides,
});

describe('which calls carry on elsewhere', () => {
  it('the kiosk’s, never the dashboard’s', () => {
    expect(isKioskCall(`/public/events/${EVENT}/check-in`)).toBe(true);
    expect(isKioskCall('/public/organizations')).toBe(true);
    expect(isKioskCall(`/kiosk/api/events/${EVENT}/scan`)).toBe(true);
    expect(isKioskCall('/dashboard/api/session')).toBe(false);
    expect(isKioskCall(`/dashboard/api/events/${EVENT}/scan`)).toBe(false);
    expect(isKioskCall('/public/profile/abc')).toBe(false);
    expect(isKioskCall('/api/attendees/1')).toBe(false);
  });

  it('and which event a call or page is about', () => {
    expect(eventOfPath(`/kiosk/api/events/${EVENT}/scan`)).toBe(EVENT);
    expect(eventOfPath(`/public/events/${EVENT.toUpperCase()}`)).toBe(EVENT);
    expect(eventOfPath(`/kiosk/${EVENT}/check-in`)).toBe(EVENT);
    expect(eventOfPath(`/dashboard/events/${EVENT}/desk`)).toBe(EVENT);
    expect(eventOfPath('/public/organizations')).toBeNull();
  });
});

describe('where a page carries on', () => {
  const hub = server({ role: 'hub', device_id: null, events: null, origins: ['http://10.0.0.1:8787'] });
  const door2 = server({
    device_id: 'd2',
    origins: ['http://10.0.0.2:8787', 'https://10.0.0.2:8443'],
    last_seen_at: '2026-11-21T10:00:00+00:00',
  });
  const door3 = server({
    device_id: 'd3',
    origins: ['https://10.0.0.3:8443', 'http://10.0.0.3:8787'],
    last_seen_at: '2026-11-21T10:05:00+00:00',
  });
  const elsewhere = server({ device_id: 'd4', origins: ['http://10.0.0.4:8787'], events: [OTHER] });
  const all = [door2, elsewhere, door3, hub];

  it('the hub first, then the kiosks heard from last, serving the event, on the page’s scheme, never itself', () => {
    expect(
      failoverCandidates(all, { current: 'http://10.0.0.2:8787', protocol: 'http:', eventId: EVENT }),
    ).toEqual(['http://10.0.0.1:8787', 'http://10.0.0.3:8787']);
    expect(
      failoverCandidates(all, { current: 'http://10.0.0.1:8787', protocol: 'http:', eventId: EVENT }),
    ).toEqual(['http://10.0.0.3:8787', 'http://10.0.0.2:8787']);
    // An https page: only https servers (a browser will not let it call plain http).
    expect(
      failoverCandidates(all, { current: 'https://10.0.0.2:8443', protocol: 'https:', eventId: EVENT }),
    ).toEqual(['https://10.0.0.3:8443']);
    // No event (the start page): any server.
    expect(
      failoverCandidates(all, { current: 'http://10.0.0.1:8787', protocol: 'http:', eventId: null }),
    ).toEqual(['http://10.0.0.3:8787', 'http://10.0.0.2:8787', 'http://10.0.0.4:8787']);
  });

  it('makes a fresh idempotency key for each action', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
