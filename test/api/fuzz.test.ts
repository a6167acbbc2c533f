/**
 * Property-based fuzzing of every route's JSON body, query string and path parameters, through `app.inject` over a
 * real SQLite file. Whatever arrives, the API must answer without a server error, in JSON, with a string `message`
 * on every error and the `{ field: [messages] }` shape on 422s.
 *
 * Some properties go further where the interface fixes the answer: the statuses a route may give, a PATCH that
 * changes only the keys it sends, a registration acknowledged with 201 that the check endpoint then sees.
 *
 * Failures print fast-check's seed and path; replay one with FUZZ_SEED=<seed> FUZZ_PATH=<path>. Scale the runs
 * with FUZZ_RUNS_SCALE=10 for a longer hunt; FUZZ_STATS=1 prints which statuses each property reached. Server
 * errors are logged (level error) with their stack, to say where they come from.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, it, vi, expect } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../server/app.ts';
import { isNotText } from '../../server/platform/text.rules.ts';
import {
  CHECKIN_PERIOD_TYPES,
  FIELD_TYPES,
  PROFILE_FIELDS,
  type RegistrationField,
} from '../../server/contract/vocabulary.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import type { UserRecord } from '../../server/people/person.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  createUser,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import {
  assertWellFormed,
  fuzzParameters,
  headerText,
  hostileJson,
  hostileString,
  keyedBody,
  plausibleEmail,
  plausibleText,
  NASTY_STRINGS,
  notJsonText,
  oddPathSegment,
  otherContentType,
  queryString,
  safeEncode,
  type ResponseExpectations,
} from '../helpers/fuzz.ts';

let t: TestApp;
let org: Organization;
/** Every field type, a redirect URL: the richest registration path. */
let event: EventRecord;
/** Few seats and approval required: fills up, so 403s and pending registrations happen. */
let smallEvent: EventRecord;
/** The target of PATCH fuzzing, so the other events keep their settings. */
let patchedEvent: EventRecord;
let token: string;
/** An attendee of `event` that cancel, no-show and bulk no-show fuzzing may change. */
let attendeeUuid: string;
let profileUser: UserRecord;
let patchedUser: UserRecord;

// Hundreds of requests per property, many of them commits that wait for an fsync: on a busy shared disk a property
// has taken 15 s where it usually takes one. Correctness is what these measure, so a slow disk must not fail them.
vi.setConfig({ testTimeout: 120_000 });

const EVENT_FIELDS: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  { key: 'company', label: 'Company', type: 'text', required: false },
  { key: 'phone', label: 'Phone', type: 'phone', required: false },
  { key: 'birthday', label: 'Birthday', type: 'date', required: false },
  { key: 'bio', label: 'About you', type: 'textarea', required: false },
  {
    key: 'ticket',
    label: 'Ticket',
    type: 'select',
    required: false,
    options: [
      { value: 'general', label: 'General' },
      { value: 'vip', label: 'VIP' },
    ],
  },
];

beforeAll(async () => {
  t = await startTestApp({ logger: { level: 'error' } });
  org = createOrganization(t.app, 'Fuzz Hall');
  event = createEvent(t.app, org, {
    registration_fields: EVENT_FIELDS,
    redirect_url: 'https://platform.example/welcome?code={code}',
  });
  smallEvent = createEvent(t.app, org, { name: 'Small', seats: 3, requires_approval: true });
  patchedEvent = createEvent(t.app, org, { name: 'Patched' });
  token = createToken(t.app, org);
  const registered = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration('known@example.com'),
  });
  if (registered.status !== 201) throw new Error(`fixture registration failed: ${registered.status}`);
  attendeeUuid = t.app.store.repos.attendees.findForEmail(event.id, 'known@example.com')!.uuid;
  profileUser = createUser(t.app, org, {
    email: 'profile@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    address: { city: 'London' },
    profilePublic: true,
    publicFields: ['first_name', 'last_name', 'address'],
  });
  patchedUser = createUser(t.app, org, { email: 'patched@example.com' });
});

afterAll(async () => t?.close());

/**
 * FUZZ_STATS=1 prints, per property, how many answers each route gave with each status: a check that the
 * generators reach past validation into the routes' own rules.
 */
const stats = process.env.FUZZ_STATS ? new Map<string, number>() : null;
let currentTest = '';
beforeEach((context) => {
  currentTest = context.task.name;
});
afterAll(() => {
  if (stats) console.log([...stats].map(([key, n]) => `${String(n).padStart(5)}  ${key}`).join('\n'));
});

function routeOf(url: string): string {
  return url
    .split('?')[0]!
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id')
    .slice(0, 60);
}

interface Send {
  method: InjectOptions['method'];
  url: string;
  /** Sent as `JSON.stringify(json)` with Content-Type application/json. */
  json?: unknown;
  /** Sent as is. */
  raw?: string;
  contentType?: string;
  /** Bearer token by default on /api paths; a string replaces the whole Authorization header. */
  authorization?: string | null;
}

/** `json` is `request.json` already stringified, when the caller has it. */
async function send(request: Send, json = jsonText(request)): Promise<LightMyRequestResponse> {
  const response = await inject(request, json);
  if (stats) {
    const key = `${currentTest.slice(0, 50).padEnd(50)}  ${request.method} ${routeOf(request.url)} ${response.statusCode}`;
    stats.set(key, (stats.get(key) ?? 0) + 1);
  }
  return response;
}

const jsonText = (request: Send) => (request.json !== undefined ? JSON.stringify(request.json) : undefined);

