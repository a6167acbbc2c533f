import type { FastifyError, FastifyInstance } from 'fastify';
import type { FieldErrors } from '../domain/validation-messages.ts';
import { messages } from './messages.ts';

/** A failure the client should see as is: the status and the interface's message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
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
};

/**
 * One error handler for the whole app: every failure leaves as `{ message }` (plus `errors` on 422). Anything 5xx
 * is logged with the request's context and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.fieldErrors) {
        return reply.code(error.statusCode).send({
          message: error.message || validationMessageFor(request.url),
          errors: error.fieldErrors,
        });
      }
      return reply.code(error.statusCode).send({ message: error.message });
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
    return reply.code(500).send({ message: messages.serverError });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: messages.routeNotFound }));
}
