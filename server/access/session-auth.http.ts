import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { documentAccess, type SecurityScheme } from '../platform/openapi.ts';
import { isDashboardApiPath, isSameOrigin } from '../platform/own-host.ts';
import { addRefusals, type RefusalMap } from '../platform/refusals.ts';
import type { StaffAccount } from './access.types.ts';
import type { NewSession } from './staff.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, inside the dashboard scope. */
    staff: StaffAccount | null;
    /** Set when this request moved its session's expiry on: the cookie is sent again with that Max-Age. */
    renewedSession: NewSession | null;
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

/**
 * What the hooks below refuse on a route: 421 for a Host not its own, 401 without a session, 403 for staff on owners'
 * routes or a foreign Origin.
 */
function sessionRefusals(access: 'public' | 'staff' | 'owner', unsafe: boolean): RefusalMap {
  const forbidden = [
    ...(unsafe ? [messages.originRefused] : []),
    ...(access === 'owner' ? [messages.ownersOnly] : []),
  ];
  return {
    // Every dashboard route checks the Host first (DNS rebinding).
    421: [messages.hostRefused],
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

/** Whether a request's Host names this server (platform/own-host.ts), given the address the connection reached. */
export type OwnHostCheck = (hostHeader: string | undefined, localAddress: string | undefined) => boolean;

/**
 * Hooks for the dashboard scope: the Host check, the origin check, session lookup (sliding expiry), access by
 * role.
 *
 * The Host check defeats DNS rebinding: a page on `attacker.example` whose name is made to point at this server
 * reaches it with `Host: attacker.example`, and is refused before anything else runs. Browsers send Origin on
 * every cross-site and same-site POST; a state-changing request whose Origin is missing, or is not this server's
 * own scheme, host and port, is refused, which stops cross-site request forgery even where SameSite is not
 * honoured.
 */
export function registerSessionAuthentication(scope: FastifyInstance, isOwnHost: OwnHostCheck): void {
  const { staff } = scope.ctx;
  scope.decorateRequest('staff', null);
  scope.decorateRequest('renewedSession', null);

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
    if (!isOwnHost(request.headers.host, request.socket.localAddress)) {
      throw new HttpError(421, messages.hostRefused);
    }
    const { origin, host } = request.headers;
    if (UNSAFE_METHODS.has(request.method) && !isSameOrigin(origin, host, request.protocol)) {
      throw new HttpError(403, messages.originRefused);
    }
    const value = readCookie(request.headers.cookie, SESSION_COOKIE);
    const session = value ? staff.staffOfSession(value) : null;
    if (session) {
      request.staff = session.staff;
      if (session.renewedMaxAgeSeconds !== null) {
        request.renewedSession = { value: value!, maxAgeSeconds: session.renewedMaxAgeSeconds };
      }
    }
    const access = request.routeOptions.config.access ?? 'staff';
    if (access === 'public') return;
    if (!request.staff) throw new HttpError(401, messages.signInRequired);
    if (access === 'owner' && request.staff.role !== 'owner') throw new HttpError(403, messages.ownersOnly);
  });

  // The browser's copy of the cookie would otherwise run out 12 hours after sign-in while the server's session
  // slides on. Sign-in, setup and sign-out set their own cookie, and theirs must be the one that stays.
  scope.addHook('onSend', async (request, reply) => {
    if (request.renewedSession && !reply.hasHeader('set-cookie'))
      setSessionCookie(reply, request.renewedSession);
  });
}

const LOOPBACK_ADDRESSES = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether the request was made on this machine: its socket's peer is a loopback address. X-Forwarded-For is
 * never believed for this; on the contrary, a request that carries a forwarding header came through a proxy (a
 * satellite on this machine, say) from somewhere else, so it does not count as local.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK_ADDRESSES.test(peer) && !forwarded;
}

/**
 * The Host check of `registerSessionAuthentication`, for a server that forwards dashboard paths rather than routing
 * them itself (a satellite, a replica's paths the hub answers): forwarding renames Host to the hub's, so the check
 * must happen here, on every path the hub would route to the dashboard API.
 */
export function registerDashboardHostCheck(app: FastifyInstance, isOwnHost: OwnHostCheck): void {
  app.addHook('onRequest', async (request) => {
    if (isDashboardApiPath(request.url) && !isOwnHost(request.headers.host, request.socket.localAddress)) {
      throw new HttpError(421, messages.hostRefused);
    }
  });
}

/** The session cookie's value the request carries, if any. */
export function sessionValueOf(request: FastifyRequest): string | null {
  return readCookie(request.headers.cookie, SESSION_COOKIE);
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
