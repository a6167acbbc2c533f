import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { documentAccess, type SecurityScheme } from '../platform/openapi.ts';
import { addRefusals, type RefusalMap } from '../platform/refusals.ts';
import type { StaffAccount } from './access.types.ts';
import type { NewSession } from './staff.service.ts';

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

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The dashboard's security scheme in the OpenAPI document, by its name there. */
const SCHEME = 'session';
export const SESSION_SCHEME: Record<string, SecurityScheme> = {
  [SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The staff session cookie that signing in (`POST /dashboard/api/session`) sets. Requests that change ' +
      "something must also come from the dashboard's own origin (`Origin`).",
  },
};

const accessWords = {
  public: 'No sign-in needed.',
  staff: 'Needs a signed-in staff member (owners or staff).',
  owner: 'Needs a signed-in owner.',
} as const;

/** What the hooks below refuse on a route: 401 without a session, 403 for staff on owners' routes or a foreign Origin. */
function sessionRefusals(access: 'public' | 'staff' | 'owner', unsafe: boolean): RefusalMap {
  const forbidden = [
    ...(unsafe ? [messages.originRefused] : []),
    ...(access === 'owner' ? [messages.ownersOnly] : []),
  ];
  return {
    ...(access === 'public' ? {} : { 401: [messages.signInRequired] }),
    ...(forbidden.length > 0 ? { 403: forbidden } : {}),
  };
}

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
  const { staff } = scope.ctx;
  scope.decorateRequest('staff', null);

  scope.addHook('onRoute', (route) => {
    const access = route.config?.access ?? 'staff';
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    addRefusals(
      route.schema,
      sessionRefusals(
        access,
        methods.some((method) => UNSAFE_METHODS.has(method)),
      ),
    );
    documentAccess(route.schema, {
      security: access === 'public' ? [] : [{ [SCHEME]: [] }],
      description: accessWords[access],
    });
  });

  scope.addHook('onRequest', async (request) => {
    if (UNSAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
      throw new HttpError(403, messages.originRefused);
    }
    const value = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (value) request.staff = staff.staffOfSession(value);
    const access = request.routeOptions.config.access ?? 'staff';
    if (access === 'public') return;
    if (!request.staff) throw new HttpError(401, messages.signInRequired);
    if (access === 'owner' && request.staff.role !== 'owner') throw new HttpError(403, messages.ownersOnly);
  });
}

/** Sets the cookie of a session just started. */
export function setSessionCookie(reply: FastifyReply, session: NewSession): void {
  reply.header('set-cookie', cookieHeader(session.value, session.maxAgeSeconds));
}

/** Ends the request's session, if it has one, and clears its cookie. */
export function endSessionOf(scope: FastifyInstance, request: FastifyRequest, reply: FastifyReply): void {
  const value = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (value) scope.ctx.staff.endSession(value);
  reply.header('set-cookie', cookieHeader('', 0));
}

/** The signed-in staff member; only valid in routes whose access is not public. */
export function staffOf(request: FastifyRequest): StaffAccount {
  if (!request.staff) throw new HttpError(401, messages.signInRequired);
  return request.staff;
}
