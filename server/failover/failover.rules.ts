import { createHash } from 'node:crypto';
import type { VenueServer } from './failover.types.ts';

/**
 * How a page on the venue LAN carries on through another of the venue's servers when its own stops (docs/pages-that-move.md): which origins a server serves at, which origins may call the kiosk's endpoints across
 * origins, how a retried check-in stays one check-in, and what a roaming sign-in ticket says. Pure functions.
 */

/** Where a server listens, as Node reports it (`server.address()`), and with which scheme. */
export interface Listener {
  protocol: 'http' | 'https';
  address: string;
  port: number;
}

const WILDCARD = new Set(['0.0.0.0', '::', '::0', '0:0:0:0:0:0:0:0']);

const hostOf = (address: string) => (address.includes(':') ? `[${address}]` : address);

/**
 * The origins other devices reach a listener at: on every LAN address (`lanAddresses`, best first) when it listens
 * on all of them, else on the one address it listens on (a server bound to loopback is reached on loopback only,
 * which is what tests and a kiosk's own window do).
 */
export function listenerOrigins(listener: Listener, lanAddresses: readonly string[]): string[] {
  const address = listener.address.replace(/^::ffff:/i, '');
  const hosts = WILDCARD.has(address) ? lanAddresses : [address];
  return hosts.map((host) => `${listener.protocol}://${hostOf(host)}:${listener.port}`);
}

/** An origin as browsers send it: `http(s)://host[:port]`, nothing after it; at most 200 characters. */
export function isOrigin(text: string): boolean {
  if (text.length > 200 || !/^https?:\/\/[^/?#@\s]+$/i.test(text)) return false;
  try {
    return new URL(text).origin === text.toLowerCase();
  } catch {
    return false;
  }
}

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether a page at `origin` may read the answers of this server's kiosk endpoints across origins: a page of one of
 * the venue's servers (`venueOrigins`), or of this very machine (loopback: a kiosk window opened as localhost). Those
 * endpoints need no credentials and the answers carry no cookie, so this opens nothing a page could not already do
 * from the venue's own servers; it keeps a web page a visitor opens elsewhere from reading them.
 */
export function isVenueOrigin(origin: string, venueOrigins: ReadonlySet<string>): boolean {
  if (!isOrigin(origin)) return false;
  if (venueOrigins.has(origin.toLowerCase())) return true;
  return LOOPBACK_HOST.test(new URL(origin).hostname);
}

/** What a client sends as `Idempotency-Key`: 16 to 128 letters, digits, `-` and `_` (a UUID is one). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The op id of a check-in that a client asked for with an idempotency key: the same on every server, for the same
 * event, attendee and key. A page that retries a check-in on another server after its own stopped (without knowing
 * whether the first one arrived) thus makes, at worst, the same check-in twice under one op id, which the hub keeps
 * as one (sync/apply.service.ts: a check-in whose op it holds already changes nothing). The event and attendee are
 * in the hash, so a key cannot name another person's check-in.
 */
export function checkInOpIdFor(eventUuid: string, attendeeUuid: string, key: string): string {
  return createHash('sha256')
    .update(`arrivals check-in\n${eventUuid.toLowerCase()}\n${attendeeUuid.toLowerCase()}\n${key}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * A roaming sign-in ticket's content: staff member `staff` (their account's UUID) may open a session on the
 * replica whose device UUID is `aud`, once, before `exp`. The hub signs it; only that replica accepts it.
 */
export interface TicketClaims {
  id: string;
  staff: string;
  aud: string;
  exp: string;
}

/** How long a ticket lasts: a desk asks for fresh ones well before (every few minutes) while its hub answers. */
export const TICKET_LIFETIME_MS = 10 * 60 * 1000;

const base64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');

/** The ticket's signed part: `v1.` and its claims as base64url JSON. */
export function ticketBody(claims: TicketClaims): string {
  return `v1.${base64url(JSON.stringify(claims))}`;
}

export function ticketText(body: string, signature: Buffer): string {
  return `${body}.${base64url(signature)}`;
}

/** A ticket's parts, or null when it is not one (any shape but `v1.<claims>.<signature>` with the four claims). */
export function parseTicket(text: string): { body: string; claims: TicketClaims; signature: Buffer } | null {
  const match = /^(v1\.[A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{1,512})$/.exec(text);
  if (!match) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(match[1]!.slice(3), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (claims === null || typeof claims !== 'object') return null;
  const { id, staff, aud, exp } = claims as Record<string, unknown>;
  if (![id, staff, aud, exp].every((value) => typeof value === 'string')) return null;
  if (Number.isNaN(Date.parse(exp as string))) return null;
  return {
    body: match[1]!,
    claims: { id, staff, aud, exp } as TicketClaims,
    signature: Buffer.from(match[2]!, 'base64url'),
  };
}

/** Whether a ticket's claims admit it here (`device`) at `now`. */
export function ticketAdmits(claims: TicketClaims, device: string, now: Date): boolean {
  return claims.aud.toLowerCase() === device.toLowerCase() && now.getTime() < Date.parse(claims.exp);
}

const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * A server of a hub's list as a replica keeps it, or null when the entry is not one: a replica keeps only what it
 * can use, whatever its hub (or something posing as it on the LAN) answered.
 */
export function venueServerFrom(value: unknown): VenueServer | null {
  if (value === null || typeof value !== 'object') return null;
  const entry = value as Record<string, unknown>;
  if (entry.role !== 'hub' && entry.role !== 'kiosk') return null;
  if (!stringOrNull(entry.device_id) || typeof entry.name !== 'string' || !stringOrNull(entry.last_seen_at))
    return null;
  if (!strings(entry.origins) || !(entry.events === null || strings(entry.events))) return null;
  return {
    role: entry.role,
    device_id: entry.device_id,
    name: entry.name.slice(0, 255),
    origins: entry.origins.filter(isOrigin).slice(0, 16),
    events: entry.events === null ? null : entry.events.slice(0, 1000),
    last_seen_at: entry.last_seen_at,
  };
}