function inject(request: Send, json: string | undefined): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: string | undefined;
  if (json !== undefined) {
    payload = json;
    headers['content-type'] = 'application/json';
  }
  if (request.raw !== undefined) payload = request.raw;
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  if (request.authorization !== undefined) {
    if (request.authorization !== null) headers.authorization = request.authorization;
  } else if (request.url.startsWith('/api/')) {
    headers.authorization = `Bearer ${token}`;
  }
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/**
 * Two refusals come before any route sees the body, so a property accepts them besides its own statuses: Fastify's
 * JSON parser answers 400 to prototype-poisoning keys (`__proto__`, `constructor.prototype`), and a body over the
 * size limit is 413 (long generated strings can get there).
 */
async function sendAndCheck(request: Send, expectations?: ResponseExpectations): Promise<unknown> {
  const json = jsonText(request);
  const statuses =
    expectations?.statuses && json !== undefined
      ? [
          ...expectations.statuses,
          ...(mayBePoisoned(json) ? [400] : []),
          ...(Buffer.byteLength(json) > BODY_LIMIT_BYTES ? [413] : []),
        ]
      : expectations?.statuses;
  return assertWellFormed(await send(request, json), { ...expectations, ...(statuses ? { statuses } : {}) });
}

function mayBePoisoned(json: string): boolean {
  return json.includes('"__proto__":') || (json.includes('"constructor":') && json.includes('"prototype":'));
}

// ---------------------------------------------------------------------------------------------------------------
// Values close to valid, per field: they get past the shape checks that arbitrary JSON rarely passes.

const SETTINGS_KEYS = [
  'name',
  'description',
  'starts_at',
  'ends_at',
  'location',
  'timezone',
  'seats',
  'requires_approval',
  'registration_opens_at',
  'registration_closes_at',
  'is_published',
  'checkin_period_type',
  'checkin_starts_at',
  'checkin_ends_at',
  'allow_self_checkin',
  'redirect_url',
  'registration_fields',
];
const USER_KEYS = [
  'email',
  'first_name',
  'last_name',
  'phone',
  'birthday',
  'address',
  'employment',
  'profile_public',
  'public_fields',
];

const emailish = fc.oneof(
  { weight: 5, arbitrary: plausibleEmail },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'known@example.com',
      ' KNOWN@example.com ',
      'profile@example.com',
      'patched@example.com',
      'same@example.com',
      'SAME@EXAMPLE.COM',
      'a@b.co',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
);

const dateOnly = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('9999-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('2026-02-29', '2024-02-29', '2026-13-01', '2026-1-1', '20261121', ''),
  },
);

const OFFSETS = ['Z', '+00:00', '-05:00', '+14:00', '-12:00', '+05:30', '+99:99', ''];
const instant = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2027-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...OFFSETS),
      )
      .map(([d, offset]) => d.toISOString().slice(0, 19) + offset),
  },
  { weight: 2, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '0000-01-01T00:00Z',
      '9999-12-31T23:59:59.999999999-23:59',
      '2026-02-30T10:00:00Z',
      '2026-11-21T24:00Z',
      '2026-11-21 10:00:00Z',
      '2026-11-21',
      'tomorrow',
    ),
  },
);

const registrationFieldInput = fc.record(
  {
    key: fc.oneof(
      fc.constantFrom('email', 'first_name', 'last_name', 'name', 'company', 'phone', 'birthday', 'notes'),
      fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/),
      hostileString,
    ),
    label: plausibleText(30),
    type: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...FIELD_TYPES) }, fc.constant('number')),
    required: fc.oneof({ weight: 6, arbitrary: fc.boolean() }, fc.constant('yes')),
    options: fc.array(fc.record({ value: plausibleText(10), label: plausibleText(10) }), { maxLength: 4 }),
  },
  { requiredKeys: ['key', 'label', 'type'] },
);

const EMAIL_FIELD = { key: 'email', label: 'Email', type: 'email', required: true };

const registrationFields = fc
  .tuple(fc.boolean(), fc.array(registrationFieldInput, { maxLength: 6 }))
  .map(([withEmail, fields]) => (withEmail ? [EMAIL_FIELD, ...fields] : fields));

const settingsValues: Record<string, fc.Arbitrary<unknown>> = {
  name: plausibleText(300),
  description: fc.oneof(plausibleText(100), fc.constant('d'.repeat(5001))),
  starts_at: instant,
  ends_at: instant,
  location: fc.option(plausibleText(300)),
  timezone: fc.constantFrom(
    'UTC',
    'utc',
    'Europe/Berlin',
    'America/New_York',
    'Asia/Kolkata',
    'Pacific/Kiritimati',
    'Etc/GMT+12',
    'Mars/Olympus',
    '',
    '+05:00',
  ),
  seats: fc.option(fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constantFrom(1_000_000, 1_000_001, 2.5))),
  requires_approval: fc.boolean(),
  registration_opens_at: instant,
  registration_closes_at: instant,
  is_published: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.boolean()),
  checkin_period_type: fc.constantFrom(...CHECKIN_PERIOD_TYPES, 'always'),
  checkin_starts_at: instant,
  checkin_ends_at: instant,
  allow_self_checkin: fc.boolean(),
  redirect_url: fc.option(
    fc.oneof(
      fc.webUrl().map((url) => `${url}${url.includes('?') ? '&' : '?'}code={code}`),
      fc.webUrl(),
      fc.constantFrom('ftp://x.example/{code}', 'https://x.example/{code}/{code}', 'https:// {code}'),
    ),
  ),
  registration_fields: registrationFields,
};

