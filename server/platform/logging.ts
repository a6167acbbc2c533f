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
 * Paths that carry a ticket's secret, which opens and cancels it (server/tickets/ticket.rules.ts, `TICKET_PATH`):
 * the page `/t/{secret}` and the API `/public/tickets/{secret}...`. Logged with the secret replaced.
 */
const SECRET_PATH = /^(\/t\/|\/public\/tickets\/)[^/?#]+/i;

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
  url = url.replace(SECRET_PATH, `$1${REDACTED}`);
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  const everyValue = EVERY_VALUE_PRIVATE.test(path);
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

/** Fastify's own request serializer (fastify/lib/logger-pino.js), with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
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
