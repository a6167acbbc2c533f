import replyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalAddress } from '../platform/client-address.ts';
import { isSameOrigin } from '../platform/own-host.ts';

/** The 503 a satellite answers while its hub cannot be reached: the kiosk shows the message as it is. */
export const HUB_UNREACHABLE_MESSAGE = 'The hub cannot be reached right now. Please see event staff.';

export interface SatelliteProxyOptions {
  /** The hub's origin, `http://host:port` (see hub-address.rules.ts). */
  hubUrl: string;
  /**
   * How long to wait for a TCP connection to the hub. A stopped hub refuses at once; a hub whose machine is off or
   * out of Wi-Fi range never answers, and the kiosk must not hang on it: the 503 leaves well within 3 s.
   */
  connectTimeoutMs: number;
  /**
   * How long a connected hub may take to start answering. Longer than the connect timeout because the slowest
   * legitimate request (a 10,000-attendee bulk no-show) takes a few hundred ms, and a hub that accepted the
   * connection is alive; it still ends a request to a hub that froze or dropped off the network mid-request.
   */
  responseTimeoutMs: number;
  /**
   * A replica's own dashboard session stands for the hub's (sync/hub-session.http.ts): the Cookie header the hub gets
   * for a request, or undefined to pass the browser's on. Not set on a satellite, whose sessions are the hub's.
   */
  hubCookieFor?: (request: FastifyRequest) => string | undefined;
}

/** What a client may send that names a client, a host or a scheme: only the satellite says who the client is. */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'forwarded',
];

/**
 * The headers to send on: whatever forwarding headers the client sent are dropped, and X-Forwarded-For names the
 * client's address as this satellite sees it, which the hub believes from satellites it trusts
 * (platform/client-address.ts). So each client behind a satellite counts on its own against the hub's per-IP limits,
 * and no client can name itself. A request from this machine's own window (its peer is the very address it
 * reached) is sent without one: the hub counts it as the satellite, which it is; a window on every satellite must
 * not share the one bucket of "127.0.0.1".
 */
export function forwardedHeaders(
  request: FastifyRequest,
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[] | undefined> {
  const result = { ...headers };
  for (const name of FORWARDING_HEADERS) delete result[name];
  const { remoteAddress, localAddress } = request.raw.socket;
  if (remoteAddress !== undefined && remoteAddress !== localAddress) {
    result['x-forwarded-for'] = canonicalAddress(request.ip);
  }
  return result;
}

/**
 * Forwards every request that the satellite does not answer itself (the kiosk screens, their assets and
 * `/satellite/status`) to the hub: `/public`, `/api`, `/dashboard/api`, `/p`, `/openapi.json`, `/docs` and any
 * path added later. The page keeps loading from `http://localhost`, a secure origin for the camera, and needs no
 * CORS, because to the browser the API is on its own origin.
 *
 * Bodies pass through as raw streams: the hub validates and limits them, so the two servers can never disagree
 * about what a body means.
 */
export const satelliteProxyRoutes: FastifyPluginAsync<SatelliteProxyOptions> = async (app, options) => {
  const hubOrigin = new URL(options.hubUrl).origin;
  await app.register(replyFrom, {
    base: hubOrigin,
    // Its "fetching from remote server" line repeats the request's URL with its query unredacted
    // (platform/logging.ts); the request's own log line already says what was asked, and failures are still logged.
    disableRequestLogging: true,
    undici: {
      // Under the hub's per-address connection cap (platform/connections.ts), for a hub that was not told this
      // satellite's address; requests beyond it wait for a free connection.
      connections: 32,
      connect: { timeout: options.connectTimeoutMs },
      headersTimeout: options.responseTimeoutMs,
      bodyTimeout: options.responseTimeoutMs,
    },
  });

  // Encapsulated in this plugin: the satellite's own routes keep Fastify's parsers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const hubUnreachable = (reply: FastifyReply) => {
    if (!reply.sent)
      void reply.code(503).type('application/json; charset=utf-8').send({ message: HUB_UNREACHABLE_MESSAGE });
  };

  app.all('/*', { schema: { hide: true } }, (request, reply) => {
    return reply.from(request.url, {
      rewriteRequestHeaders: (_request, headers) => {
        const cookie = options.hubCookieFor?.(request);
        const forwarded = forwardedHeaders(request, cookie === undefined ? headers : { ...headers, cookie });
        // The hub refuses a state-changing dashboard request whose Origin is not its own (CSRF). The page's origin
        // is the satellite's; that origin, and only that one, is vouched for here and renamed to the hub's. A
        // foreign origin passes through unchanged, so the hub still refuses it.
        if (isSameOrigin(request.headers.origin, request.headers.host, request.protocol)) {
          return { ...forwarded, origin: hubOrigin };
        }
        return forwarded;
      },
      // One retry, at once, for a request that met a keep-alive connection the restarted hub had already closed.
      // Only requests without a body: a POST may have reached the hub, and sending it twice could register twice.
      retryDelay: ({ err, attempt }) =>
        attempt === 0 &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        ['UND_ERR_SOCKET', 'ECONNRESET'].includes((err as NodeJS.ErrnoException | undefined)?.code ?? '')
          ? 1
          : null,
      onError: (reply) => hubUnreachable(reply as FastifyReply),
    });
  });
};
