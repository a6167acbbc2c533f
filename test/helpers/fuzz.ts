import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Arbitraries and response checks for fuzzing the HTTP API with fast-check.
 *
 * Runs and seed: every property's `numRuns` is scaled by FUZZ_RUNS_SCALE (default 1), and FUZZ_SEED (plus
 * FUZZ_PATH) replays a failure that fast-check reported, e.g. `FUZZ_SEED=-123 FUZZ_PATH=4:2 npx vitest run ...`;
 * FUZZ_SHRINK=1 also shrinks it (off by default, see below).
 */
export function fuzzParameters(numRuns: number): {
  numRuns: number;
  endOnFailure: boolean;
  seed?: number;
  path?: string;
} {
  const scale = Number(process.env.FUZZ_RUNS_SCALE ?? '1');
  const runs = Math.max(1, Math.round(numRuns * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
  const seed = process.env.FUZZ_SEED;
  const path = process.env.FUZZ_PATH;
  return {
    numRuns: runs,
    // A failing run is reported as found, with its seed and path; FUZZ_SHRINK=1 with FUZZ_SEED/FUZZ_PATH replays
    // and shrinks it. Shrinking re-sends requests, for a 10,000-id list thousands of times: past the test's timeout,
    // where it went on in the background and hid the failure behind the timeout.
    endOnFailure: process.env.FUZZ_SHRINK !== '1',
    ...(seed !== undefined && seed !== '' ? { seed: Number(seed) } : {}),
    ...(path !== undefined && path !== '' ? { path } : {}),
  };
}

/** Keys that reach `Object.prototype` (or shadow its methods) when code copies objects carelessly. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
] as const;

/** Strings that have broken parsers, validators, SQL and date handling elsewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b@example.com',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '[]',
  '{}',
  '%',
  '%00',
  '%ZZ',
  "'; DROP TABLE attendees; --",
  '" OR 1=1 --',
  '%_\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '</title><svg onload=alert(1)>',
  '{code}',
  '../../etc/passwd',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\u2028',
  'İ',
  'ß',
  '😀',
  'a\u0301',
  'a@b',
  'a@b.co',
  ' ADA@EXAMPLE.COM ',
  'ada@example.com\n',
  `${'x'.repeat(64)}@${'y'.repeat(190)}.com`,
  '2026-02-30',
  '2026-11-21',
  '0000-00-00',
  '2026-11-21T10:00:00Z',
  '2026-11-21T10:00:00+14:00',
  '2026-11-21T24:00Z',
  '9999-12-31T23:59:59-23:59',
  '0000-01-01T00:00Z',
  '+275760-09-13T00:00:00Z',
  'UTC',
  'Etc/GMT+12',
  'Europe/Berlin',
  'https://x.example/welcome?code={code}',
  'javascript:alert(1)//{code}',
  'general',
  'confirmed',
  'no_show',
] as const;

/** Long strings: over every field limit (255, 2048, 5000), some multi-byte, some whitespace only. */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 250, max: 70_000 }), fc.constantFrom('a', 'é', '😀', ' ', '\n', '%', '\u0000'))
  .map(([length, unit]) => unit.repeat(length));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: longString },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1, -1, 0.5, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 1_000_001, 5e-324),
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

function keyArbitrary(knownKeys: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom(...PROTOTYPE_KEYS),
    ...(knownKeys.length > 0 ? [fc.constantFrom(...knownKeys)] : []),
  );
}

/** `[[[...]]]` or `{"k":{"k":...}}` thousands of levels deep. */
function deeplyNested(knownKeys: readonly string[]): fc.Arbitrary<unknown> {
  return fc
    .record({
      depth: fc.integer({ min: 20, max: 3_000 }),
      asArray: fc.boolean(),
      key: keyArbitrary(knownKeys),
      inner: leaf,
    })
    .map(({ depth, asArray, key, inner }) => {
      let value: unknown = inner;
      for (let i = 0; i < depth; i++) value = asArray ? [value] : { [key]: value };
      return value;
    });
}

/**
 * Any JSON value, biased to hurt: wrong types everywhere, prototype keys, the route's own keys with the wrong
 * values, long and odd strings, deep nesting.
 */
export function hostileJson(knownKeys: readonly string[] = []): fc.Arbitrary<unknown> {
  const key = keyArbitrary(knownKeys);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 5, withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 6 }),
      fc.dictionary(key, tie('value'), { maxKeys: 8 }),
    ),
  }));
  return fc.oneof(
    { weight: 6, arbitrary: value },
    { weight: 2, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: deeplyNested(knownKeys) },
  );
}

