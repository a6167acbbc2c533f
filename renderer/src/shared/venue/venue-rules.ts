import type { Schema } from '../api/types.ts';

/**
 * What a page needs to decide where to carry on when its server stops (docs/pages-that-move.md), as pure
 * functions: which calls may go to another server, which event a call is about, and which servers to try.
 */

export type VenueServer = Schema<'VenueServer'>;

/**
 * The kiosk's calls: they carry no credentials, so the page makes them on another of the venue's servers across
 * origins (the server allows pages of the venue: server/failover/failover-cors.http.ts). The dashboard's own API
 * rides on a session cookie that never leaves its server: a desk moves by loading its page from another server.
 */
const KIOSK_PATHS = [/^\/public\/events\//, /^\/public\/organizations(\/|$)/, /^\/kiosk\/api\//];

export function isKioskCall(pathname: string): boolean {
  return KIOSK_PATHS.some((path) => path.test(pathname));
}

/** The event a call or a page is about: `/public/events/{uuid}/…`, `/kiosk/api/events/{uuid}/…`, `/kiosk/{uuid}`. */
export function eventOfPath(pathname: string): string | null {
  const match =
    /^\/(?:public\/events|kiosk\/api\/events|dashboard\/api\/events|kiosk|dashboard\/events)\/([0-9a-f-]{36})(?:\/|$)/i.exec(
      pathname,
    );
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The origins to try, best first, when the page's server (`current`) stops: each server's first origin of the page's
 * own scheme (an https page cannot call an http server, and an http page keeps to http), the hub first, then the
 * kiosks the hub heard from most recently; never `current`, and only servers that serve `eventId` (when the page is
 * about one).
 */
export function failoverCandidates(
  servers: readonly VenueServer[],
  options: { current: string; protocol: string; eventId: string | null },
): string[] {
  const serves = (server: VenueServer) =>
    options.eventId === null ||
    server.events === null ||
    server.events.some((event) => event.toLowerCase() === options.eventId);
  const seen = (server: VenueServer) => Date.parse(server.last_seen_at ?? '') || 0;
  const ordered = [...servers]
    .filter(serves)
    .sort((a, b) => (a.role === b.role ? seen(b) - seen(a) : a.role === 'hub' ? -1 : 1));
  const current = options.current.toLowerCase();
  const origins: string[] = [];
  for (const server of ordered) {
    const own = server.origins.filter((origin) => origin.toLowerCase().startsWith(`${options.protocol}//`));
    if (own.some((origin) => origin.toLowerCase() === current)) continue;
    if (own[0] && !origins.includes(own[0])) origins.push(own[0]);
  }
  return origins;
}

/** An idempotency key for one action: 128 random bits, hex (crypto.randomUUID needs a secure page; this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
