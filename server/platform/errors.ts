import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { FieldErrors } from './field-errors.ts';
import { loggedUrl } from './logging.ts';
import { SECURITY_HEADER_LINES, SECURITY_HEADERS } from './security-headers.ts';
import { messages } from './messages.ts';
import { addRefusals } from './refusals.ts';
import type { ArrivalStep } from './arrival.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The message of this route's 422 for invalid params, query or body, when it is not the API's general one
     * (`Validation failed.`, or `The given data was invalid.` under /api/).
     */
    validationMessage?: (errors: FieldErrors) => string;
  }
}

/**
 * A failure the client should see as is: the status and the interface's message, and, on the few endpoints of our
 * own whose refusals say more (the kiosk's scan says when check-in opens), `details` beside the message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 422 in the interface's shape: `{ message, errors: { field: [strings] } }`. */
export class ValidationError extends HttpError {
  constructor(fieldErrors: FieldErrors, message?: string) {
    super(422, message ?? '', fieldErrors);
    this.name = 'ValidationError';
  }
}

/** The token API says `The given data was invalid.`; every public endpoint says `Validation failed.` */
function validationMessageFor(url: string): string {
  return url.startsWith('/api/') ? messages.invalidData : messages.validationFailed;
}

/** Fastify's own client errors, worded for people. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.malformedJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.payloadTooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.malformedJson,
  FST_ERR_BAD_URL: messages.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: messages.urlTooLong,
};

/**
 * Errors that Fastify and Node answer before any route or error handler runs, answered in the interface's
 * `{ message }` shape too (their defaults are `{ error, code, message, statusCode }` with Fastify's wording). Pass
 * to `Fastify()` with every app that serves HTTP.
 */
export const earlyErrorOptions = {
  /** A path Fastify's router cannot take: a broken %-escape (400) or a path parameter over 100 characters (414). */
  frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // The router refused the path before any hook ran, so the headers every answer has are set here.
    reply.headers(SECURITY_HEADERS);
    void answerFastifyError(error, request, reply);
  },
  /** Bytes that Node's HTTP parser refuses (not HTTP, headers over 16 KiB, too slow): answered, then closed. */
  clientErrorHandler: answerClientError,
  /**
   * Fastify's own answer to a request that arrives while the server closes (on a connection that was busy) is a
   * fixed 503 in its shape; `registerErrorHandling` answers those instead.
   */
  return503OnClosing: false,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler' | 'return503OnClosing'>;

function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection is gone; there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, messages.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, messages.headersTooLarge]
        : [400, messages.malformedRequest];
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${SECURITY_HEADER_LINES}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * An error of Fastify's or a library's (not an HttpError), from a route or from the router: a 4xx keeps its status
 * with our wording where we have one; anything else is logged with the request's context and answered as a 500
 * without internals.
 */
function answerFastifyError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: FRAMEWORK_MESSAGES[error.code] ?? error.message });
  }
  request.log.error({ err: error, method: request.method, url: loggedUrl(request) }, 'request failed');
  return reply.code(500).send({ message: messages.serverError });
}

/**
 * One error handler for the whole app: every failure leaves as `{ message }` (plus `errors` on 422). Anything 5xx
 * is logged with the request's context and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): ArrivalStep {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.fieldErrors) {
        const routeMessage = request.routeOptions.config?.validationMessage;
        return reply.code(error.statusCode).send({
          message: error.message || routeMessage?.(error.fieldErrors) || validationMessageFor(request.url),
          errors: error.fieldErrors,
        });
      }
      return reply.code(error.statusCode).send({ message: error.message, ...error.details });
    }
    return answerFastifyError(error, request, reply);
  });

  // Every route that validates params, a query or a body can refuse them: the 422 joins its documented answers. A
  // route that words its own (`validationMessage`) lists its messages itself.
  app.addHook('onRoute', (route) => {
    const { schema } = route;
    if (!schema || route.config?.validationMessage) return;
    if (schema.params || schema.querystring || schema.body) {
      addRefusals(schema, { 422: [validationMessageFor(route.url)] });
    }
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: messages.routeNotFound }));

  // While the server closes, a request that still arrives (on a kept-alive connection that was busy when closing
  // began) is answered 503 before any route runs (the step returned, for platform/arrival.ts); Fastify adds
  // `Connection: close`. The database closes only after every connection has, so nothing is half done. Needs
  // `earlyErrorOptions`' `return503OnClosing: false`.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  return () => (closing ? new HttpError(503, messages.shuttingDown) : undefined);
}
