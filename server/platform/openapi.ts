import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from './messages.ts';
import { describeRefusal, refusalBody, type RefusalStatus } from './refusals.ts';

type Json = Record<string, unknown>;

/** An OpenAPI security scheme object (components.securitySchemes), of the kinds this server uses. */
export type SecurityScheme =
  | { type: 'http'; scheme: 'bearer'; description: string }
  | { type: 'apiKey'; in: 'cookie' | 'header'; name: string; description: string };

/** One way an operation may be called: a scheme's name, no scopes. An empty list means no credentials. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** An OpenAPI header object, as a response documents it. */
export interface ResponseHeader {
  description: string;
  required: boolean;
  schema: Json;
}

/** Response headers by name, as a response of the document lists them. */
export type ResponseHeaders = Readonly<Record<string, ResponseHeader>>;

declare module 'fastify' {
  interface FastifySchema {
    /** Headers that every answer of the route's own carries (CORS), for the OpenAPI document. */
    responseHeaders?: ResponseHeaders;
    /** Headers that the route's answers of one status carry (a 201's `Location`), for the OpenAPI document. */
    statusHeaders?: Readonly<Partial<Record<number, ResponseHeaders>>>;
  }
}

/** How a rate-limited operation is limited, as the document says it. */
export interface DocumentedRateLimit {
  /** A sentence for the operation's description: the limit and what it counts per. */
  description: string;
  /**
   * Whether every answer of the route's own carries the X-RateLimit headers (the request is counted before anything
   * else runs), or only its successes and 429s (it is counted once the body is read).
   */
  headersOnEveryAnswer: boolean;
}

export interface ApiDocsOptions {
  /** The authentication layers' schemes, by the names their routes' `security` uses. */
  securitySchemes: Readonly<Record<string, SecurityScheme>>;
  /** The limit on an operation (method in upper case, OpenAPI path), or null. */
  rateLimitOf(method: string, path: string): DocumentedRateLimit | null;
}

/** Every tag an operation may carry, in the order the document lists them, with what a reader finds there. */
const API_TAGS: Readonly<Record<string, string>> = {
  'Public events':
    'An event as its registration page and the kiosk show it, and what attendees do themselves: register, ' +
    'check, self check-in and cancel. No credentials.',
  'Public profiles': 'What a scanned profile QR code shows, as JSON (readable from any origin) or as a page.',
  'Public organizations':
    "The kiosk start page's listing: organizations with published events, and those events.",
  Kiosk:
    'What the kiosk screens ask of the server they run on: whether a satellite reaches its hub, registering ' +
    'with the check-in code in the answer, checking in by a scanned code, and scanning on a check-in list.',
  Tickets:
    "A registration's ticket, opened by the secret its address carries: the page's data, its calendar file, " +
    'cancelling it. No credentials; the secret is the key.',
  Sync: "A paired replica kiosk's sync with its hub: pairing, pushing ops, reading the change feed (docs/sync.md).",
  Organization: "The API token's organization.",
  Events: 'Events of the organization: list, create, show, edit, publish.',
  Attendees: "The redirect integration's lookup, an event's attendees, cancel, no-show and bulk no-show.",
  'Check-in lists':
    "An event's check-in lists (doors, days, sessions) and their rules, scanning on one, who is inside now, a " +
    "person's scans and a list's export.",
  Users: 'People (user accounts) and their public profile settings.',
  Webhooks:
    'Webhook endpoints, their signing secrets, the delivery log, redelivery and test pings (Standard Webhooks).',
  'Dashboard: session': 'First-run setup, signing in and out of the staff dashboard.',
  'Dashboard: staff': 'Staff accounts and their roles (owners only).',
  'Dashboard: events': 'Events, as the dashboard manages them.',
  'Dashboard: attendee desk':
    'The attendee desk: search, live counts, walk-ins, check-in and undo, approval, CSV export and import.',
  'Dashboard: attendees': 'Cancel and no-show at the desk.',
  'Dashboard: check-in lists':
    'Check-in lists at the desk and in the event editor (changes: owners only), who is inside, and the chart of it.',
  'Dashboard: users': 'People and their public profiles (owners only).',
  'Dashboard: API tokens': 'API tokens: create (shown once), list, delete (owners only).',
  'Dashboard: webhooks': 'Webhook endpoints and their deliveries (owners only).',
  'Dashboard: LAN integrations':
    'The hosts on the venue network (loopback, private, link-local) that webhooks may reach (owners only).',
  'Dashboard: sync':
    'Replica kiosks: pairing codes, paired devices, revoking, and the conflicts sync settled.',
  'Dashboard: mail':
    "The organization's mail server (owners): settings, the password write-only, a test email with the server's reply.",
  'Dashboard: badges': 'How an event’s name badges are laid out (staff read, owners choose).',
  'Dashboard: brand': 'An event’s accent colour and logo on its kiosk and badges (staff read, owners set).',
};

