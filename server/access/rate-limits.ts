import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import ipaddr from 'ipaddr.js';
import { clientAddress } from '../platform/client-address.ts';
import type { Clock } from '../platform/clock.ts';
import { positiveInteger } from '../platform/config.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import type { DocumentedRateLimit } from '../platform/openapi.ts';
import { addRefusals } from '../platform/refusals.ts';

/** Requests per minute for each kind of caller. Defaults follow the interface document. */
export interface RateLimits {
  /** `/public/events/*`, per IP. */
  publicEvents: number;
  /** `/public/profile/*`, per IP. */
  profile: number;
  /** Any other public path (`/p/{code}`), per IP. */
  publicOther: number;
  /**
   * Check-in by scanned code at a kiosk (`/kiosk/api/events/{uuid}/scan`), a scan on a check-in list
   * (`.../check-in-lists/{list_id}/scan`), and the search by name and its check-in (`.../find`, `.../find/check-in`),
   * each counted on its own, per IP: codes and names are not for guessing.
   */
  kioskScan: number;
  /**
   * A ticket's page and API (`/t/{secret}`, `/public/tickets/{secret}...`, each route on its own), per IP: secrets
   * are not for guessing.
   */
  tickets: number;
  /** Token-authenticated requests, per token (per IP while no valid token is shown). */
  token: number;
  /** Dashboard sign-in and setup attempts, per IP. */
  signIn: number;
  /** Dashboard sign-in attempts, per account (email), from anywhere. */
  signInAccount: number;
  /**
   * A paired device's sync requests (`/sync/ops`, `/sync/changes`, each counted on its own), per device credential:
   * a replica pushes at most every `MIN_PUSH_INTERVAL_MS` and long-polls, far below it; a stolen credential cannot
   * keep a hub busy.
   */
  syncDevice: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  publicEvents: 60,
  profile: 60,
  publicOther: 10,
  kioskScan: 30,
  tickets: 30,
  token: 60,
  signIn: 10,
  signInAccount: 5,
  syncDevice: 600,
};

export const RATE_LIMIT_WINDOW_MS = 60_000;

export type RateLimitGroup = keyof RateLimits;

/**
 * Whose requests a limit counts together. `client` is the client's address, an IPv6 one by its /64 network: one
 * subscriber is usually handed a whole /64, and each of its addresses would otherwise have a budget of its own.
 */
type CountedPer = 'ip' | 'client' | 'token' | 'account' | 'device';

interface RateLimitRule {
  /** The routes it covers: a path prefix, and a method when only one is meant. */
  path: string;
  method?: 'POST';
  limits: readonly { group: RateLimitGroup; per: CountedPer }[];
  /**
   * `onRequest` counts before anything else runs; `preHandler` once the body is parsed (a per-account limit needs
   * the email from it). Token requests are counted by token authentication itself (token-auth.http.ts), which
   * knows the token first.
   */
  phase: 'onRequest' | 'preHandler' | 'token authentication';
  /** Rows naming the same budget count their routes' requests together, in one limiter. */
  budget?: string;
}

/**
 * The public writes: what anyone may do for any email, each of which can mail that address from the organization's
 * own server (a ticket, a cancellation). One budget per client for all of them, so a loop of register and cancel
 * meets the limit as soon as one route alone would.
 */
const PUBLIC_WRITES = {
  limits: [{ group: 'publicEvents', per: 'client' }],
  phase: 'onRequest',
  budget: 'public writes',
} as const satisfies Omit<RateLimitRule, 'path'>;

/**
 * Every rate limit, by path: the first matching row applies; paths that match none (documentation, the screens,
 * `/satellite/status`, unknown paths) are not limited. Requests per minute are in `RateLimits`.
 */
