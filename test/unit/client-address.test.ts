import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  clientAddress,
  DEFAULT_TRUSTED_SATELLITES,
  forwardingTrust,
  parseTrustedAddress,
  trustedSatellites,
} from '../../server/platform/client-address.ts';

describe('--trusted-satellite values', () => {
  it.each([
    ['192.168.1.21', '192.168.1.21'],
    [' 192.168.1.0/24 ', '192.168.1.0/24'],
    ['fe80::1', 'fe80::1'],
    ['FD00::/8', 'fd00::/8'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
  ])('%j is taken as %j', (text, parsed) => {
    expect(parseTrustedAddress(text)).toBe(parsed);
  });

  it.each([
    '',
    'hub.local',
    '192.168.1',
    '3232235797',
    '0xc0.0.2.7',
    '192.168.1.0/33',
    '::/129',
    '1.2.3.4/8/8',
    '1.2.3.4/x',
  ])('%j is refused', (text) => {
    expect(parseTrustedAddress(text)).toBeNull();
  });
});

describe('which peers are trusted satellites', () => {
  it('by default, loopback only, in both address families and as an IPv4-mapped address', () => {
    const trusted = trustedSatellites(DEFAULT_TRUSTED_SATELLITES);
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])
      expect(trusted(address), address).toBe(true);
    for (const address of ['192.168.1.21', '10.0.0.1', '::ffff:192.168.1.21', 'fe80::1', 'not an address']) {
      expect(trusted(address), address).toBe(false);
    }
  });

  it('configured addresses and ranges, however the peer connects', () => {
    const trusted = trustedSatellites(['192.168.1.21', '10.1.0.0/16', 'fd00::/8']);
    expect(trusted('192.168.1.21')).toBe(true);
    expect(trusted('::ffff:192.168.1.21')).toBe(true);
    expect(trusted('10.1.200.3')).toBe(true);
    expect(trusted('fd12::7')).toBe(true);
    expect(trusted('192.168.1.22')).toBe(false);
    expect(trusted('10.2.0.1')).toBe(false);
    // Answers are remembered: asking again gives the same.
    expect(trusted('192.168.1.22')).toBe(false);
  });
});

describe("Fastify's trustProxy", () => {
  it('believes a trusted satellite about one hop only: the entry it added', () => {
    const { trustProxy, forwardsForOthers, readsForwardedHost } = forwardingTrust({
      reverseProxy: false,
      satellites: ['192.168.1.21'],
    });
    if (!trustProxy) throw new Error('expected a trust function');
    expect(trustProxy('192.168.1.21', 0)).toBe(true);
    // The client's own claims, further left in X-Forwarded-For, are never walked into.
    expect(trustProxy('192.168.1.21', 1)).toBe(false);
    expect(trustProxy('192.168.1.99', 0)).toBe(false);
    expect(forwardsForOthers('192.168.1.21')).toBe(true);
    expect(readsForwardedHost).toBe(false);
  });

  it('with --trust-proxy believes any peer, one hop, and its X-Forwarded-Host', () => {
    const { trustProxy, forwardsForOthers, readsForwardedHost } = forwardingTrust({
      reverseProxy: true,
      satellites: [],
    });
    if (!trustProxy) throw new Error('expected a trust function');
    expect(trustProxy('203.0.113.5', 0)).toBe(true);
    expect(trustProxy('203.0.113.5', 1)).toBe(false);
    expect(forwardsForOthers('203.0.113.5')).toBe(true);
    expect(readsForwardedHost).toBe(true);
  });

  it('trusts nobody when there is neither a satellite nor a proxy', () => {
    expect(forwardingTrust({ reverseProxy: false, satellites: [] }).trustProxy).toBe(false);
  });

  it('compares IPv4-mapped addresses as IPv4', () => {
    expect(canonicalAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(canonicalAddress('::ffff:c000:207')).toBe('::ffff:c000:207');
    expect(canonicalAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('the client address a per-IP limit counts', () => {
  /** What a Fastify app with this trust says of a request: its own `request.ip`, and `clientAddress`. */
  async function addressesSeen(
    trust: { reverseProxy: boolean; satellites: readonly string[] },
    remoteAddress: string,
    forwardedFor?: string,
  ): Promise<{ ip: string; client: string }> {
    const app = Fastify({ trustProxy: forwardingTrust(trust).trustProxy });
    app.get('/', async (request) => ({ ip: request.ip, client: clientAddress(request) }));
    const res = await app.inject({
      url: '/',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    await app.close();
    return res.json();
  }

  it.each([
    [
      'a peer that sends no X-Forwarded-For, trusted or not',
      DEFAULT_TRUSTED_SATELLITES,
      '127.0.0.1',
      undefined,
      '127.0.0.1',
    ],
    ['an IPv4 client on a dual-stack socket', [], '::ffff:192.0.2.7', undefined, '192.0.2.7'],
    [
      "a trusted satellite's last X-Forwarded-For entry",
      DEFAULT_TRUSTED_SATELLITES,
      '127.0.0.1',
      '198.51.100.1, 192.0.2.9',
      '192.0.2.9',
    ],
    ['a stranger, whatever it forwards', [], '192.0.2.50', '198.51.100.1', '192.0.2.50'],
  ])('is %s, as Fastify names it', async (_, satellites, remoteAddress, forwardedFor, expected) => {
    const seen = await addressesSeen({ reverseProxy: false, satellites }, remoteAddress, forwardedFor);
    expect(seen.client).toBe(expected);
    expect(seen.client).toBe(canonicalAddress(seen.ip));
  });

  it("is a reverse proxy's last X-Forwarded-For entry under --trust-proxy", async () => {
    const seen = await addressesSeen(
      { reverseProxy: true, satellites: [] },
      '10.0.0.2',
      '::ffff:203.0.113.4',
    );
    expect(seen).toEqual({ ip: '::ffff:203.0.113.4', client: '203.0.113.4' });
  });
});