const optionalText = (maxLength: number) => fc.option(plausibleText(maxLength));

const userValues: Record<string, fc.Arbitrary<unknown>> = {
  email: emailish,
  first_name: optionalText(300),
  last_name: optionalText(300),
  phone: optionalText(25),
  birthday: fc.option(dateOnly),
  address: fc.option(
    fc.record(
      {
        street: optionalText(300),
        city: optionalText(30),
        state: optionalText(30),
        postal_code: optionalText(25),
        country: optionalText(30),
      },
      { requiredKeys: [] },
    ),
  ),
  employment: fc.option(
    fc.record({ job_title: optionalText(300), company: optionalText(30) }, { requiredKeys: [] }),
  ),
  profile_public: fc.boolean(),
  public_fields: fc.array(fc.constantFrom(...PROFILE_FIELDS, 'password'), { maxLength: 9 }),
};

const registrationValues: Record<string, fc.Arbitrary<unknown>> = {
  email: emailish,
  first_name: plausibleText(300),
  last_name: plausibleText(300),
  company: plausibleText(300),
  phone: plausibleText(25),
  birthday: dateOnly,
  bio: fc.oneof(plausibleText(200), fc.constant('b'.repeat(5001))),
  ticket: fc.constantFrom('general', 'vip', 'VIP', ' vip ', 'other', ''),
};

const attendeeIdList = (known: () => string) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.array(
        fc.oneof(
          fc.uuid(),
          fc.constant(null).map(known),
          fc.constant(null).map(() => known().toUpperCase()),
          hostileString,
        ),
        { maxLength: 20 },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(10_000, 10_001)
        .map((length) => [known(), ...Array.from({ length: length - 1 }, (_, i) => uuidFrom(i))]),
    },
  );

