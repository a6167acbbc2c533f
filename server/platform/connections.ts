import type { Server } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { canonicalAddress } from './client-address.ts';

/**
 * How long a connection may take and how many one client may hold. A venue LAN is full of strangers' devices: a
 * client that announces a body and sends it a byte at a time, or opens hundreds of connections, must not use up the
 * server's file descriptors.
 */
export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this; then 408 and the connection closes. */
  requestTimeoutMs: number;
  /** The headers must arrive within this (no more than `requestTimeoutMs`); then 408 too. */
  headersTimeoutMs: number;
  /** A kept-alive connection with no request in flight is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests past those timeouts: a timeout fires up to this much late. */
  checkIntervalMs: number;
  /** Connections one client address may have open at once; the next one is closed at once. */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  // The largest legitimate bodies, CSV imports (a few MiB for 10,000 rows), cross a venue's Wi-Fi well within it.
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  // Node's own default; a kiosk's next request reconnects in well under a millisecond on a LAN.
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  // A browser opens at most 6 connections to a host; 64 leaves room for a household or a classroom behind one
  // NAT address, while one attacker's address cannot hold more than a quarter of a 256-descriptor limit.
  maxConnectionsPerAddress: 64,
};

/**
 * The timeouts as `Fastify()` options. Node's HTTP server checks them every `connectionsCheckingInterval`, which
 * only its constructor takes, and refuses a headers timeout above the request timeout there: so they go in through
 * `http` as well as Fastify's own `requestTimeout` and `keepAliveTimeout` (which it sets again afterwards).
 */
export function timeoutOptions(limits: ConnectionLimits): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'keepAliveTimeout'
> & {
  http: {
    requestTimeout: number;
    headersTimeout: number;
    keepAliveTimeout: number;
    connectionsCheckingInterval: number;
  };
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}

/**
 * Closes, as it opens, any connection beyond `max` from one client address. Closing says nothing, rather than a
 * 503: an honest browser never gets there, and writing an answer would spend on the client what the cap saves.
 * Peers that forward for others (`exempt`: trusted satellites, a reverse proxy) are not capped, since each of their
 * connections may be another client's.
 */
export function capConnectionsPerAddress(
  server: Server,
  max: number,
  exempt: (address: string) => boolean,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    if (socket.remoteAddress === undefined || exempt(socket.remoteAddress)) return;
    const address = canonicalAddress(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
