import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  DestinationRefusedError,
  publicOnlyLookup,
  type ResolveAll,
} from '../../server/webhooks/destination-agent.ts';
import {
  isListedDestination,
  isPublicAddress,
  isUrlAllowedAtSave,
  normalizeLanHost,
} from '../../server/webhooks/destination.rules.ts';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['203.0.114.9', true],
    ['2606:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['169.254.169.254', false],
    ['fe80::1', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.0.1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['224.0.0.251', false],
    ['ff02::1', false],
    ['255.255.255.255', false],
    ['192.0.2.1', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['not an address', false],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('normalizeLanHost', () => {
  it.each([
    ['192.168.1.20:8080', '192.168.1.20:8080'],
    ['192.168.1.20', '192.168.1.20'],
    [' Printer.Local ', 'printer.local'],
    ['printer.local:80', 'printer.local:80'],
    ['[::1]:9000', '[::1]:9000'],
    ['::1', '[::1]'],
    ['[FD00:0::7]', '[fd00::7]'],
    ['0x7f.1:99', '127.0.0.1:99'],
    ['münchen.example', 'xn--mnchen-3ya.example'],
    ['127.0.0.1:0', null],
    ['127.0.0.1:65536', null],
    ['http://192.168.1.20/', null],
    ['printer.local/path', null],
    ['user@printer.local', null],
    ['a b', null],
    ['[::1', null],
    ['host:', null],
    ['', null],
  ])('%j -> %j', (text, expected) => {
    expect(normalizeLanHost(text)).toBe(expected);
  });
});

describe('isListedDestination', () => {
  const listed = ['192.168.1.20:8080', 'printer.local', '[::1]:9000'];
  it.each([
    ['192.168.1.20', 8080, true],
    ['192.168.1.20', 80, false],
    ['printer.local', 631, true],
    ['[::1]', 9000, true],
    ['[::1]', 9001, false],
    ['192.168.1.21', 8080, false],
  ])('%s port %d -> %s', (hostname, port, expected) => {
    expect(isListedDestination(listed, hostname, port)).toBe(expected);
  });
});

describe('isUrlAllowedAtSave', () => {
  it.each([
    ['https://crm.example.com/hooks', [], true],
    ['http://localhost:8080/', [], true],
    ['http://8.8.8.8/', [], true],
    ['http://127.0.0.1:8080/', [], false],
    ['http://127.0.0.1:8080/', ['127.0.0.1:8080'], true],
    ['http://127.0.0.1:8081/', ['127.0.0.1:8080'], false],
    ['http://127.0.0.1/', ['127.0.0.1:80'], true],
    ['https://127.0.0.1/', ['127.0.0.1:80'], false],
    ['http://127.0.0.1:1234/', ['127.0.0.1'], true],
    ['http://[::1]:9000/', ['[::1]:9000'], true],
    ['http://[::ffff:127.0.0.1]/', ['127.0.0.1'], false],
    ['http://2130706433/', [], false],
  ] as const)('%s with %j -> %s', (url, listed, expected) => {
    expect(isUrlAllowedAtSave(url, listed)).toBe(expected);
  });
});

describe('publicOnlyLookup', () => {
  /** A resolver that answers `addresses` for every name. */
  const resolvingTo =
    (...addresses: string[]): ResolveAll =>
    (_hostname, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );

  function lookup(resolve: ResolveAll, all: boolean) {
    return new Promise<{ error: Error | null; address: unknown; family?: number }>((resolveResult) =>
      publicOnlyLookup(resolve)('hooks.example', { all } as dns.LookupOptions, (error, address, family) =>
        resolveResult({ error, address, family }),
      ),
    );
  }

  it('keeps only the public addresses, in the form asked for', async () => {
    const mixed = resolvingTo('127.0.0.1', '93.184.215.14', '::1', '2606:2800:21f:cb07::1');
    expect(await lookup(mixed, true)).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07::1', family: 6 },
      ],
      family: undefined,
    });
    expect(await lookup(mixed, false)).toEqual({ error: null, address: '93.184.215.14', family: 4 });
  });

  it('refuses a name that resolves only to loopback, LAN or link-local addresses', async () => {
    for (const all of [true, false]) {
      const { error } = await lookup(resolvingTo('127.0.0.1', '::1', '10.0.0.5', '169.254.169.254'), all);
      expect(error).toBeInstanceOf(DestinationRefusedError);
      expect(error).toMatchObject({ code: 'ARRIVALS_DESTINATION_REFUSED' });
    }
  });

  it('passes a resolver error on as it is', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    const { error } = await lookup((_h, _o, callback) => callback(notFound, []), true);
    expect(error).toBe(notFound);
  });
});