export const RATE_LIMIT_TABLE: readonly RateLimitRule[] = [
  { path: '/public/events/:uuid/register', method: 'POST', ...PUBLIC_WRITES },
  { path: '/public/events/:uuid/cancel', method: 'POST', ...PUBLIC_WRITES },
  { path: '/public/events/:uuid/check-in', method: 'POST', ...PUBLIC_WRITES },
  { path: '/kiosk/api/events/:uuid/register', method: 'POST', ...PUBLIC_WRITES },
  // "Send my ticket again" mails an address too (mail/ticket-again.routes.ts).
  { path: '/public/events/:uuid/ticket-again', method: 'POST', ...PUBLIC_WRITES },
  { path: '/public/events/', limits: [{ group: 'publicEvents', per: 'ip' }], phase: 'onRequest' },
  { path: '/public/organizations', limits: [{ group: 'publicEvents', per: 'ip' }], phase: 'onRequest' },
  { path: '/public/profile/', limits: [{ group: 'profile', per: 'ip' }], phase: 'onRequest' },
  { path: '/p/', limits: [{ group: 'publicOther', per: 'ip' }], phase: 'onRequest' },
  // Matched against the route's pattern, so the scan route gets its own row before the rest of the kiosk's.
  { path: '/kiosk/api/events/:uuid/scan', limits: [{ group: 'kioskScan', per: 'ip' }], phase: 'onRequest' },
  // A kiosk on a check-in list scans like the kiosk's own scan (server/lists/).
  {
    path: '/kiosk/api/events/:uuid/check-in-lists/:list_id/scan',
    limits: [{ group: 'kioskScan', per: 'ip' }],
    phase: 'onRequest',
  },
  // A badge carries the check-in code: asked by email or code like a scan, limited like one.
  { path: '/kiosk/api/events/:uuid/badge', limits: [{ group: 'kioskScan', per: 'ip' }], phase: 'onRequest' },
  // Names are not for trying either: the search and its check-in (one row for both paths) count like scans.
  { path: '/kiosk/api/events/:uuid/find', limits: [{ group: 'kioskScan', per: 'ip' }], phase: 'onRequest' },
  { path: '/kiosk/api/', limits: [{ group: 'publicEvents', per: 'ip' }], phase: 'onRequest' },
  // A ticket's secret opens it: its page and each route of its API count per IP, as scans do.
  { path: '/public/tickets/', limits: [{ group: 'tickets', per: 'ip' }], phase: 'onRequest' },
  { path: '/t/', limits: [{ group: 'tickets', per: 'ip' }], phase: 'onRequest' },
  { path: '/api/', limits: [{ group: 'token', per: 'token' }], phase: 'token authentication' },
  // A venue's hub following this server calls these with a `sync` token, in the token API's scope and its limit.
  { path: '/sync/events', limits: [{ group: 'token', per: 'token' }], phase: 'token authentication' },
  { path: '/sync/connect', limits: [{ group: 'token', per: 'token' }], phase: 'token authentication' },
  // Pairing codes are short: guessing them is throttled like a password.
  { path: '/sync/pair', method: 'POST', limits: [{ group: 'signIn', per: 'ip' }], phase: 'preHandler' },
  // A paired device's own: counted per credential, before anything is read (never on a public path).
  { path: '/sync/ops', limits: [{ group: 'syncDevice', per: 'device' }], phase: 'onRequest' },
  { path: '/sync/changes', limits: [{ group: 'syncDevice', per: 'device' }], phase: 'onRequest' },
  // Where a kiosk serves (failover/): a device says it every half minute at most; counted like its sync.
  { path: '/sync/origins', limits: [{ group: 'syncDevice', per: 'device' }], phase: 'onRequest' },
  {
    path: '/dashboard/api/setup',
    method: 'POST',
    limits: [{ group: 'signIn', per: 'ip' }],
    phase: 'preHandler',
  },
  // A roaming sign-in ticket stands for a password (failover/): tried no faster than sign-in.
  {
    path: '/dashboard/api/roaming/redeem',
    method: 'POST',
    limits: [{ group: 'signIn', per: 'ip' }],
    phase: 'preHandler',
  },
  {
    path: '/dashboard/api/session',
    method: 'POST',
    limits: [
      { group: 'signIn', per: 'ip' },
      { group: 'signInAccount', per: 'account' },
    ],
    phase: 'preHandler',
  },
];

function ruleFor(method: string, url: string): RateLimitRule | undefined {
  return RATE_LIMIT_TABLE.find(
    (rule) => url.startsWith(rule.path) && (rule.method === undefined || rule.method === method),
  );
}

/** The 429's message: the interface words the profile endpoint's own way. */
const tooManyMessage = (group: RateLimitGroup) =>
  group === 'profile' ? messages.tooManyProfileRequests : messages.tooManyAttempts;

const countedPerWords: Record<CountedPer, string> = {
  ip: 'client address',
  client: 'client (its address; an IPv6 client by its /64 network)',
  token: 'API token (per client address while no valid token is shown)',
  account: 'account (the email signed in with)',
  device: 'device (its credential; per client address without one)',
};

