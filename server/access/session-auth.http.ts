import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashApiToken } from '../platform/secrets.ts';
import { toTimestamp } from '../platform/time.ts';
import type { StaffAccount } from '../platform/types.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, inside the dashboard scope. */
    staff: StaffAccount | null;
  }
  interface FastifyContextConfig {
    /** Who may call a dashboard route: anyone (sign-in, setup), any signed-in staff, or owners only. */
    access?: 'public' | 'staff' | 'owner';
  }
}

export const SESSION_COOKIE = 'arrivals_session';
/** A session ends after 12 idle hours: a day at the venue, not a week on a shared laptop. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const SESSION_REFRESH_MS = 60_000;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * httpOnly so page scripts cannot read it, SameSite=Strict so no other site can send it. Not `Secure`: the
 * dashboard is served over plain HTTP on the venue LAN, where a Secure cookie would never be sent back.
 */
function cookieHeader(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}`;
}

/**
 * Browsers send Origin on every cross-site and same-site POST; a state-changing request whose Origin is missing
 * or names another host is refused, which stops cross-site request forgery even where SameSite is not honoured.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const { origin, host } = request.headers;
  if (!origin || !host) return false;
  try {
    // Through URL on both sides, so `http://kiosk:80` and `kiosk` compare equal.
    return new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}

/** Hooks for the dashboard scope: origin check, session lookup (sliding expiry), access by role. */
export function registerSessionAuthentication(scope: FastifyInstance): void {
  const { repos, clock } = scope.ctx;
  scope.decorateRequest('staff', null);

  scope.addHook('onRequest', async (request) => {
    if (UNSAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
      throw new HttpError(403, messages.originRefused);
    }
    const value = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (value) {
      const session = repos.staff.findSession(hashApiToken(value));
      const now = clock.now();
      if (session && Date.parse(session.expiresAt) > now.getTime()) {
        request.staff = session.staff;
        if (now.getTime() - Date.parse(session.lastSeenAt) >= SESSION_REFRESH_MS) {
          repos.staff.extendSession(
            session.sessionId,
            toTimestamp(now),
            toTimestamp(new Date(now.getTime() + SESSION_IDLE_MS)),
          );
        }
      }
    }
    const access = request.routeOptions.config.access ?? 'staff';
    if (access === 'public') return;
    if (!request.staff) throw new HttpError(401, messages.signInRequired);
    if (access === 'owner' && request.staff.role !== 'owner') throw new HttpError(403, messages.ownersOnly);
  });
}

/** Starts a session for `staff` and sets its cookie. */
export function startSession(scope: FastifyInstance, reply: FastifyReply, staff: StaffAccount): void {
  const { repos, clock } = scope.ctx;
  const value = randomBytes(32).toString('base64url');
  const now = clock.now();
  repos.staff.removeExpiredSessions(toTimestamp(now));
  repos.staff.createSession(
    hashApiToken(value),
    staff.id,
    toTimestamp(now),
    toTimestamp(new Date(now.getTime() + SESSION_IDLE_MS)),
  );
  reply.header('set-cookie', cookieHeader(value, SESSION_IDLE_MS / 1000));
}

export function endSession(scope: FastifyInstance, request: FastifyRequest, reply: FastifyReply): void {
  const value = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (value) scope.ctx.repos.staff.removeSession(hashApiToken(value));
  reply.header('set-cookie', cookieHeader('', 0));
}

/** The signed-in staff member; only valid in routes whose access is not public. */
export function staffOf(request: FastifyRequest): StaffAccount {
  if (!request.staff) throw new HttpError(401, messages.signInRequired);
  return request.staff;
}