const RATE_LIMIT_HEADERS: ResponseHeaders = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the current window.',
    required: true,
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    required: true,
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'When the current window ends, as a Unix time in seconds.',
    required: true,
    schema: { type: 'integer' },
  },
};

/**
 * The rate-limit headers of an answer that carries them only when the request was counted before it was refused:
 * components named `<header>.IfCounted`, the same headers, not required.
 */
const IF_COUNTED = '.IfCounted';
const RATE_LIMIT_HEADERS_IF_COUNTED: ResponseHeaders = Object.fromEntries(
  Object.entries(RATE_LIMIT_HEADERS).map(([name, header]) => [
    `${name}${IF_COUNTED}`,
    {
      ...header,
      required: false,
      description: `${header.description} Only on a refusal made once the request was counted, not before.`,
    },
  ]),
);

const RETRY_AFTER: ResponseHeaders = {
  'Retry-After': {
    description: 'Seconds until the current window ends and requests count again.',
    required: true,
    schema: { type: 'integer' },
  },
};

interface TransportAnswer {
  status: RefusalStatus;
  messages: readonly string[];
  /**
   * Those of `messages` answered once the route's own onRequest hooks have run (the body's refusals), so that a rate
   * limit counted there (`DocumentedRateLimit.headersOnEveryAnswer`) has set its headers on them. The others (a URL
   * the router refuses, bytes Node refuses, a server closing) are answered before any route hook.
   */
  counted: readonly string[];
}

/**
 * What the server answers before a route runs, or while it reads the body, in the same `{ message }` shape
 * (platform/errors.ts, platform/json-body.ts): components.responses, referenced by every operation they can meet.
 */
const TRANSPORT_ANSWERS: Readonly<Record<string, TransportAnswer>> = {
  BadRequest: { status: 400, messages: [messages.badUrl, messages.malformedRequest], counted: [] },
  BadRequestBody: {
    status: 400,
    messages: [messages.badUrl, messages.malformedRequest, messages.malformedJson, messages.forbiddenJsonKey],
    counted: [messages.malformedJson, messages.forbiddenJsonKey],
  },
  RequestTimeout: { status: 408, messages: [messages.requestTimeout], counted: [] },
  PayloadTooLarge: { status: 413, messages: [messages.payloadTooLarge], counted: [messages.payloadTooLarge] },
  UriTooLong: { status: 414, messages: [messages.urlTooLong], counted: [] },
  UnsupportedMediaType: {
    status: 415,
    messages: [messages.unsupportedMediaType, messages.unsupportedContentEncoding],
    counted: [messages.unsupportedMediaType, messages.unsupportedContentEncoding],
  },
  HeadersTooLarge: { status: 431, messages: [messages.headersTooLarge], counted: [] },
  ShuttingDown: { status: 503, messages: [messages.shuttingDown], counted: [] },
};

/**
 * A transport answer's variant for an operation whose rate limit counts the request first: the same answer, with
 * the rate-limit headers its counted messages carry.
 */
const COUNTED = 'Counted';

/** Methods whose requests Fastify reads a body of (a body-less one may still send a broken one). */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** The transport answers an operation can meet: by whether it reads a body and has path parameters. */
function transportAnswersOf(method: string, path: string): string[] {
  const body = BODY_METHODS.has(method);
  return [
    body ? 'BadRequestBody' : 'BadRequest',
    'RequestTimeout',
    ...(body ? ['PayloadTooLarge', 'UnsupportedMediaType'] : []),
    // The router refuses a path parameter over its length limit; a path without one is simply not found.
    ...(path.includes('{') ? ['UriTooLong'] : []),
    'HeadersTooLarge',
    'ShuttingDown',
  ];
}