/**
 * How the OpenAPI document states the limit on a method and path (`RATE_LIMIT_TABLE`, the same table the limiters
 * come from), or null for a path no limit covers.
 */
export function documentedRateLimit(
  limits: RateLimits,
  method: string,
  path: string,
): DocumentedRateLimit | null {
  // The table is matched against route patterns (`:uuid`), the document's paths name parameters `{uuid}`.
  const rule = ruleFor(method, path.replace(/\{([^}]+)\}/g, ':$1'));
  if (!rule) return null;
  const each = rule.limits.map(
    ({ group, per }) => `${limits[group]} requests a minute per ${countedPerWords[per]}`,
  );
  const counted =
    rule.phase === 'preHandler'
      ? 'A request is counted once its body is read and valid: its answers from then on carry X-RateLimit-Limit, ' +
        '-Remaining and -Reset, a refusal of its origin or its body does not'
      : "A request is counted as it arrives: the route's answers carry X-RateLimit-Limit, -Remaining and -Reset, " +
        'refusals of its body included; what the server answers before the route runs (a URL it cannot read, a ' +
        'request too slow, a server closing) does not';
  if (rule.budget === PUBLIC_WRITES.budget) {
    each[0] += ', shared by register, cancel and check-in (public and kiosk)';
  }
  return {
    description: `Rate limit: ${each.join(', and ')}. ${counted}; beyond the limit, 429 with Retry-After.`,
    // Counted in onRequest (or by token authentication, first of all) every answer of the route's has the headers;
    // counted once the body is read, answers refused before that have none.
    headersOnEveryAnswer: rule.phase !== 'preHandler',
  };
}

/** A device's requests count by the credential they show; without one, by client address. */
const byDevice = (request: FastifyRequest) => request.headers.authorization ?? `ip ${byIp(request)}`;

/** The account a sign-in names: the email of its body, compared case-insensitively. */
const byAccount = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();

/** Flag or environment variable for each rate limit (requests per minute). */
export const RATE_LIMIT_SETTINGS: Record<RateLimitGroup, { flag: string; env: string }> = {
  publicEvents: { flag: 'rate-limit-public-events', env: 'ARRIVALS_RATE_LIMIT_PUBLIC_EVENTS' },
  profile: { flag: 'rate-limit-profile', env: 'ARRIVALS_RATE_LIMIT_PROFILE' },
  publicOther: { flag: 'rate-limit-public', env: 'ARRIVALS_RATE_LIMIT_PUBLIC' },
  kioskScan: { flag: 'rate-limit-kiosk-scan', env: 'ARRIVALS_RATE_LIMIT_KIOSK_SCAN' },
  tickets: { flag: 'rate-limit-tickets', env: 'ARRIVALS_RATE_LIMIT_TICKETS' },
  token: { flag: 'rate-limit-token', env: 'ARRIVALS_RATE_LIMIT_TOKEN' },
  signIn: { flag: 'rate-limit-sign-in', env: 'ARRIVALS_RATE_LIMIT_SIGN_IN' },
  signInAccount: { flag: 'rate-limit-sign-in-account', env: 'ARRIVALS_RATE_LIMIT_SIGN_IN_ACCOUNT' },
  syncDevice: { flag: 'rate-limit-sync', env: 'ARRIVALS_RATE_LIMIT_SYNC' },
};

/** Rate limits from flags, then environment, then the interface's defaults. */
export function resolveRateLimits(
  flags: Record<string, string | undefined>,
  env: NodeJS.ProcessEnv = process.env,
): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const [group, { flag, env: variable }] of Object.entries(RATE_LIMIT_SETTINGS)) {
    const fromFlag = flags[flag];
    const value = fromFlag ?? env[variable];
    if (value !== undefined && value !== '') {
      limits[group as RateLimitGroup] = positiveInteger(
        value,
        fromFlag !== undefined ? `--${flag}` : variable,
      );
    }
  }
  return limits;
}

interface Window {
  count: number;
  startedAt: number;
}

/**
 * Fixed windows per key, read from our clock so tests can step time: a key's window starts with its first request
 * and lasts `windowMs`. Bounded: the oldest keys go first. Returns the key's window with this request counted.
 */
