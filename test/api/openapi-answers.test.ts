import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, documentedRateLimit } from '../../server/access/rate-limits.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import { EMAIL_INPUT_PATTERN } from '../../server/platform/email.ts';
import {
  createEvent,
  createOrganization,
  createToken,
  pairDevice,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import { SAME_ORIGIN, signedInMember } from '../helpers/dashboard.ts';
import { openApiReader, type OpenApiReader } from '../helpers/openapi.ts';

/**
 * The document says what the server sends (issue 37): the `Location` of the register 201s, the rate-limit headers
 * on the refusals that carry them, and the emails the server takes. What it declares is read from the document;
 * then real answers are provoked and held to it (test/helpers/openapi.ts), both ways: what the document requires is
 * sent, what is sent is declared.
 */

type Json = Record<string, unknown>;

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
const REGISTER_PATHS = ['/public/events/{uuid}/register', '/kiosk/api/events/{uuid}/register'] as const;
const UNKNOWN = '6f1c7d3e-1111-4222-8333-944455556666';
/** An address as people type it on a phone: padded, in mixed case. */
const PADDED = '  Ana@Example.COM ';

let t: TestApp;
let doc: Json;
let reader: OpenApiReader;
let event: EventRecord;
let addressCount = 0;
const nextAddress = () => `10.7.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  reader = openApiReader(doc);
  event = createEvent(t.app, createOrganization(t.app));
});

afterAll(async () => t.close());

/** Every operation of the document: method in upper case, path, and the operation. */
function operations(): [method: string, path: string, operation: Json][] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => [method.toUpperCase(), path, operation as Json]),
  ) as [string, string, Json][];
}

/** The declared headers of a status: each name with whether it is required. */
function declared(method: string, path: string, status: number): Record<string, boolean> {
  return Object.fromEntries(
    [...reader.headersOf(method, path, status)].map(([name, header]) => [name, header.required === true]),
  );
}

const rateLimitHeaders = (required: boolean) =>
  Object.fromEntries(RATE_LIMIT_HEADERS.map((name) => [name, required]));

/** Sends a request and returns its answer with what it breaks of the document. */
async function answerOf(method: string, path: string, options: InjectOptions & { url: string }) {
  const response = await t.app.inject({ method, remoteAddress: nextAddress(), ...options } as InjectOptions);
  const answer = { status: response.statusCode, headers: response.headers, body: response.body };
  return { ...answer, problems: reader.answerProblems(method, path, answer) };
}

describe('what the document declares', () => {
  it("declares the register 201s' Location, the ticket page, as required", () => {
    for (const path of REGISTER_PATHS) {
      const location = reader.headersOf('POST', path, 201).get('location');
      expect(location, path).toMatchObject({ required: true, schema: { type: 'string' } });
      expect(reader.issuesOf(schemaAt(location!), '/t/7uVpPFS6uDZwMlpO2zfLb3'), path).toEqual([]);
      expect(reader.issuesOf(schemaAt(location!), '/t/short'), path).not.toEqual([]);
    }
  });

  it('declares the rate-limit headers on the body refusals where a limit counts the request first', () => {
    let counted = 0;
    let afterTheBody = 0;
    for (const [method, path, operation] of operations()) {
      const limit = documentedRateLimit(DEFAULT_RATE_LIMITS, method, path);
      if (!limit || !(operation.responses as Json)['415']) continue;
      if (limit.headersOnEveryAnswer) {
        counted += 1;
        // A refused URL is answered before any hook, a refused body once the limit has counted the request.
        expect(declared(method, path, 400), `${method} ${path} 400`).toEqual(rateLimitHeaders(false));
        expect(declared(method, path, 413), `${method} ${path} 413`).toEqual(rateLimitHeaders(true));
        expect(declared(method, path, 415), `${method} ${path} 415`).toEqual(rateLimitHeaders(true));
        expect(declared(method, path, 422), `${method} ${path} 422`).toMatchObject(rateLimitHeaders(true));
      } else {
        afterTheBody += 1;
        // Counted once the body is read: its refusals carry nothing, the route's own may.
        for (const status of [400, 413, 415]) expect(declared(method, path, status)).toEqual({});
        expect(declared(method, path, 422), `${method} ${path} 422`).toEqual(rateLimitHeaders(false));
      }
    }
    // The public, kiosk, token and device operations; sign-in, setup, a roaming ticket and pairing.
    expect(counted).toBeGreaterThanOrEqual(25);
    expect(afterTheBody).toBe(4);
  });

  it('states the email inputs as the pattern the server takes, never `format: email`', () => {
    const inputs: Json[] = [];
    const seen = new Set<unknown>();
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      const json = node as Json;
      if (typeof json.$ref === 'string') return walk(reader.resolve(json));
      expect(json.format, JSON.stringify(json)).not.toBe('email');
      if (json.pattern === EMAIL_INPUT_PATTERN) inputs.push(json);
      for (const child of Object.values(json)) walk(child);
    };
    for (const [, , operation] of operations()) {
      walk(operation.parameters);
      walk(operation.requestBody);
    }
    // Check, check-in, cancel, the kiosk's badge, setup, sign-in, staff, a person made and edited, the mail
    // settings' sender and reply-to, and its test mail: each once, however many operations share it.
    expect(inputs.length).toBeGreaterThanOrEqual(12);
    for (const input of inputs) {
      expect(reader.issuesOf(schemaAt(input), PADDED)).toEqual([]);
      expect(reader.issuesOf(schemaAt(input), 'not an email')).not.toEqual([]);
    }
  });
});

/** A header's schema, or a schema itself, as a zod schema. */
const schemaAt = (node: Json) => reader.schemaOf(('schema' in node ? node.schema : node) as Json);

describe('real answers, held to the document', () => {
  it('a padded email: the document takes each request, the server answers, and its answers are as documented', async () => {
    const registered = await Promise.all(
      REGISTER_PATHS.map(async (path, i) => {
        const email = i === 0 ? PADDED : '  Bo@Example.COM ';
        const url = path.replace('{uuid}', event.uuid);
        const body = registration(email);
        expect(reader.issuesOf(reader.requestBodySchema('POST', path), body), path).toEqual([]);
        const answer = await answerOf('POST', path, { url, ...json(body) });
        expect(answer.status, path).toBe(201);
        expect(answer.problems, path).toEqual([]);
        expect(answer.headers.location, path).toMatch(/^\/t\/[0-9A-Za-z]{22}$/);
        // Stored and answered trimmed, as typed otherwise.
        expect((JSON.parse(answer.body) as { data: { email: string } }).data.email).toBe(email.trim());
        return answer;
      }),
    );
    // Each Location opens that registration's own ticket.
    const [ana] = registered;
    const ticket = await t.app.inject({
      method: 'GET',
      url: `/public/tickets/${String(ana!.headers.location).slice('/t/'.length)}`,
    });
    expect(ticket.statusCode).toBe(200);
    expect((ticket.json() as { data: { email: string } }).data.email).toBe('Ana@Example.COM');

    const check = '/public/events/{uuid}/check';
    expect(reader.issuesOf(reader.parameterSchema('GET', check, 'query', 'email'), PADDED)).toEqual([]);
    const checked = await answerOf('GET', check, {
      url: `/public/events/${event.uuid}/check?email=${encodeURIComponent(PADDED.toLowerCase())}`,
    });
    expect([checked.status, checked.problems]).toEqual([200, []]);
    expect(JSON.parse(checked.body)).toMatchObject({ data: { is_registered: true } });

    for (const [action, status] of [
      ['check-in', 200],
      ['cancel', 422],
    ] as const) {
      const path = `/public/events/{uuid}/${action}`;
      const body = { email: PADDED.toUpperCase() };
      expect(reader.issuesOf(reader.requestBodySchema('POST', path), body), path).toEqual([]);
      const answer = await answerOf('POST', path, {
        url: `/public/events/${event.uuid}/${action}`,
        ...json(body),
      });
      // Checked in by the padded address in another case; then it cannot be cancelled.
      expect([answer.status, answer.problems], path).toEqual([status, []]);
    }
  });

  it("every operation that takes a body refuses a broken one as the document says, the limit's headers included", async () => {
    const org = createOrganization(t.app, 'Headers Org');
    const token = createToken(t.app, org);
    const device = await pairDevice(t.app, org, [createEvent(t.app, org).uuid]);
    const staff = await signedInMember(t.app, org, 'owner');
    const credentialsFor = (path: string): Record<string, string> => {
      if (path.startsWith('/api/') || path === '/sync/events' || path === '/sync/connect') {
        return { authorization: `Bearer ${token}` };
      }
      if (path.startsWith('/sync/')) return { authorization: `Bearer ${device}` };
      if (path.startsWith('/dashboard/')) return { ...SAME_ORIGIN, cookie: staff.cookie() };
      return {};
    };
    const broken: [status: number, headers: Record<string, string>, payload: string][] = [
      [400, { 'content-type': 'application/json' }, '{'],
      [413, { 'content-type': 'application/json' }, JSON.stringify({ x: 'x'.repeat(1024 * 1024) })],
      [415, { 'content-type': 'text/plain' }, 'hello'],
    ];
    const unrefused: string[] = [];
    let withRateLimitHeaders = 0;
    for (const [method, path, operation] of operations()) {
      if (!(operation.responses as Json)['415']) continue;
      const url = path.replace(/\{[^}]+\}/g, UNKNOWN);
      for (const [refusal, headers, payload] of broken) {
        const answer = await answerOf(method, path, {
          url,
          headers: { ...credentialsFor(path), ...headers },
          payload,
        });
        expect(answer.problems, `${method} ${path}, for a ${refusal}: ${answer.status}`).toEqual([]);
        if (answer.status !== refusal) unrefused.push(`${method} ${path} ${refusal}`);
        if (answer.headers['x-ratelimit-limit'] !== undefined) withRateLimitHeaders += 1;
      }
    }
    // Every broken body met its refusal, but 1 MiB in the routes that take more: a device's ops, a CSV import and
    // its preview.
    expect(unrefused).toEqual([
      'POST /sync/ops 413',
      'POST /dashboard/api/events/{event_id}/import 413',
      'POST /dashboard/api/events/{event_id}/import/preview 413',
    ]);
    // The body refusals of every operation whose limit counts the request as it arrives.
    expect(withRateLimitHeaders).toBeGreaterThan(60);
  });
});

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