function transportResponse({ status, messages: list, counted }: TransportAnswer, withHeaders: boolean): Json {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(refusalBody(status, list), {
    target: 'draft-2020-12',
  }) as Json;
  delete schema.description;
  const response: Json = {
    description: describeRefusal(status, list),
    content: { 'application/json': { schema } },
  };
  if (!withHeaders) return response;
  const always = counted.length === list.length;
  response.description += always
    ? '. The request was counted against the rate limit first: X-RateLimit-* headers.'
    : `. X-RateLimit-* headers on ${counted.map((message) => `"${message}"`).join(' or ')} (the request was ` +
      'counted against the rate limit first), not on the others (refused before it was counted).';
  response.headers = headerRefs(Object.keys(RATE_LIMIT_HEADERS), always ? '' : IF_COUNTED);
  return response;
}

/**
 * Carry a route's `responseHeaders` and `statusHeaders` from the route transform to the document's own (and leave
 * it there).
 */
const RESPONSE_HEADERS_KEY = 'x-response-headers';
const STATUS_HEADERS_KEY = 'x-status-headers';

/** `listEvents` under /api, `dashboardListEvents` under /dashboard/api: the two mounts of a shared route. */
function operationIdOf(route: RouteOptions): string {
  const name = route.handler.name;
  if (!/^[a-z][A-Za-z0-9]*$/.test(name)) {
    throw new Error(`${String(route.method)} ${route.url}: its handler needs a name (a named function).`);
  }
  return route.url.startsWith('/dashboard/api/')
    ? `dashboard${name[0]!.toUpperCase()}${name.slice(1)}`
    : name;
}

/**
 * Each response's description: a refusal's says its status and messages (refusals.ts puts it on the schema, where
 * it moves to the response); any other's is the status's name.
 */
function describeResponses(response: Json): Json {
  return Object.fromEntries(
    Object.entries(response).map(([status, value]) => {
      const json = value as Json;
      if ('content' in json) return [status, json];
      const { description, ...schema } = json;
      const text = typeof description === 'string' ? description : STATUS_CODES[Number(status)];
      // @fastify/swagger drops whatever sits beside a $ref, so a referenced schema's description rides beside it.
      if ('$ref' in schema) return [status, { ...schema, description: text }];
      return [status, { ...schema, 'x-response-description': text }];
    }),
  );
}

/** Appends a paragraph to an operation's description. */
function addParagraph(schema: { description?: string }, text: string): void {
  schema.description = schema.description ? `${schema.description}\n\n${text}` : text;
}

/**
 * For an authentication layer's `onRoute` hook: how its routes are called, in the document (the security
 * requirement, and a sentence for the description).
 */
export function documentAccess(
  schema: FastifySchema | undefined,
  access: { security: readonly SecurityRequirement[]; description: string },
): void {
  if (!schema) return;
  schema.security = access.security;
  addParagraph(schema, access.description);
}

/** Per route: the operation's id, security (none unless a layer said so), descriptions, headers. */
function documentRoute(input: Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions }) {
  const result = jsonSchemaTransform(input);
  const schema = { ...(result.schema as Json & FastifySchema) };
  if (schema.hide) return result;
  const { responseHeaders, statusHeaders, response, ...rest } = schema;
  const documented: Json & { description?: string } = {
    ...rest,
    operationId: operationIdOf(input.route),
    response: describeResponses((response ?? {}) as Json),
  };
  if (!schema.security) {
    documented.security = [];
    addParagraph(documented, 'No credentials needed.');
  }
  if (responseHeaders) documented[RESPONSE_HEADERS_KEY] = responseHeaders;
  if (statusHeaders) documented[STATUS_HEADERS_KEY] = statusHeaders;
  return { ...result, schema: documented as FastifySchema };
}

