import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';
import { messages } from './messages.ts';

/**
 * A JSON body checked here (well-formed, no poisoned keys) but kept as its text, for a worker thread to parse and
 * validate: handing a big parsed body to a worker would copy it, on this thread, for longer than parsing the text
 * again there takes.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * JSON is the only body type. Fastify's safe parser stays in charge, with three changes: an empty body on a
 * body-less POST (clients send `Content-Type: application/json` on cancel and no-show) parses as no body; a
 * body that is valid JSON but carries `__proto__` or `constructor.prototype` is told so rather than called invalid;
 * and a compressed body (any Content-Encoding but identity) is 415, where Fastify would read its bytes as JSON.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  addJsonParser(app, (value) => value);
}

/**
 * Inside `scope`, a JSON body reaches the route as `JsonText`, after the same checks and with the same answers as
 * `registerJsonBodyParser`'s (no body stays no body).
 */
export function registerJsonTextBody(scope: FastifyInstance): void {
  addJsonParser(scope, (_value, text) => new JsonText(text));
}

function addJsonParser(app: FastifyInstance, bodyOf: (value: unknown, text: string) => unknown): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Fastify's default text/plain parser would hand strings to the JSON schemas.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      return done(new HttpError(415, messages.unsupportedContentEncoding), undefined);
    }
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (!error) return done(null, bodyOf(value, text));
      done(isPlainJson(text) ? new HttpError(400, messages.forbiddenJsonKey) : error, undefined);
    });
  });
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