function uuidFrom(i: number): string {
  return `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The routes, by what they take.

interface BodyRoute {
  name: string;
  method: 'POST' | 'PATCH';
  url: () => string;
  /** The keys the route reads, offered to the generators so they hit real fields. */
  keys: readonly string[];
}

const BODY_ROUTES: BodyRoute[] = [
  {
    name: 'register',
    method: 'POST',
    url: () => `/public/events/${event.uuid}/register`,
    keys: EVENT_FIELDS.map((f) => f.key),
  },
  { name: 'check-in', method: 'POST', url: () => `/public/events/${event.uuid}/check-in`, keys: ['email'] },
  {
    name: 'public cancel',
    method: 'POST',
    url: () => `/public/events/${event.uuid}/cancel`,
    keys: ['email'],
  },
  { name: 'create event', method: 'POST', url: () => '/api/events', keys: SETTINGS_KEYS },
  {
    name: 'edit event',
    method: 'PATCH',
    url: () => `/api/events/${patchedEvent.uuid}`,
    keys: SETTINGS_KEYS,
  },
  {
    name: 'bulk no-show',
    method: 'POST',
    url: () => `/api/events/${event.uuid}/attendees/bulk-no-show`,
    keys: ['attendee_ids'],
  },
  {
    name: 'staff cancel',
    method: 'POST',
    url: () => `/api/events/${event.uuid}/attendees/${attendeeUuid}/cancel`,
    keys: [],
  },
  {
    name: 'no-show',
    method: 'POST',
    url: () => `/api/events/${event.uuid}/attendees/${attendeeUuid}/no-show`,
    keys: [],
  },
  { name: 'create user', method: 'POST', url: () => '/api/users', keys: USER_KEYS },
  { name: 'edit user', method: 'PATCH', url: () => `/api/users/${patchedUser.uuid}`, keys: USER_KEYS },
];

const bodyRoute = fc.constantFrom(...BODY_ROUTES);

interface PathRoute {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: (segment: string) => string;
  json?: unknown;
  /** The `/p/{code}` page answers in HTML. */
  html?: boolean;
}

const PATH_ROUTES: PathRoute[] = [
  { name: 'event details', method: 'GET', url: (s) => `/public/events/${s}` },
  {
    name: 'register',
    method: 'POST',
    url: (s) => `/public/events/${s}/register`,
    json: registration('path@example.com'),
  },
  { name: 'check', method: 'GET', url: (s) => `/public/events/${s}/check?email=known%40example.com` },
  {
    name: 'check-in',
    method: 'POST',
    url: (s) => `/public/events/${s}/check-in`,
    json: { email: 'known@example.com' },
  },
  {
    name: 'public cancel',
    method: 'POST',
    url: (s) => `/public/events/${s}/cancel`,
    json: { email: 'nobody@example.com' },
  },
  { name: 'profile', method: 'GET', url: (s) => `/public/profile/${s}` },
  { name: 'profile page', method: 'GET', url: (s) => `/p/${s}`, html: true },
  { name: 'event', method: 'GET', url: (s) => `/api/events/${s}` },
  { name: 'edit event', method: 'PATCH', url: (s) => `/api/events/${s}`, json: { name: 'x' } },
  { name: 'attendee list', method: 'GET', url: (s) => `/api/events/${s}/attendees` },
  { name: 'attendee lookup', method: 'GET', url: (s) => `/api/attendees/${s}` },
  {
    name: 'staff cancel (event id)',
    method: 'POST',
    url: (s) => `/api/events/${s}/attendees/${attendeeUuid}/cancel`,
  },
  {
    name: 'staff cancel (attendee id)',
    method: 'POST',
    url: (s) => `/api/events/${event.uuid}/attendees/${s}/cancel`,
  },
  {
    name: 'no-show (event id)',
    method: 'POST',
    url: (s) => `/api/events/${s}/attendees/${attendeeUuid}/no-show`,
  },
  {
    name: 'no-show (attendee id)',
    method: 'POST',
    url: (s) => `/api/events/${event.uuid}/attendees/${s}/no-show`,
  },
  {
    name: 'bulk no-show',
    method: 'POST',
    url: (s) => `/api/events/${s}/attendees/bulk-no-show`,
    json: { attendee_ids: [uuidFrom(1)] },
  },
  { name: 'edit user', method: 'PATCH', url: (s) => `/api/users/${s}`, json: { first_name: 'x' } },
];

const HTML_STATUSES = [200, 403, 404];

/** Markup from NASTY_STRINGS that must reach a page escaped, never as tags. */
const MARKUP_INJECTIONS = ['<script>', '<img src=x', '<svg onload'];

// ---------------------------------------------------------------------------------------------------------------

describe('fuzz: JSON bodies', () => {
  it('every body route answers arbitrary JSON values with a well-formed 4xx or success, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyRoute.chain((route) => fc.tuple(fc.constant(route), hostileJson(route.keys))),
        async ([route, json]) => {
          await sendAndCheck({ method: route.method, url: route.url(), json });
        },
      ),
      fuzzParameters(300),
    );
  });

  it('registration answers 201, 403, 409 or 422 to bodies built from the event fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(event, smallEvent),
        keyedBody(registrationValues, { required: ['email', 'first_name', 'last_name'] }),
        async (target, json) => {
          const body = await sendAndCheck(
            { method: 'POST', url: `/public/events/${target.uuid}/register`, json },
            { statuses: [201, 403, 409, 422] },
          );
          const created = body as { data?: { email?: unknown; status?: unknown } };
          if (created.data !== undefined && typeof created.data.email !== 'string') {
            throw new Error(`201 without the attendee's email: ${JSON.stringify(body)}`);
          }
        },
      ),
      fuzzParameters(200),
    );
  });

  it('registration fields named like Object.prototype members validate like any other field', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        // `constructor` is the one Object.prototype member the key rule (^[a-z][a-z0-9_]*$) admits.
        fc.oneof(
          { weight: 3, arbitrary: fc.constant('constructor') },
          fc.constantFrom('prototype', 'valueof', 'tostring', 'length'),
        ),
        fc.constantFrom(...FIELD_TYPES),
        fc.boolean(),
        fc.option(
          fc.constantFrom('', ' ', 'Ada', '2000-01-31', '2026-02-30', 'a@example.com', 'x\ny', 'opt'),
        ),
        async (key, type, required, value) => {
          const created = (await sendAndCheck(
            {
              method: 'POST',
              url: '/api/events',
              json: {
                name: `Shadowing ${key}`,
                is_published: true,
                registration_fields: [
                  { key: 'email', label: 'Email', type: 'email', required: true },
                  { key, label: key, type, required, options: [{ value: 'opt', label: 'Option' }] },
                ],
              },
            },
            { statuses: [201] },
          )) as { data: { id: string } };
          await sendAndCheck(
            {
              method: 'POST',
              url: `/public/events/${created.data.id}/register`,
              json: { email: `shadow-${++n}@example.com`, ...(value === null ? {} : { [key]: value }) },
            },
            { statuses: [201, 422] },
          );
        },
      ),
      fuzzParameters(40),
    );
  });

  it('check-in and cancel answer email bodies with the documented statuses only', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('check-in', 'cancel'),
        fc.constantFrom(event, smallEvent),
        keyedBody({ email: emailish }, { required: ['email'] }),
        async (action, target, json) => {
          await sendAndCheck(
            { method: 'POST', url: `/public/events/${target.uuid}/${action}`, json },
            { statuses: action === 'cancel' ? [200, 404, 422] : [200, 403, 404, 409, 422] },
          );
        },
      ),
      fuzzParameters(150),
    );
  });

  it('event create and edit answer bodies built from the settings keys with 200, 201 or 422', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        keyedBody(settingsValues, { required: ['name'] }),
        async (create, json) => {
          await sendAndCheck(
            create
              ? { method: 'POST', url: '/api/events', json }
              : { method: 'PATCH', url: `/api/events/${patchedEvent.uuid}`, json },
            { statuses: create ? [201, 422] : [200, 422] },
          );
        },
      ),
      fuzzParameters(200),
    );
  });

  it('user create and edit answer profile bodies with 200, 201 or 422, and the saved profile is servable', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), keyedBody(userValues, { required: ['email'] }), async (create, json) => {
        const body = (await sendAndCheck(
          create
            ? { method: 'POST', url: '/api/users', json }
            : { method: 'PATCH', url: `/api/users/${patchedUser.uuid}`, json },
          { statuses: create ? [201, 422] : [200, 422] },
        )) as { data?: { profile_code?: string } };
        const code = body.data?.profile_code;
        if (code === undefined) return;
        await sendAndCheck({ method: 'GET', url: `/public/profile/${code}` }, { statuses: [200, 403] });
        const page = await send({ method: 'GET', url: `/p/${code}` });
        assertWellFormed(page, { statuses: [200, 403], htmlStatuses: HTML_STATUSES });
        const injected = MARKUP_INJECTIONS.find((markup) => page.body.includes(markup));
        if (injected) throw new Error(`the profile page carries ${injected} unescaped:\n${page.body}`);
      }),
      fuzzParameters(150),
    );
  });

  it('bulk no-show answers id lists of any content with 200 or 422', async () => {
    await fc.assert(
      fc.asyncProperty(
        keyedBody({ attendee_ids: attendeeIdList(() => attendeeUuid) }, { required: ['attendee_ids'] }),
        async (json) => {
          const body = (await sendAndCheck(
            { method: 'POST', url: `/api/events/${event.uuid}/attendees/bulk-no-show`, json },
            { statuses: [200, 422] },
          )) as { success_count?: unknown; failed_count?: unknown };
          if ('success_count' in body && !Number.isInteger(body.failed_count)) {
            throw new Error(`200 without counts: ${JSON.stringify(body)}`);
          }
        },
      ),
      fuzzParameters(100),
    );
  });

  it('an event created with random settings takes registrations, checks, check-ins and cancels as documented', async () => {
    const now = t.clock.now().getTime();
    const HOUR = 3_600_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const around = fc.integer({ min: -48, max: 48 }).map((h) => now + h * HOUR + 30 * 60_000);
    const span = fc.tuple(around, fc.integer({ min: 1, max: 72 }));
    const checkin = fc.oneof(
      fc.constant({ checkin_period_type: 'immediate' }),
      fc.constant({ checkin_period_type: 'disabled' }),
      around.map((at) => ({ checkin_period_type: 'starts_on', checkin_starts_at: iso(at) })),
      span.map(([at, hours]) => ({
        checkin_period_type: 'date_range',
        checkin_starts_at: iso(at),
        checkin_ends_at: iso(at + hours * HOUR),
      })),
    );
    const registrationWindow = fc.oneof(
      { weight: 2, arbitrary: fc.constant({}) },
      span.map(([at, hours]) => ({
        registration_opens_at: iso(at),
        registration_closes_at: iso(at + hours * HOUR),
      })),
    );
    const field = fc.record({
      key: fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/) },
        fc.constantFrom('constructor', 'prototype', 'name', 'first_name', 'last_name', 'valueof'),
      ),
      label: fc
        .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 })
        .filter((l) => l.trim() !== ''),
      type: fc.constantFrom(...FIELD_TYPES),
      required: fc.boolean(),
      options: fc
        .uniqueArray(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 })
        .map((values) => values.map((value) => ({ value, label: value.toUpperCase() }))),
    });
    const plausibleSettings = fc
      .tuple(
        fc.record({
          name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((n) => n.trim() !== ''),
          timezone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Etc/GMT+12'),
          seats: fc.option(fc.integer({ min: 1, max: 4 })),
          requires_approval: fc.boolean(),
          allow_self_checkin: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
          is_published: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, fc.constant(false)),
          redirect_url: fc.option(fc.constant('https://platform.example/welcome?code={code}')),
          registration_fields: fc
            .uniqueArray(field, { selector: (f) => f.key, maxLength: 5 })
            .map((fields) => [EMAIL_FIELD, ...fields.filter((f) => f.key !== 'email')]),
        }),
        checkin,
        registrationWindow,
      )
      .map(([base, period, window]) => ({ ...base, ...period, ...window }));
    const settings = fc.oneof(
      { weight: 4, arbitrary: plausibleSettings },
      { weight: 1, arbitrary: keyedBody(settingsValues, { required: ['name'] }) },
    );
    const attempt = fc.record({
      email: emailish,
      text: plausibleText(255),
      phone: fc.oneof(fc.stringMatching(/^\+?[0-9 ]{3,18}$/), plausibleText(25)),
      date: dateOnly,
      option: fc.oneof({ weight: 5, arbitrary: fc.nat() }, fc.constant(-1)),
      omit: fc.boolean(),
    });

    interface CreatedEvent {
      id: string;
      is_published: boolean;
      is_checkin_allowed: boolean;
      allow_self_checkin: boolean;
      requires_approval: boolean;
      registration_fields: RegistrationField[];
    }

    await fc.assert(
      fc.asyncProperty(
        settings,
        fc.array(attempt, { minLength: 1, maxLength: 4 }),
        async (json, attempts) => {
          const created = (await sendAndCheck(
            { method: 'POST', url: '/api/events', json },
            { statuses: [201, 422] },
          )) as { data?: CreatedEvent };
          if (!created.data) return;
          const ev = created.data;
          const url = `/public/events/${ev.id}`;
          await sendAndCheck({ method: 'GET', url }, { statuses: [ev.is_published ? 200 : 404] });

          for (const a of attempts) {
            const body: Record<string, unknown> = {};
            for (const f of ev.registration_fields) {
              if (a.omit && !f.required) continue;
              const options = f.options ?? [];
              body[f.key] =
                f.type === 'email'
                  ? a.email
                  : f.type === 'date'
                    ? a.date
                    : f.type === 'phone'
                      ? a.phone
                      : f.type === 'select'
                        ? (options[a.option % Math.max(1, options.length)]?.value ?? a.text)
                        : a.text;
            }
            // Text that is not text (a lone surrogate) is refused before anything else is read, the event included.
            const refusable = Object.values(body).some(
              (value) => typeof value === 'string' && isNotText(value),
            );
            const registered = (await sendAndCheck(
              { method: 'POST', url: `${url}/register`, json: body },
              { statuses: refusable ? [422] : ev.is_published ? [201, 403, 409, 422] : [404] },
            )) as { data?: { email: string; status: string } };
            const attendee = registered.data;
            const email = attendee?.email ?? a.email;
            const checked = (await sendAndCheck(
              { method: 'GET', url: `${url}/check?email=${safeEncode(email)}` },
              { statuses: attendee ? [200] : ev.is_published ? [200, 422] : [404, 422] },
            )) as { data?: { is_registered: boolean } };
            if (attendee && checked.data?.is_registered !== true) {
              throw new Error(`${email} registered (201) but check says ${JSON.stringify(checked)}`);
            }

            const canCheckIn =
              ev.is_checkin_allowed && ev.allow_self_checkin && attendee?.status === 'confirmed';
            const firstCheckIn = await send({ method: 'POST', url: `${url}/check-in`, json: { email } });
            assertWellFormed(firstCheckIn, {
              statuses: attendee ? [canCheckIn ? 200 : 403] : [200, 403, 404, 409, 422],
            });
            const checkedIn = firstCheckIn.statusCode === 200;
            await sendAndCheck(
              { method: 'POST', url: `${url}/check-in`, json: { email } },
              { statuses: checkedIn ? [409] : [403, 404, 409, 422] },
            );
            await sendAndCheck(
              { method: 'POST', url: `${url}/cancel`, json: { email } },
              { statuses: attendee ? [checkedIn ? 422 : 200] : [200, 404, 422] },
            );
          }
          const list = (await sendAndCheck(
            { method: 'GET', url: `/api/events/${ev.id}/attendees?per_page=100` },
            { statuses: [200] },
          )) as { data: { email: string; status: string }[] };
          const live = list.data.filter((x) => x.status !== 'canceled').map((x) => x.email.toLowerCase());
          if (new Set(live).size !== live.length) {
            throw new Error(`two live registrations for one email: ${JSON.stringify(list.data)}`);
          }
        },
      ),
      fuzzParameters(80),
    );
  });
});