type Operation = Json & {
  operationId: string;
  description?: string;
  tags?: string[];
  security?: SecurityRequirement[];
  responses: Record<string, Json>;
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function operationsOf(document: Json): [method: string, path: string, operation: Operation][] {
  return Object.entries((document.paths ?? {}) as Record<string, Record<string, Operation>>).flatMap(
    ([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.has(method))
        .map(([method, operation]) => [method, path, operation] as [string, string, Operation]),
  );
}

function addHeaders(response: Json, headers: Readonly<Record<string, unknown>>): void {
  response.headers = { ...(response.headers as Json | undefined), ...headers };
}

/** References to the header components named `<header><suffix>`, under each header's own name. */
const headerRefs = (names: Iterable<string>, suffix = '') =>
  Object.fromEntries([...names].map((name) => [name, { $ref: `#/components/headers/${name}${suffix}` }]));

/** The names of every component a part of the document refers to, by `#/components/<kind>/<name>`. */
function referencesIn(value: unknown, kind: string, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencesIn(item, kind, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const prefix = `#/components/${kind}/`;
      if (key === '$ref' && typeof child === 'string' && child.startsWith(prefix)) {
        found.add(child.slice(prefix.length));
      } else referencesIn(child, kind, found);
    }
  }
  return found;
}

/**
 * zod's registry gives every named schema an input and an output copy (`UserInput`, `User`); only those some
 * operation uses, directly or through another, stay.
 */
function usedSchemas(document: Json, schemas: Record<string, Json>): Record<string, Json> {
  const { components, ...rest } = document;
  const { schemas: _all, ...otherComponents } = (components ?? {}) as Json;
  const used = referencesIn([rest, otherComponents], 'schemas');
  const queue = [...used];
  while (queue.length > 0) {
    for (const name of referencesIn(schemas[queue.pop()!], 'schemas')) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

/**
 * The whole document once every route is in: response headers (the route's own, the rate limit's, Retry-After), the
 * transport answers, tags, servers, the security schemes in use, and only the schemas something uses. Fails (and so
 * does `/openapi.json`) on an operation id used twice or a tag without a description.
 */
function completeDocument(document: Json, options: ApiDocsOptions): Json {
  const operationIds = new Set<string>();
  const tags = new Set<string>();
  const schemes = new Set<string>();
  const transport = new Set<string>();
  let rateLimited = false;
  for (const [method, path, operation] of operationsOf(document)) {
    if (operationIds.has(operation.operationId)) {
      throw new Error(`Two operations are called ${operation.operationId}.`);
    }
    operationIds.add(operation.operationId);
    for (const tag of operation.tags ?? []) tags.add(tag);
    for (const requirement of operation.security ?? []) for (const name in requirement) schemes.add(name);

    const own = Object.entries(operation.responses);
    const routeHeaders = operation[RESPONSE_HEADERS_KEY] as ResponseHeaders | undefined;
    delete operation[RESPONSE_HEADERS_KEY];
    if (routeHeaders) for (const [, response] of own) addHeaders(response, routeHeaders);
    const statusHeaders = operation[STATUS_HEADERS_KEY] as Record<string, ResponseHeaders> | undefined;
    delete operation[STATUS_HEADERS_KEY];
    for (const [status, headers] of Object.entries(statusHeaders ?? {})) {
      const response = operation.responses[status];
      if (!response)
        throw new Error(
          `${method.toUpperCase()} ${path} has headers for ${status}, which it does not declare.`,
        );
      addHeaders(response, headers);
    }

    const limit = options.rateLimitOf(method.toUpperCase(), path);
    if (limit) {
      rateLimited = true;
      addParagraph(operation, limit.description);
      for (const [status, response] of own) {
        if (limit.headersOnEveryAnswer || status.startsWith('2') || status === '429') {
          addHeaders(response, headerRefs(Object.keys(RATE_LIMIT_HEADERS)));
        } else {
          // Counted once its body is read: a refusal of the route's own after that (wrong credentials, a used code)
          // carries the headers; one of its origin or of validation, before that, does not.
          addHeaders(response, headerRefs(Object.keys(RATE_LIMIT_HEADERS), IF_COUNTED));
        }
      }
    }
    if (operation.responses['429']) addHeaders(operation.responses['429'], headerRefs(['Retry-After']));

    for (const name of transportAnswersOf(method, path)) {
      const answer = TRANSPORT_ANSWERS[name]!;
      const status = String(answer.status);
      if (operation.responses[status]) {
        throw new Error(
          `${method.toUpperCase()} ${path} declares ${status}, which the server answers itself.`,
        );
      }
      const component = limit?.headersOnEveryAnswer && answer.counted.length > 0 ? `${name}${COUNTED}` : name;
      operation.responses[status] = { $ref: `#/components/responses/${component}` };
      transport.add(component);
    }
    operation.responses = Object.fromEntries(
      Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)),
    );
  }

  const undescribed = [...tags].filter((tag) => !Object.hasOwn(API_TAGS, tag));
  if (undescribed.length > 0) throw new Error(`Tags without a description: ${undescribed.join(', ')}.`);

  const components = (document.components ?? {}) as Json;
  const complete: Json = {
    openapi: document.openapi,
    info: document.info,
    servers: [{ url: '/', description: 'This Arrivals server' }],
    tags: Object.entries(API_TAGS)
      .filter(([name]) => tags.has(name))
      .map(([name, description]) => ({ name, description })),
    paths: document.paths,
    components: {
      securitySchemes: Object.fromEntries(
        Object.entries(options.securitySchemes).filter(([name]) => schemes.has(name)),
      ),
      responses: Object.fromEntries(
        [...transport].sort().map((component) => {
          const counted = component.endsWith(COUNTED);
          const answer = TRANSPORT_ANSWERS[counted ? component.slice(0, -COUNTED.length) : component]!;
          return [component, transportResponse(answer, counted)];
        }),
      ),
      headers: rateLimited ? { ...RATE_LIMIT_HEADERS, ...RATE_LIMIT_HEADERS_IF_COUNTED, ...RETRY_AFTER } : {},
      schemas: {},
    },
  };
  (complete.components as Json).schemas = usedSchemas(
    complete,
    (components.schemas ?? {}) as Record<string, Json>,
  );
  return complete;
}

/** Swagger UI's pages, scripts and logo, as @fastify/swagger-ui ships them. */
const SWAGGER_UI_FILES = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
);