/**
 * An object built from the route's real keys: usually every value plausible (the `valid` arbitraries, which may
 * themselves stray a little), often with one key given a hostile value or removed, sometimes with stray keys. This
 * gets past the shape checks that arbitrary JSON rarely passes, into the route's own rules.
 */
export function keyedBody(
  valid: Record<string, fc.Arbitrary<unknown>>,
  options: { required?: readonly string[]; knownKeys?: readonly string[] } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const knownKeys = options.knownKeys ?? keys;
  const corruption = fc.oneof(
    fc.tuple(fc.constantFrom(...keys), fc.oneof(leaf, hostileJson(knownKeys))),
    fc.tuple(fc.constantFrom(...keys)),
  );
  return fc
    .tuple(
      fc.record(valid, { requiredKeys: [...(options.required ?? [])] }),
      fc.option(corruption, { freq: 2 }),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(keyArbitrary(knownKeys), leaf, { maxKeys: 3 }) },
      ),
    )
    .map(([known, corrupt, stray]) => {
      const body: Record<string, unknown> = { ...stray, ...known };
      if (corrupt) {
        const [key, ...value] = corrupt;
        if (value.length === 0) delete body[key];
        else
          Object.defineProperty(body, key, {
            value: value[0],
            enumerable: true,
            writable: true,
            configurable: true,
          });
      }
      return body;
    });
}

/** Emails as people type them: mostly valid, some differing only in case or spaces, some broken. */
export const plausibleEmail: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,14}[a-z0-9]$/),
        fc.constantFrom('example.com', 'mail.example.org', 'b.co', 'EXAMPLE.COM'),
      )
      .map(([local, domain]) => `${local}@${domain}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** Text a person could type in a one-line field: mostly short and valid, sometimes empty, long or multi-line. */
export function plausibleText(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(40, maxLength) }),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: maxLength + 10 }) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  );
}

/** Raw request bodies that are mostly not JSON: truncated JSON, JS-isms, binary junk, BOMs. */
export const notJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary-ascii', minLength: 1 }),
  fc.constantFrom(
    '{',
    '}',
    '[',
    '{"email":',
    '{"email": "a@b.co",}',
    "{'email': 'a@b.co'}",
    '{email: "a@b.co"}',
    'NaN',
    'undefined',
    '{"a":1}{"b":2}',
    '\uFEFF{}',
    '\uFEFF\uFEFF{}',
    '{"__proto__": {"isAdmin": true}}',
    '{"constructor": {"prototype": {"isAdmin": true}}}',
    '{"a": 1e999999}',
    '"\\ud800"',
    '{"a":"\\u00"}',
    '\u0000',
    'email=a%40b.co&first_name=Ada',
    '<xml/>',
    '-',
    '01',
    '1.',
    '.5',
    '+1',
  ),
  hostileJson().map((value) => {
    const text = JSON.stringify(value) ?? 'null';
    return text.slice(0, Math.max(0, text.length - 1));
  }),
);

/** Content types the API does not take a body in, and variants of JSON's that a strict parser could trip on. */
export const otherContentType: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----x',
    'application/xml',
    'text/html',
    'application/octet-stream',
    'application/jsonx',
    'application/json-patch+json',
    'application/vnd.api+json',
    'application/ld+json',
    'json',
    '*/*',
    'application/*',
    '',
    ';',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/json ; charset=UTF-8',
    'application/json;;;',
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
);

const PERCENT_PIECES = [
  '%00',
  '%2F',
  '%2f',
  '%5C',
  '%2e%2e',
  '%2E',
  '%',
  '%Z',
  '%ZZ',
  '%C3%28',
  '%E0%A4%A',
  '%FF',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%20',
  '%09',
  '%0A',
  '%0D%0A',
  '%3F',
  '%23',
  '%25',
  '%26',
  '%3D',
  '%22',
  '%27',
  '%3C',
  '%7B',
  '..',
  '.',
  ';',
  '~',
  '+',
  ',',
  '!',
  '*',
  '@',
  ':',
  '$',
  '=',
  '&',
] as const;

/**
 * One path segment (no raw `/`, `?` or `#`): percent-encoded arbitrary text mixed with odd escapes, invalid
 * UTF-8 and dot pieces (a segment that is only `.` or `..` is left out: it is no parameter).
 */
export const oddPathSegment: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent) },
      { weight: 3, arbitrary: fc.constantFrom(...PERCENT_PIECES) },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS).map(safeEncode) },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 30, max: 2_000 }).map((n) => 'a'.repeat(n)),
      },
    ),
    { minLength: 0, maxLength: 6 },
  )
  .map((pieces) => pieces.join(''))
  // URL parsing resolves `.` and `..` (`%2e`, `%2E%2e`...): `/p/..` is `/`, another route altogether.
  .filter((segment) => !/^(\.|%2e){1,2}$/i.test(segment));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `encodeURIComponent` that survives lone surrogates (it throws on them). */