describe('fuzz: edits change only the keys they send', () => {
  it('a user edit (PATCH /api/users/{id}) leaves every key it does not send as it was', async () => {
    const edits: Record<string, fc.Arbitrary<unknown>> = {
      first_name: plausibleText(255).filter((v) => v.trim() !== '' && v.length <= 255),
      last_name: fc.constantFrom('Byron', 'King', ''),
      phone: fc.constantFrom('+1 202 555 0143', null),
      birthday: fc.constantFrom('1990-01-31', '2000-02-29', null),
      address: fc.option(fc.record({ city: fc.constantFrom('Paris', 'Lima') }, { requiredKeys: [] })),
      employment: fc.option(fc.record({ company: fc.constantFrom('Acme', 'Initech') })),
      profile_public: fc.boolean(),
      public_fields: fc.subarray([...PROFILE_FIELDS]),
    };
    const wireToRecord: Record<string, keyof UserRecord> = {
      email: 'email',
      first_name: 'firstName',
      last_name: 'lastName',
      phone: 'phone',
      birthday: 'birthday',
      address: 'address',
      employment: 'employment',
      profile_public: 'profilePublic',
      public_fields: 'publicFields',
    };
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.record(edits, { requiredKeys: [] }), async (json) => {
        const user = createUser(t.app, org, {
          email: `edit-${++n}-${Date.now()}@example.com`,
          firstName: 'Ada',
          lastName: 'Lovelace',
          phone: '+44 20 7946 0018',
          birthday: '1815-12-10',
          address: { city: 'London', country: 'United Kingdom' },
          employment: { job_title: 'Analyst', company: 'Engines' },
          profilePublic: true,
          publicFields: ['first_name', 'employment'],
        });
        // Text that is not text (a NUL, a lone surrogate: NASTY_STRINGS has both) is refused, changing nothing.
        const refusable = Object.values(json).some((value) => typeof value === 'string' && isNotText(value));
        await sendAndCheck(
          { method: 'PATCH', url: `/api/users/${user.uuid}`, json },
          { statuses: refusable ? [422] : [200] },
        );
        const after = t.app.store.repos.users.findByUuid(user.uuid)!;
        for (const [wire, field] of Object.entries(wireToRecord)) {
          if (Object.hasOwn(json, wire) && !refusable) continue;
          if (JSON.stringify(after[field]) !== JSON.stringify(user[field])) {
            throw new Error(
              `PATCH ${JSON.stringify(json)} changed ${wire}, which it did not send: ` +
                `${JSON.stringify(user[field])} -> ${JSON.stringify(after[field])}`,
            );
          }
        }
      }),
      fuzzParameters(40),
    );
  });

  it('an event edit (PATCH /api/events/{id}) leaves every key it does not send as it was, and a refused one changes nothing', async () => {
    const edits: Record<string, fc.Arbitrary<unknown>> = {
      name: fc.constantFrom('Renamed', ' Spaced ', ''),
      description: fc.constantFrom('New description', ''),
      starts_at: fc.constantFrom('2026-12-01T18:00:00+01:00', '2027-06-01T09:00:00Z', null),
      ends_at: fc.constantFrom('2026-12-01T23:00:00+01:00', '2026-01-01T00:00:00Z', null),
      location: fc.constantFrom('Hall B', '', null),
      timezone: fc.constantFrom('Europe/Paris', 'UTC'),
      seats: fc.constantFrom(10, 500, null),
      requires_approval: fc.boolean(),
      is_published: fc.boolean(),
      checkin_period_type: fc.constantFrom(...CHECKIN_PERIOD_TYPES),
      allow_self_checkin: fc.boolean(),
      redirect_url: fc.constantFrom('https://other.example/?c={code}', null),
    };
    await fc.assert(
      fc.asyncProperty(fc.record(edits, { requiredKeys: [] }), async (json) => {
        const before = createEvent(t.app, org, {
          name: 'Original',
          description: 'Original description',
          starts_at: '2026-11-30T18:00:00Z',
          ends_at: '2026-11-30T23:00:00Z',
          location: 'Main Hall',
          timezone: 'Europe/London',
          seats: 100,
          requires_approval: true,
          checkin_period_type: 'date_range',
          checkin_starts_at: '2026-11-30T17:00:00Z',
          checkin_ends_at: '2026-11-30T23:00:00Z',
          allow_self_checkin: false,
          redirect_url: 'https://platform.example/welcome?code={code}',
          registration_fields: EVENT_FIELDS,
        });
        const response = await send({ method: 'PATCH', url: `/api/events/${before.uuid}`, json });
        assertWellFormed(response, { statuses: [200, 422] });
        const after = t.app.store.repos.events.findByUuid(before.uuid)!;
        const sent = new Set(response.statusCode === 200 ? Object.keys(json) : []);
        const wire: Record<string, unknown> = {
          name: [before.name, after.name],
          description: [before.description, after.description],
          starts_at: [before.startsAt, after.startsAt],
          ends_at: [before.endsAt, after.endsAt],
          location: [before.location, after.location],
          timezone: [before.timezone, after.timezone],
          seats: [before.seats, after.seats],
          requires_approval: [before.requiresApproval, after.requiresApproval],
          registration_opens_at: [before.registrationOpensAt, after.registrationOpensAt],
          registration_closes_at: [before.registrationClosesAt, after.registrationClosesAt],
          is_published: [before.isPublished, after.isPublished],
          checkin_period_type: [before.checkinPeriodType, after.checkinPeriodType],
          checkin_starts_at: [before.checkinStartsAt, after.checkinStartsAt],
          checkin_ends_at: [before.checkinEndsAt, after.checkinEndsAt],
          allow_self_checkin: [before.allowSelfCheckin, after.allowSelfCheckin],
          redirect_url: [before.redirectUrl, after.redirectUrl],
          registration_fields: [before.registrationFields, after.registrationFields],
        };
        for (const [key, [was, is]] of Object.entries(wire) as [string, [unknown, unknown]][]) {
          if (sent.has(key)) continue;
          if (JSON.stringify(was) !== JSON.stringify(is)) {
            throw new Error(
              `PATCH ${JSON.stringify(json)} (${response.statusCode}) changed ${key}, which it did not ` +
                `change: ${JSON.stringify(was)} -> ${JSON.stringify(is)}`,
            );
          }
        }
      }),
      fuzzParameters(60),
    );
  });
});