/**
 * Swagger UI loads its scripts and styles from its own files, the logo as a data: URL, and the document from here;
 * it also writes style attributes into its markup, which only 'unsafe-inline' lets apply (styles cannot run code).
 */
const SWAGGER_UI_POLICY = {
  'default-src': "'self'",
  'script-src': "'self'",
  'script-src-attr': "'none'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, at `/openapi.json`, and a reference page at
 * `/docs`. Registered before the routes so that it sees every one of them.
 */
export async function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Arrivals event API',
        version: '1.0.0',
        description:
          'Event registration, check-in and public profiles. Public endpoints need no credentials; `/api/*` ' +
          'needs `Authorization: Bearer <API_TOKEN>`; the staff dashboard (`/dashboard/api/*`) its session ' +
          'cookie; a paired kiosk (`/sync/*`) its device credential. Every refusal is `{ "message" }` (422 may add ' +
          '`errors`), with the messages each operation lists.',
      },
      // Read while each operation is written (its security names them); only those in use stay.
      components: { securitySchemes: { ...options.securitySchemes } },
    },
    transform: (input) => documentRoute(input as Parameters<typeof documentRoute>[0]),
    transformObject: (input) =>
      completeDocument(jsonSchemaTransformObject(input) as Json, options) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list' },
    // The plugin's own page files, named here rather than found beside its code, so that it also works bundled
    // into out/server (bin/server-bundle.mjs), where its code no longer sits beside them. Given a baseDir, the
    // plugin also serves those files at /docs/<name>.
    baseDir: SWAGGER_UI_FILES,
    logo: { type: 'image/svg+xml', content: fs.readFileSync(path.join(SWAGGER_UI_FILES, 'logo.svg')) },
    // The plugin's own policy for its pages and files, written out rather than its default (`staticCSP: true`),
    // which allows framing by the same origin, images from validator.swagger.io, styles and fonts from any https
    // site, and upgrades requests to https, which a server on the venue LAN does not speak.
    staticCSP: SWAGGER_UI_POLICY,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async function showOpenApiDocument() {
    return app.swagger();
  });
}