function fixedWindows(windowMs: number, capacity = 10_000): (key: string, now: number) => Window {
  const windows = new Map<string, Window>();
  return (key, now) => {
    let window = windows.get(key);
    if (!window || window.startedAt + windowMs <= now) {
      window = { count: 0, startedAt: now };
      windows.delete(key);
      if (windows.size >= capacity) windows.delete(windows.keys().next().value!);
      windows.set(key, window);
    }
    window.count += 1;
    return window;
  };
}

type Limiter = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook that applies the group's limit and sets the X-RateLimit-* headers. It counts per client IP
     * unless `key` says otherwise.
     */
    limiterFor(group: RateLimitGroup, key?: (request: FastifyRequest) => string): Limiter;
  }
}

/**
 * Registers a `limiterFor` decorator, and a hook that gives every route registered after it the limits
 * `RATE_LIMIT_TABLE` names for its path. Each limiter counts in windows of its own, synchronously: the counting is a
 * map lookup, and every public read and token request runs it. (@fastify/rate-limit, used before, counted the same
 * fixed windows through an async function and a promise per request: three microtask turns and a `routeOptions`
 * object each time, a tenth of a profile read's CPU on a slow machine; bench/results.md.) X-RateLimit-Reset is the
 * Unix time of the window's end, as the interface wants it.
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits, clock: Clock): void {
  app.decorate(
    'limiterFor',
    (group: RateLimitGroup, key: (request: FastifyRequest) => string = byIp): Limiter => {
      const count = fixedWindows(RATE_LIMIT_WINDOW_MS);
      const max = limits[group];
      const tooMany = tooManyMessage(group);
      const limitText = String(max);

      // A callback hook, not an async one: an async hook costs every limited request a promise and a turn of the
      // microtask queue. Header names are in lower case, the form Fastify stores them in.
      return function rateLimit(request, reply, done) {
        const now = clock.now().getTime();
        const window = count(key(request), now);
        const resetsAt = window.startedAt + RATE_LIMIT_WINDOW_MS;
        reply.header('x-ratelimit-limit', limitText);
        reply.header('x-ratelimit-remaining', Math.max(0, max - window.count));
        reply.header('x-ratelimit-reset', Math.ceil(resetsAt / 1000));
        if (window.count <= max) return done();
        reply.header('retry-after', Math.ceil((resetsAt - now) / 1000));
        done(new HttpError(429, tooMany));
      };
    },
  );

  const keyOf: Record<Exclude<CountedPer, 'token'>, (request: FastifyRequest) => string> = {
    ip: byIp,
    client: byClient,
    account: byAccount,
    device: byDevice,
  };
  // One limiter per budget, whichever of its routes registers first.
  const sharedLimiters = new Map<string, Limiter>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rule = methods.map((method) => ruleFor(method, route.url)).find((found) => found !== undefined);
    if (!rule) return;
    addRefusals(route.schema, { 429: rule.limits.map(({ group }) => tooManyMessage(group)) });
    if (rule.phase === 'token authentication') return;
    const limiterOf = ({ group, per }: RateLimitRule['limits'][number]) =>
      app.limiterFor(group, keyOf[per as Exclude<CountedPer, 'token'>]);
    const limiters = rule.limits.map((limit) => {
      if (rule.budget === undefined) return limiterOf(limit);
      const key = `${rule.budget} ${limit.group}`;
      let limiter = sharedLimiters.get(key);
      if (!limiter) sharedLimiters.set(key, (limiter = limiterOf(limit)));
      return limiter;
    });
    const own = route[rule.phase] ?? [];
    route[rule.phase] = [...limiters, ...(Array.isArray(own) ? own : [own])];
  });
}

/**
 * The per-IP limiters' key: the client's address, which is the socket's unless the peer is a trusted satellite or
 * reverse proxy (then Fastify reads X-Forwarded-For: platform/client-address.ts). An IPv4 client reaching a
 * dual-stack socket shows as an IPv4-mapped IPv6 address (`::ffff:192.0.2.7`); it counts as its IPv4 address, so it
 * is one client however it connects. Any other IPv6 address counts on its own.
 */
export function byIp(request: FastifyRequest): string {
  return clientAddress(request);
}

/**
 * The key of a per-client limit: an IPv4 client's address (as `byIp`), an IPv6 client's /64 network. Loopback stays
 * itself.
 */
export function byClient(request: FastifyRequest): string {
  const address = byIp(request);
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.range() === 'loopback') return address;
  return `${parsed.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
