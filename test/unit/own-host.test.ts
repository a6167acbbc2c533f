import { describe, expect, it } from 'vitest';
import {
  hostNameOf,
  isDashboardApiPath,
  isSameOrigin,
  ownHostCheck,
} from '../../server/platform/own-host.ts';

describe('hostNameOf', () => {
  it.each([
    ['localhost:8787', 'localhost'],
    ['LOCALHOST', 'localhost'],
    ['localhost.:8787', 'localhost'],
    ['[::1]:8787', '::1'],
    ['[0:0:0:0:0:0:0:1]', '::1'],
    ['0x7f.1:8787', '127.0.0.1'],
    ['checkin.venue.lan', 'checkin.venue.lan'],
  ])('%j names %j', (value, name) => {
    expect(hostNameOf(value)).toBe(name);
  });

  it.each(['', 'attacker.example@localhost', 'localhost/x', 'localhost?x', 'localhost#x', 'a b', '[::1'])(
    '%j is no host',
    (value) => {
      expect(hostNameOf(value)).toBeNull();
    },
  );
});

describe('ownHostCheck', () => {
  const check = (addresses: string[], allowedHosts: string[] = []) =>
    ownHostCheck({ hostname: () => 'Kiosk-1.venue.lan', interfaceAddresses: () => addresses, allowedHosts });

  it("answers to loopback, the machine's names and addresses, the address reached and configured names", () => {
    const isOwnHost = check(['192.168.1.23', 'fe80::1', '::ffff:10.0.0.9'], ['Checkin.Example.org']);
    for (const host of [
      'localhost:8787',
      '127.0.0.1:8787',
      '[::1]:8787',
      'kiosk-1.venue.lan:8787',
      'kiosk-1.local',
      'kiosk-1',
      '192.168.1.23:8787',
      '[fe80::1]:8787',
      '10.0.0.9',
      'checkin.example.org',
    ]) {
      expect(isOwnHost(host, undefined), host).toBe(true);
    }
    expect(isOwnHost('172.17.0.5:8787', '::ffff:172.17.0.5')).toBe(true);
  });

  it('refuses any other name, a missing Host and an address the machine does not have', () => {
    const isOwnHost = check(['192.168.1.23']);
    for (const host of [
      'attacker.example:8787',
      'localhost.attacker.example',
      '192.168.1.24',
      '',
      undefined,
    ]) {
      expect(isOwnHost(host, '192.168.1.23'), String(host)).toBe(false);
    }
  });

  it('reads the addresses again on a miss, so a new DHCP lease is known at once', () => {
    let addresses = ['192.168.1.23'];
    const isOwnHost = ownHostCheck({ hostname: () => 'kiosk', interfaceAddresses: () => addresses });
    expect(isOwnHost('192.168.7.4', undefined)).toBe(false);
    addresses = ['192.168.7.4'];
    expect(isOwnHost('192.168.7.4', undefined)).toBe(true);
  });
});

describe('isSameOrigin', () => {
  it.each([
    ['http://127.0.0.1:8787', '127.0.0.1:8787', 'http', true],
    ['http://localhost', 'localhost:80', 'http', true],
    ['https://127.0.0.1:8787', '127.0.0.1:8787', 'http', false],
    ['https://localhost', 'localhost:443', 'https', true],
    ['http://localhost:443', 'localhost:443', 'https', false],
    ['http://127.0.0.1:8788', '127.0.0.1:8787', 'http', false],
    ['http://attacker.example:8787', '127.0.0.1:8787', 'http', false],
    ['null', '127.0.0.1:8787', 'http', false],
    [undefined, '127.0.0.1:8787', 'http', false],
  ] as const)('Origin %j on Host %j over %s: %j', (origin, host, protocol, same) => {
    expect(isSameOrigin(origin, host, protocol)).toBe(same);
  });
});

describe('isDashboardApiPath', () => {
  it.each([
    '/dashboard/api/session',
    '/dashboard/%61pi/session',
    '/%64ashboard/api/session',
    '/dash\tboard/api/session',
    '/dash\nboard/api/session',
    '/dash\rboard/api/session',
    '/public/../dashboard/api/session',
    '//dashboard/api/session',
    '/dashboard\\api/session',
  ])('%j is routed to the dashboard API', (url) => {
    expect(isDashboardApiPath(url)).toBe(true);
  });

  it.each([
    '/public/events/x/check-in',
    '/dashboard',
    '/dashboard/',
    '/Dashboard/api/session',
    '/kiosk/dashboard/api/',
  ])('%j is not', (url) => {
    expect(isDashboardApiPath(url)).toBe(false);
  });
});