export function safeEncode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

/**
 * A query string with repeated keys, array-style keys and junk keys, values encoded or raw-escaped.
 */
export function queryString(
  keys: readonly string[],
  valueFor: (key: string) => fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const arrayStyle = keys.flatMap((k) => [`${k}[]`, `${k}[0]`, `${k}[a]`]);
  const pair = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...keys).chain((k) => valueFor(k).map((v) => [k, v] as const)) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...arrayStyle, ...PROTOTYPE_KEYS, ''), hostileString),
    },
  );
  const encoded = fc
    .array(pair, { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${safeEncode(k)}=${safeEncode(v)}`).join('&'));
  const raw = fc
    .array(fc.oneof(encoded, fc.constantFrom(...PERCENT_PIECES), fc.constantFrom('&', '=', '&&', '==')), {
      maxLength: 4,
    })
    .map((parts) => parts.join(''));
  return fc.oneof({ weight: 4, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** Header values an HTTP client can put on the wire: visible ASCII, spaces, tabs and Latin-1. */
export const headerText: fc.Arbitrary<string> = fc.string({
  unit: fc
    .oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
      { weight: 1, arbitrary: fc.constantFrom(0x09) },
      { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
    )
    .map((c) => String.fromCharCode(c)),
  maxLength: 80,
});

/** The 422 messages the interface names (public, token API, and the check endpoint's missing email). */
export const VALIDATION_MESSAGES: readonly string[] = [
  'Validation failed.',
  'The given data was invalid.',
  'Email is required.',
];

export interface ResponseExpectations {
  /** Statuses at which an HTML page is a correct answer (the `/p/{code}` page). */
  htmlStatuses?: readonly number[];
  /** When given, the status must be one of these. */
  statuses?: readonly number[];
}

/**
 * Throws (so fast-check reports and shrinks) unless the response is what every answer of the API must be:
 * not a 5xx, JSON, an object; an error carries a non-empty string `message`; a 422's `errors`, when present, maps
 * field names to non-empty arrays of non-empty strings.
 */
export function assertWellFormed(
  response: LightMyRequestResponse,
  expectations: ResponseExpectations = {},
): unknown {
  const { statusCode: status } = response;
  const contentType = String(response.headers['content-type'] ?? '');
  const excerpt = response.body.length > 500 ? `${response.body.slice(0, 500)}...` : response.body;
  const fail = (problem: string): never => {
    throw new Error(`${problem}\n  status: ${status}\n  content-type: ${contentType}\n  body: ${excerpt}`);
  };

  if (status >= 500) fail('server error');
  if (expectations.statuses && !expectations.statuses.includes(status)) {
    fail(`unexpected status (expected one of ${expectations.statuses.join(', ')})`);
  }
  if (expectations.htmlStatuses?.includes(status) && contentType.startsWith('text/html')) {
    if (!response.body.includes('<html')) fail('text/html answer without a page');
    return undefined;
  }
  if (!/^application\/json\b/i.test(contentType)) fail('the answer is not JSON');

  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return fail('the body does not parse as JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) fail('the body is not a JSON object');
  const record = body as Record<string, unknown>;

  if (status >= 400 || 'message' in record) {
    if (typeof record.message !== 'string' || record.message === '') fail('no string message');
  }
  // The interface's error shape, whoever answers (a route, Fastify's router, Node's parser): nothing else.
  const extra =
    status >= 400 ? Object.keys(record).filter((key) => key !== 'message' && key !== 'errors') : [];
  if (extra.length > 0) fail(`the error body carries ${extra.join(', ')} beside message and errors`);
  if (status === 422 && 'errors' in record) {
    const errors = record.errors;
    if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) {
      fail('errors is not an object');
    }
    const entries = Object.entries(errors as Record<string, unknown>);
    if (entries.length === 0) fail('errors is empty');
    for (const [field, list] of entries) {
      if (field === '') fail('errors names an empty field');
      if (!Array.isArray(list) || list.length === 0) fail(`errors.${field} is not a non-empty array`);
      if (!(list as unknown[]).every((m) => typeof m === 'string' && m !== '')) {
        fail(`errors.${field} holds something other than message strings`);
      }
    }
    if (!VALIDATION_MESSAGES.includes(record.message as string))
      fail('422 with an unknown validation message');
  }
  return body;
}
