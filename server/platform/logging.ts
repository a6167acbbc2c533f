import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** What a logged query value reads instead of the value. */
export const REDACTED = '[redacted]';

/** Query parameters that carry an attendee's email or a search for a person, wherever they appear. */
const PERSONAL_PARAMETER = /^(email|q)(\[.*\])?$/i;

/**
 * Paths whose every query value is kept out of logs: the public endpoints take what attendees type at the kiosk, and
 * the dashboard's API searches people. The token API's other parameters (status, page) stay readable.
 */
const EVERY_VALUE_PRIVATE = /^\/(public|dashboard\/api)(\/|\?|$)/i;

/**
 * Paths that carry a secret: a ticket's (server/tickets/ticket.rules.ts, `TICKET_PATH`: the page `/t/{secret}` and
 * the API `/public/tickets/{secret}...`), which opens and cancels it, and a profile's code (`/p/{code}`,
 * `/public/profile/{code}`). Matched on the normalised path (`normalisedPath`), so no spelling of one gets past.
 */
const SECRET_PATH = /^(\/t\/|\/p\/|\/public\/tickets\/|\/public\/profile\/)[^/]+/i;

/** Route parameters that hold such a secret, and the routes whose wildcard does (the ticket page). */
const SECRET_PARAMETERS = new Set(['secret', 'code']);
const SECRET_WILDCARD_ROUTES = new Set(['/t/*']);

/** An ASCII %-escape: what a router or a proxy decodes in a path (`%74` is `t`, `%2F` is `/`, `%25` is `%`). */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;
const HAS_ASCII_ESCAPE = /%[0-7][0-9a-f]/i;

/**
 * How many times a path's escapes are decoded: a router decodes once, and each proxy in front of it may have once
 * already (`/%2574/` is `/%74/`, then `/t/`). A path still encoded after that is nobody's honest spelling.
 */
const DECODING_ROUNDS = 3;

/** `path` with its ASCII %-escapes decoded until none is left, or null when some still are after every round. */
function decodedPath(path: string): string | null {
  // Most paths have no escape: they cost one scan for '%' and nothing more.
  if (!path.includes('%')) return path;
  let decoded = path;
  for (let round = 0; round < DECODING_ROUNDS && decoded.includes('%'); round++) {
    decoded = decoded.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return HAS_ASCII_ESCAPE.test(decoded) ? null : decoded;
}

/**
 * A path as a router or a proxy may read it: ASCII %-escapes decoded, as often as they are nested (`decodedPath`),
 * repeated slashes and `.` segments dropped, `..` applied. Null for a path still encoded after every round.
 */
export function normalisedPath(path: string): string | null {
  const decoded = decodedPath(path);
  if (decoded === null) return null;
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * The path to log: a path that carries a secret, normalised with the secret replaced; one encoded past reading,
 * which might hide one, replaced whole; any other as it came.
 */
function redactPath(path: string, normalised = normalisedPath(path)): string {
  if (normalised === null) return `/${REDACTED}`;
  return SECRET_PATH.test(normalised) ? normalised.replace(SECRET_PATH, `$1${REDACTED}`) : path;
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/**
 * The request URL as it may be written to a log: the path as is but for a ticket's secret, and the value of each
 * query parameter that could name a person replaced with `[redacted]` (its name kept, so the log still says what
 * was asked).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return redactPath(url);
  const rawPath = url.slice(0, queryStart);
  const normalised = normalisedPath(rawPath);
  const path = redactPath(rawPath, normalised);
  const everyValue = normalised === null || EVERY_VALUE_PRIVATE.test(normalised);
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return everyValue || PERSONAL_PARAMETER.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

/**
 * The URL of a request as it may be logged. A route whose parameters hold a secret is logged as its pattern with
 * the secret replaced, whatever spelling of the path reached it (`/public/%74ickets/{secret}` matched the ticket
 * route); a request no such route took is redacted by its normalised path (`redactUrl`).
 */
export function loggedUrl(request: FastifyRequest): string {
  const route = request.routeOptions?.url;
  if (route !== undefined && (SECRET_WILDCARD_ROUTES.has(route) || /:(secret|code)\b/.test(route))) {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const path = route.replace(/:([A-Za-z0-9_]+)|\*/g, (whole: string, name: string | undefined) =>
      name === undefined || SECRET_PARAMETERS.has(name)
        ? REDACTED
        : encodeURIComponent(String(params[name] ?? '')),
    );
    const queryStart = request.url.indexOf('?');
    return redactUrl(queryStart === -1 ? path : path + request.url.slice(queryStart));
  }
  return redactUrl(request.url);
}

/** Fastify's own request serializer (fastify/lib/logger-pino.js), with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: loggedUrl(request),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The `logger` to give `Fastify()`: the caller's, with request URLs redacted in every request log line (`true`
 * becomes Fastify's default level, info). Our serializer wins over one the caller passes, so no option lets the
 * values through.
 */
export function withRedactedRequests(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
