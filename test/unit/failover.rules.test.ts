import { describe, expect, it } from 'vitest';
import {
  checkInOpIdFor,
  isOrigin,
  isVenueOrigin,
  listenerOrigins,
  parseTicket,
  ticketAdmits,
  ticketBody,
  ticketText,
  venueServerFrom,
} from '../../server/failover/failover.rules.ts';

describe('where a server serves', () => {
  it('on every LAN address when it listens on all of them, else on its one address', () => {
    const lan = ['192.168.1.20', 'fd00::20'];
    expect(listenerOrigins({ protocol: 'http', address: '0.0.0.0', port: 8787 }, lan)).toEqual([
      'http://192.168.1.20:8787',
      'http://[fd00::20]:8787',
    ]);
    expect(listenerOrigins({ protocol: 'https', address: '::', port: 8443 }, lan)).toEqual([
      'https://192.168.1.20:8443',
      'https://[fd00::20]:8443',
    ]);
    expect(listenerOrigins({ protocol: 'http', address: '127.0.0.2', port: 9000 }, lan)).toEqual([
      'http://127.0.0.2:9000',
    ]);
    expect(listenerOrigins({ protocol: 'http', address: '::ffff:10.0.0.5', port: 80 }, lan)).toEqual([
      'http://10.0.0.5:80',
    ]);
    expect(listenerOrigins({ protocol: 'http', address: '0.0.0.0', port: 8787 }, [])).toEqual([]);
  });
});

describe('origins', () => {
  it.each([
    ['http://192.168.1.20:8787', true],
    ['https://kiosk.local:8443', true],
    ['http://[fd00::1]:8787', true],
    ['http://192.168.1.20:8787/', false],
    ['http://192.168.1.20:8787/kiosk', false],
    ['http://user@192.168.1.20', false],
    ['javascript:alert(1)', false],
    ['ftp://192.168.1.20', false],
    [`http://${'a'.repeat(200)}.example`, false],
    ["http://a.example'; script-src *", false],
  ])('%s is an origin: %s', (text, expected) => expect(isOrigin(text)).toBe(expected));

  it('a page of the venue, or of this machine, may call across origins; no other', () => {
    const venue = new Set(['http://192.168.1.20:8787', 'http://192.168.1.31:8787']);
    expect(isVenueOrigin('http://192.168.1.31:8787', venue)).toBe(true);
    expect(isVenueOrigin('HTTP://192.168.1.31:8787', venue)).toBe(true);
    expect(isVenueOrigin('http://localhost:5173', venue)).toBe(true);
    expect(isVenueOrigin('http://127.0.0.1:8787', venue)).toBe(true);
    expect(isVenueOrigin('http://[::1]:8787', venue)).toBe(true);
    expect(isVenueOrigin('http://192.168.1.31:9999', venue)).toBe(false);
    expect(isVenueOrigin('https://evil.example', venue)).toBe(false);
    expect(isVenueOrigin('null', venue)).toBe(false);
    expect(isVenueOrigin('http://localhost.evil.example', venue)).toBe(false);
  });
});

describe('idempotent check-ins', () => {
  it('the same key makes the same op id for one attendee, and another for anyone else', () => {
    const event = '1f0c6d1e-4f1a-4c37-9a55-0c2f4f1b2a10';
    const ada = '2f0c6d1e-4f1a-4c37-9a55-0c2f4f1b2a10';
    const grace = '3f0c6d1e-4f1a-4c37-9a55-0c2f4f1b2a10';
    const key = 'b6f7c1d2-1111-4222-8333-944455556666';
    expect(checkInOpIdFor(event, ada, key)).toMatch(/^[0-9a-f]{32}$/);
    expect(checkInOpIdFor(event, ada, key)).toBe(checkInOpIdFor(event.toUpperCase(), ada.toUpperCase(), key));
    expect(checkInOpIdFor(event, grace, key)).not.toBe(checkInOpIdFor(event, ada, key));
    expect(checkInOpIdFor(event, ada, `${key}x`)).not.toBe(checkInOpIdFor(event, ada, key));
  });
});

describe('roaming tickets', () => {
  const claims = { id: 'abc', staff: 's-1', aud: 'DEVICE-1', exp: '2026-11-21T10:10:00+00:00' };

  it('read back what was written, and admit only their kiosk before they expire', () => {
    const text = ticketText(ticketBody(claims), Buffer.from('signature'));
    const parsed = parseTicket(text)!;
    expect(parsed.claims).toEqual(claims);
    expect(parsed.signature.toString()).toBe('signature');
    expect(ticketAdmits(parsed.claims, 'device-1', new Date('2026-11-21T10:09:59Z'))).toBe(true);
    expect(ticketAdmits(parsed.claims, 'device-1', new Date('2026-11-21T10:10:00Z'))).toBe(false);
    expect(ticketAdmits(parsed.claims, 'device-2', new Date('2026-11-21T10:00:00Z'))).toBe(false);
  });

  it.each([
    'v1.abc',
    'v2.eyJ9.sig',
    `v1.${Buffer.from('not json').toString('base64url')}.sig`,
    `v1.${Buffer.from(JSON.stringify({ ...claims, exp: 'soon' })).toString('base64url')}.sig`,
    `v1.${Buffer.from(JSON.stringify({ ...claims, aud: 7 })).toString('base64url')}.sig`,
    `v1.${Buffer.from('null').toString('base64url')}.sig`,
  ])('%s is no ticket', (text) => expect(parseTicket(text)).toBeNull());
});

describe("a hub's list, as a replica keeps it", () => {
  it('keeps well-formed servers, drops bad origins, refuses anything else', () => {
    const server = {
      role: 'kiosk',
      device_id: 'd-1',
      name: 'Door 2',
      origins: ['http://192.168.1.31:8787', 'javascript:alert(1)'],
      events: ['e-1'],
      last_seen_at: null,
    };
    expect(venueServerFrom(server)).toEqual({ ...server, origins: ['http://192.168.1.31:8787'] });
    expect(venueServerFrom({ ...server, role: 'admin' })).toBeNull();
    expect(venueServerFrom({ ...server, origins: 'http://x' })).toBeNull();
    expect(venueServerFrom({ ...server, events: [1] })).toBeNull();
    expect(venueServerFrom(null)).toBeNull();
  });
});