describe('fuzz: raw bodies and content types', () => {
  it('text that is not JSON, sent as application/json, is a 400 (or parses) and never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(bodyRoute, notJsonText, async (route, raw) => {
        const parses = isJson(raw);
        // Over the body limit the size is refused before the text is read (hostile JSON, cut short, can be).
        const refusal = Buffer.byteLength(raw) > BODY_LIMIT_BYTES ? 413 : 400;
        await sendAndCheck(
          { method: route.method, url: route.url(), raw, contentType: 'application/json' },
          // An empty body counts as no body; text JSON.parse takes may still be refused (prototype keys).
          parses || raw.trim() === '' ? {} : { statuses: [refusal] },
        );
      }),
      fuzzParameters(250),
    );
  });

  it('a body in any other content type is refused with a 4xx JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyRoute,
        otherContentType,
        fc.oneof(notJsonText, fc.constant('{"email":"a@b.co"}')),
        async (route, contentType, raw) => {
          const isJsonType = /^\s*application\/json\s*(;|$)/i.test(contentType);
          const response = await send({ method: route.method, url: route.url(), raw, contentType });
          assertWellFormed(response);
          // A route without a body schema may ignore a body it cannot parse only if it is JSON in the first place.
          if (!isJsonType && response.statusCode < 400) {
            throw new Error(`accepted a ${JSON.stringify(contentType)} body with ${response.statusCode}`);
          }
        },
      ),
      fuzzParameters(200),
    );
  });

  it('a body nested hundreds of thousands of levels deep, up to the size limit, gets a well-formed answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyRoute,
        fc.integer({ min: 10_000, max: 400_000 }),
        fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"email":', '}'], ['{"registration_fields":', '}']),
        async (route, depth, [open, close]) => {
          const levels = Math.min(depth, Math.floor((BODY_LIMIT_BYTES - 10) / (open.length + close.length)));
          const raw = `${open.repeat(levels)}1${close.repeat(levels)}`;
          // Unknown keys are ignored, so `{"a":{"a":...}}` is a valid edit: any answer but a 5xx will do.
          await sendAndCheck({
            method: route.method,
            url: route.url(),
            raw,
            contentType: 'application/json',
          });
        },
      ),
      fuzzParameters(20),
    );
  });

  it('a body over the 1 MiB limit is refused with 413', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyRoute,
        fc.integer({ min: BODY_LIMIT_BYTES + 1, max: 3 * BODY_LIMIT_BYTES }),
        async (route, size) => {
          const raw = `{"email":"${'a'.repeat(size)}"}`;
          await sendAndCheck(
            { method: route.method, url: route.url(), raw, contentType: 'application/json' },
            { statuses: [413] },
          );
        },
      ),
      fuzzParameters(15),
    );
  });
});

