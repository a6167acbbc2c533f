import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { ArrivalStep } from './arrival.ts';

/**
 * Who the client is. A request's address is its socket's, except when it comes through a satellite the hub knows:
 * a satellite forwards every request and names the real client in X-Forwarded-For (satellite/proxy.routes.ts), so
 * the per-IP limits count each attendee's phone, not the satellite. Which satellites are known is this module's one
 * seam: for now, loopback and the addresses staff configure (`--trusted-satellite`); paired devices will replace it.
 */

/** Satellites trusted without configuration: one on this machine (loopback). */
export const DEFAULT_TRUSTED_SATELLITES: readonly string[] = ['127.0.0.0/8', '::1'];

/** An address as the server compares it: an IPv4-mapped IPv6 address (`::ffff:192.0.2.7`) as its IPv4 form. */
export function canonicalAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/**
 * The client's address, canonical: `request.ip` (Fastify's, which believes X-Forwarded-For as `trustProxy` says),
 * read straight from the socket when the request has no X-Forwarded-For, where Fastify would answer the socket's
 * address too, after building an array of addresses and asking the trust function about it. Every rate-limited
 * request asks.
 */
export function clientAddress(request: FastifyRequest): string {
  const address =
    request.headers['x-forwarded-for'] === undefined ? request.socket.remoteAddress! : request.ip;
  return canonicalAddress(address);
}

/**
 * An address or CIDR range as typed after `--trusted-satellite`, checked and normalised; null when it is neither.
 * Only the usual notations: `192.0.2.7`, `192.0.2.0/24`, `fe80::1`, `fd00::/8` (not `3221225991` or `0xc0.0.2.7`).
 */
export function parseTrustedAddress(text: string): string | null {
  const value = text.trim();
  const [address = '', bits, ...rest] = value.split('/');
  if (rest.length > 0) return null;
  const isIPv4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (!isIPv4 && !ipaddr.IPv6.isValid(address)) return null;
  if (bits === undefined) return ipaddr.process(address).toString();
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (isIPv4 ? 32 : 128)) return null;
  const [range, prefix] = ipaddr.parseCIDR(`${address}/${bits}`);
  return `${range.toString()}/${prefix}`;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function toRange(entry: string): Range {
  if (entry.includes('/')) return ipaddr.parseCIDR(entry);
  const address = ipaddr.process(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/**
 * `trustedProxy(address)`: whether a peer at `address` is a satellite whose X-Forwarded-For names the client.
 * Answers are remembered per address (a venue has few peers; the memory is bounded), so a forwarded request costs a
 * map lookup rather than parsing an address.
 */
export function trustedSatellites(entries: readonly string[]): (address: string) => boolean {
  const ranges = entries.map(toRange);
  const known = new Map<string, boolean>();
  return (address) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      let parsed: ipaddr.IPv4 | ipaddr.IPv6 | null = null;
      try {
        parsed = ipaddr.process(address);
      } catch {
        // Not an IP address (a Unix socket's peer): no satellite.
      }
      trusted =
        parsed !== null &&
        ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
      if (known.size >= 1_024) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

/** What Fastify's `trustProxy` is given, and which peers' connections are not capped (platform/connections.ts). */
export interface ForwardingTrust {
  /** Fastify's trustProxy: a function of `(address, hop)`, hop 0 being the socket's peer; false trusts nobody. */
  trustProxy: false | ((address: string, hop: number) => boolean);
  /** Whether a peer forwards for others, so that many connections from it are many clients. */
  forwardsForOthers: (address: string) => boolean;
  /** Whether X-Forwarded-Host and X-Forwarded-Proto may be believed (only from a reverse proxy). */
  readsForwardedHost: boolean;
}

/**
 * Only the peer itself is believed, and only about the one hop it added: X-Forwarded-For's last entry. Entries
 * before it were written by whoever sent the request to the peer, so trusting them would let a client name itself.
 *
 * `reverseProxy` (`--trust-proxy`): a reverse proxy sits in front and every connection is its own, so every peer
 * is believed, and its X-Forwarded-Host and -Proto too. Otherwise only the trusted satellites, and only for
 * X-Forwarded-For: a satellite never sets the others.
 */
export function forwardingTrust(options: {
  reverseProxy: boolean;
  satellites: readonly string[];
}): ForwardingTrust {
  if (options.reverseProxy) {
    return {
      trustProxy: (_address, hop) => hop === 0,
      forwardsForOthers: () => true,
      readsForwardedHost: true,
    };
  }
  if (options.satellites.length === 0) {
    return { trustProxy: false, forwardsForOthers: () => false, readsForwardedHost: false };
  }
  const isSatellite = trustedSatellites(options.satellites);
  return {
    trustProxy: (address, hop) => hop === 0 && isSatellite(address),
    forwardsForOthers: isSatellite,
    readsForwardedHost: false,
  };
}

/**
 * Fastify believes X-Forwarded-Host and X-Forwarded-Proto from any peer its trustProxy function trusts, which here
 * includes satellites and loopback. Nothing but a reverse proxy may set those: a page in a browser on this machine
 * could otherwise name any host it likes in `request.host`. So they are dropped as the request arrives.
 */
export function forwardedHeaderPolicy(trust: ForwardingTrust): ArrivalStep | null {
  if (trust.readsForwardedHost) return null;
  return ({ headers }) => {
    // Looked at before deleting: nearly no request carries them, and a delete costs more than a look.
    if (headers['x-forwarded-host'] !== undefined) delete headers['x-forwarded-host'];
    if (headers['x-forwarded-proto'] !== undefined) delete headers['x-forwarded-proto'];
    return undefined;
  };
}