describe('fuzz: path parameters', () => {
  const pathRoute = fc.constantFrom(...PATH_ROUTES);

  it('odd, percent-encoded path parameters get a well-formed 400, 404, 414 or 422, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(pathRoute, oddPathSegment, async (route, segment) => {
        await sendAndCheck(
          { method: route.method, url: route.url(segment), json: route.json },
          { statuses: [400, 404, 414, 422], ...(route.html ? { htmlStatuses: HTML_STATUSES } : {}) },
        );
      }),
      fuzzParameters(300),
    );
  });

  it('a real id with anything added, or a profile code in another case, is not found', async () => {
    const realId = fc.constantFrom(
      () => event.uuid,
      () => attendeeUuid,
      () => profileUser.profileCode,
      () => patchedUser.uuid,
    );
    const variant = fc.oneof(
      fc.constant({ changesCase: true, change: (id: string) => id.toUpperCase() }),
      fc.constant({ changesCase: true, change: (id: string) => id.toLowerCase() }),
      fc.constant({ changesCase: false, change: (id: string) => id.replaceAll('-', '') }),
      fc.constant({ changesCase: false, change: (id: string) => `{${id}}` }),
      fc
        .oneof(
          oddPathSegment.filter((s) => s !== ''),
          fc.constantFrom('%20', '%00', '%0A', '.', '%2F'),
        )
        .map((suffix) => ({ changesCase: false, change: (id: string) => id + suffix })),
      fc
        .constantFrom('%20', '+', '.')
        .map((prefix) => ({ changesCase: false, change: (id: string) => prefix + id })),
    );
    await fc.assert(
      fc.asyncProperty(pathRoute, realId, variant, async (route, id, { changesCase, change }) => {
        const real = id();
        const segment = change(real);
        if (segment === real) return;
        // Profile codes are case-sensitive (the interface says so); UUIDs are not (RFC 9562), so a UUID in
        // another case names the same resource and the route answers as it would for it: well-formed, any status.
        const caseOnlyUuid = changesCase && real !== profileUser.profileCode;
        await sendAndCheck(
          { method: route.method, url: route.url(segment), json: route.json },
          {
            ...(caseOnlyUuid ? {} : { statuses: [400, 404, 414, 422] }),
            ...(route.html ? { htmlStatuses: HTML_STATUSES } : {}),
          },
        );
      }),
      fuzzParameters(150),
    );
  });
});

describe('fuzz: query strings', () => {
  const numberish = fc.oneof(
    fc.integer({ min: -5, max: 200 }).map(String),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '1e400',
      'NaN',
      'Infinity',
      '0x10',
      ' 7 ',
      '',
      '99999999999999999999',
    ),
    hostileString,
  );
  const listValues = (key: string): fc.Arbitrary<string> => {
    switch (key) {
      case 'status':
        return fc.oneof(
          fc.constantFrom('pending', 'confirmed', 'canceled', 'no_show', 'CONFIRMED', ''),
          hostileString,
        );
      case 'page':
      case 'per_page':
        return numberish;
      case 'email':
        return emailish;
      default:
        return hostileString;
    }
  };

  it('the check endpoint answers any email query, repeated or not, with 200 or 422', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(event, smallEvent),
        queryString(['email', 'Email', 'mail'], () => emailish),
        async (target, query) => {
          await sendAndCheck(
            { method: 'GET', url: `/public/events/${target.uuid}/check?${query}` },
            { statuses: [200, 422] },
          );
        },
      ),
      fuzzParameters(200),
    );
  });

  it('a query key named __proto__ that is not text is named in the 422, as any other key is', async () => {
    // Found by seed -452570711: the not-text sentence was assigned to `errors.__proto__`, which set the object's
    // prototype instead, and the 422 went out with `errors: {}`.
    const answer = await t.app.inject({
      method: 'GET',
      url: `/public/events/${event.uuid}/check?email=a%40b.co&__proto__=a%00b`,
    });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(answer.json().errors)).toEqual(['__proto__']);
  });

  it('the attendee list answers any filter and paging query with 200 or 422, and pages within per_page', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryString(['status', 'email', 'q', 'page', 'per_page'], listValues),
        async (query) => {
          const body = (await sendAndCheck(
            { method: 'GET', url: `/api/events/${event.uuid}/attendees?${query}` },
            { statuses: [200, 422] },
          )) as { data?: unknown[]; meta?: { per_page: number; total: number } };
          if (body.data && body.meta && body.data.length > body.meta.per_page) {
            throw new Error(`page of ${body.data.length} over per_page ${body.meta.per_page}`);
          }
        },
      ),
      fuzzParameters(200),
    );
  });
});

describe('fuzz: authorization header', () => {
  it('any Authorization header gets the organization (200) or a 401 JSON error', async () => {
    const authorization = fc.oneof(
      headerText,
      headerText.map((s) => `Bearer ${s}`),
      fc
        .constantFrom(
          () => `bearer ${token}`,
          () => `Bearer  ${token}  `,
          () => `Bearer ${token}x`,
          () => `Bearer ${token.slice(0, -1)}`,
          () => `Bearer ${token.toUpperCase()}`,
          () => `Basic ${token}`,
          () => token,
          () => `Bearer ${token} ${token}`,
          () => `Bearer\t${token}`,
          () => 'Bearer arv_000000000000000000000000000000000000000000',
        )
        .map((make) => make()),
    );
    await fc.assert(
      fc.asyncProperty(
        authorization,
        fc.constantFrom('/api/organization', '/api/events', `/api/attendees/${uuidFrom(7)}`),
        async (header, url) => {
          await sendAndCheck({ method: 'GET', url, authorization: header }, { statuses: [200, 401, 404] });
        },
      ),
      fuzzParameters(150),
    );
  });
});

function isJson(text: string): boolean {
  try {
    // Fastify's parser drops a leading byte order mark, JSON.parse does not.
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}
