import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/access/session-auth.http.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import { SCHEMA_VERSION } from '../../server/platform/database.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  createEvent,
  createOrganization,
  createToken,
  createUser,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import { SAME_ORIGIN } from '../helpers/dashboard.ts';
import { openApiReader, type OpenApiReader } from '../helpers/openapi.ts';

/**
 * The OpenAPI document as a contract for the interface's ten endpoints (docs/interface.md), and for the kiosk's
 * register and scan, the desk's scan, first-run setup and sync (a paired device's, a venue hub's): each refusal an
 * operation documents is provoked here, and every live answer must be one the document lists for that operation:
 * its status, a body its schema takes (a refusal's message among that status's messages, or matching its pattern),
 * the headers it calls required, and no rate-limit, Location or Retry-After header it does not declare. The test
 * fails when a route refuses with a message it did not document, and when the document lists a message no request
 * here can provoke.
 */

type Json = Record<string, unknown>;

interface Documented {
  messages: string[];
  patterns: RegExp[];
  /** A transport answer shared by every operation (components.responses), rather than the route's own. */
  shared: boolean;
}

const LIMIT = 3;
let t: TestApp;
let doc: Json;
let reader: OpenApiReader;
let addressCount = 0;

/** Each request comes from an address of its own, so only the 429 scenarios meet a limit. */
const nextAddress = () => `10.0.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

const resolve = (node: Json): Json => {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  return resolve(
    ref
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => at[key] as Json, doc),
  );
};

/** What the document says an operation answers with this status, or null when it does not list the status. */
function documented(method: string, path: string, status: number): Documented | null {
  const operation = ((doc.paths as Json)[path] as Json | undefined)?.[method.toLowerCase()] as
    Json | undefined;
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  const raw = (operation.responses as Json)[String(status)] as Json | undefined;
  if (!raw) return null;
  const response = resolve(raw);
  const schema = resolve(
    ((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json,
  );
  const message = (schema.properties as Json).message as Json;
  const branches = (message.anyOf as Json[] | undefined) ?? [message];
  return {
    messages: branches.flatMap((branch) => (branch.enum as string[] | undefined) ?? []),
    patterns: branches.flatMap((branch) =>
      typeof branch.pattern === 'string' ? [new RegExp(branch.pattern)] : [],
    ),
    shared: '$ref' in raw,
  };
}

interface Hit {
  status: number;
  message: string;
}

/** An operation of the document and the answers it got in this test. */
function operation(method: 'GET' | 'POST', path: string) {
  const hits: Hit[] = [];

  /** Sends a request for this operation and holds its answer to the document. */
  async function send(url: string, options: Partial<InjectOptions> & { token?: string } = {}): Promise<Hit> {
    const { token, headers, ...rest } = options;
    const response = await t.app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      ...rest,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });
    const where = `${method} ${path} ${response.statusCode} (${url})`;
    expect(
      reader.answerProblems(method, path, {
        status: response.statusCode,
        headers: response.headers,
        body: response.body,
      }),
      where,
    ).toEqual([]);
    if (response.statusCode < 400) return { status: response.statusCode, message: '' };
    const answer = documented(method, path, response.statusCode);
    expect(answer, `${where}: the document lists no ${response.statusCode}`).not.toBeNull();
    const { message } = response.json() as { message: string };
    expect(
      answer!.messages.includes(message) || answer!.patterns.some((pattern) => pattern.test(message)),
      `${where}: "${message}" is not among the documented ${JSON.stringify(answer!.messages)}`,
    ).toBe(true);
    const hit = { status: response.statusCode, message };
    if (!answer!.shared) hits.push(hit);
    return hit;
  }

  /** The route's own refusals the document lists that no request of this test provoked. */
  function unprovoked(): string[] {
    const responses = (((doc.paths as Json)[path] as Json)[method.toLowerCase()] as Json).responses as Json;
    return Object.keys(responses)
      .map(Number)
      .filter((status) => status >= 400)
      .flatMap((status) => {
        const answer = documented(method, path, status)!;
        if (answer.shared) return [];
        const mine = hits.filter((hit) => hit.status === status).map((hit) => hit.message);
        return [
          ...answer.messages.filter((message) => !mine.includes(message)),
          ...answer.patterns.filter((pattern) => !mine.some((m) => pattern.test(m))).map(String),
        ].map((message) => `${status} ${message}`);
      });
  }

  /** Requests from one address until the limit answers; the 429 must come right after LIMIT requests. */
  async function exhaust(url: string, options: Partial<InjectOptions> & { token?: string } = {}) {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1)
      statuses.push((await send(url, { remoteAddress, ...options })).status);
    expect(statuses.at(-1), `${method} ${path}: the request after the limit`).toBe(429);
  }

  return { send, unprovoked, exhaust };
}

const json = (body: unknown): Partial<InjectOptions> => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});

let org: Organization;
let open: EventRecord;
let other: EventRecord;
let expiredToken: string;

/** A token of `org` with every scope, unless told otherwise: fresh, so that only its own requests count. */
const token = (options: Parameters<typeof createToken>[2] = {}) => createToken(t.app, org, options);

/** The headers of the dashboard's own page: its Host and Origin, and a session cookie when there is one. */
const dashboard = (cookie?: string) => ({
  ...SAME_ORIGIN,
  ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
});

/** An attendee's own action that sets the scene, answered `status`. */
async function attendeeDoes(event: EventRecord, action: string, body: unknown, status: number) {
  const url = `/public/events/${event.uuid}/${action}`;
  const response = await t.app.inject({ method: 'POST', url, remoteAddress: nextAddress(), ...json(body) });
  expect(response.statusCode, url).toBe(status);
}

async function registered(event: EventRecord, email: string): Promise<string> {
  await attendeeDoes(event, 'register', registration(email), 201);
  return t.app.store.repos.attendees.findForEmail(event.id, email)!.uuid;
}

const selfCheckIn = (event: EventRecord, email: string) => attendeeDoes(event, 'check-in', { email }, 200);
const selfCancel = (event: EventRecord, email: string) => attendeeDoes(event, 'cancel', { email }, 200);

const UNKNOWN = '6f1c7d3e-1111-4222-8333-944455556666';
const TOO_LONG = 'a'.repeat(80);

beforeAll(async () => {
  t = await startTestApp({
    rateLimits: {
      publicEvents: LIMIT,
      profile: LIMIT,
      publicOther: LIMIT,
      kioskScan: LIMIT,
      token: LIMIT,
      signIn: LIMIT,
      syncDevice: LIMIT,
    },
  });
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  reader = openApiReader(doc);
  org = createOrganization(t.app);
  // An expired token: issued for 7 days, 8 days ago.
  const now = t.clock.now().toISOString();
  t.clock.advance(-8 * 24 * 3600 * 1000);
  expiredToken = token({ expires: '7d' });
  t.clock.set(now);
  open = createEvent(t.app, org);
  other = createEvent(t.app, org, { name: 'Another night' });
});

afterAll(async () => t.close());

/**
 * The token API's own refusals on one operation: no token, a wrong one, an expired one, one without the scope, and
 * the limit per token.
 */
async function tokenRefusals(
  op: ReturnType<typeof operation>,
  url: string,
  scopeless: NonNullable<Parameters<typeof createToken>[2]>['scopes'],
  options: Partial<InjectOptions> = {},
) {
  expect((await op.send(url, options)).status).toBe(401);
  expect((await op.send(url, { ...options, token: 'arr_not-a-real-token' })).status).toBe(401);
  expect((await op.send(url, { ...options, token: expiredToken })).status).toBe(401);
  expect((await op.send(url, { ...options, token: token({ scopes: scopeless }) })).message).toBe(
    'Token does not have required permissions.',
  );
  await op.exhaust(url, { ...options, token: token() });
}

describe('the public event endpoints answer only what the document lists', () => {
  it('GET /public/events/{uuid}', async () => {
    const op = operation('GET', '/public/events/{uuid}');
    const unpublished = createEvent(t.app, org, { is_published: false });
    expect((await op.send(`/public/events/${open.uuid}`)).status).toBe(200);
    await op.send(`/public/events/${unpublished.uuid}`);
    await op.send(`/public/events/${TOO_LONG}`);
    await op.exhaust(`/public/events/${open.uuid}`);
    expect(op.unprovoked()).toEqual([]);
  });

  it('POST /public/events/{uuid}/register, transport answers included', async () => {
    const op = operation('POST', '/public/events/{uuid}/register');
    const closed = createEvent(t.app, org, { registration_closes_at: '2026-11-20T00:00:00Z' });
    const url = `/public/events/${open.uuid}/register`;
    await registered(open, 'here@example.com');
    await op.send(`/public/events/${closed.uuid}/register`, json(registration('late@example.com')));
    await op.send(`/public/events/${UNKNOWN}/register`, json(registration('lost@example.com')));
    await op.send(url, json(registration('here@example.com')));
    await op.send(url, json({ email: 'nameless@example.com' }));
    await op.exhaust(url, json(registration('eager@example.com')));
    // What the server answers itself, documented for every operation that takes a body.
    expect(
      (await op.send(url, { headers: { 'content-type': 'application/json' }, payload: '{' })).status,
    ).toBe(400);
    expect((await op.send(url, { headers: { 'content-type': 'text/plain' }, payload: 'hi' })).status).toBe(
      415,
    );
    expect(
      (await op.send(url, { ...json({ email: 'x'.repeat(1024 * 1024) }) })).status,
      'a body over 1 MiB',
    ).toBe(413);
    expect((await op.send(`/public/events/${'a'.repeat(101)}/register`, json({}))).status).toBe(414);
    expect((await op.send('/public/events/%E0%A4%A/register', json({}))).status).toBe(400);
    expect(op.unprovoked()).toEqual([]);
  });

  it('GET /public/events/{uuid}/check', async () => {
    const op = operation('GET', '/public/events/{uuid}/check');
    await op.send(`/public/events/${UNKNOWN}/check?email=a%40example.com`);
    await op.send(`/public/events/${open.uuid}/check`);
    await op.send(`/public/events/${open.uuid}/check?email=not-an-email`);
    await op.exhaust(`/public/events/${open.uuid}/check?email=a%40example.com`);
    expect(op.unprovoked()).toEqual([]);
  });

  it('POST /public/events/{uuid}/check-in', async () => {
    const op = operation('POST', '/public/events/{uuid}/check-in');
    const disabled = createEvent(t.app, org, { checkin_period_type: 'disabled' });
    const staffOnly = createEvent(t.app, org, { allow_self_checkin: false });
    const approval = createEvent(t.app, org, { requires_approval: true });
    const checkIn = (event: EventRecord, email: string) =>
      op.send(`/public/events/${event.uuid}/check-in`, json({ email }));
    await registered(open, 'in@example.com');
    await selfCheckIn(open, 'in@example.com');
    await registered(open, 'gone@example.com');
    await selfCancel(open, 'gone@example.com');
    await registered(approval, 'waiting@example.com');
    await checkIn(disabled, 'in@example.com');
    await checkIn(staffOnly, 'in@example.com');
    await checkIn(open, 'gone@example.com');
    await checkIn(approval, 'waiting@example.com');
    await checkIn({ uuid: UNKNOWN } as EventRecord, 'in@example.com');
    await checkIn(open, 'stranger@example.com');
    await checkIn(open, 'in@example.com');
    await checkIn(open, 'not-an-email');
    await op.exhaust(`/public/events/${open.uuid}/check-in`, json({ email: 'stranger@example.com' }));
    expect(op.unprovoked()).toEqual([]);
  });

  it('POST /public/events/{uuid}/cancel', async () => {
    const op = operation('POST', '/public/events/{uuid}/cancel');
    const cancel = (event: { uuid: string }, email: string) =>
      op.send(`/public/events/${event.uuid}/cancel`, json({ email }));
    await registered(open, 'arrived@example.com');
    await selfCheckIn(open, 'arrived@example.com');
    await registered(open, 'twice@example.com');
    await selfCancel(open, 'twice@example.com');
    await cancel({ uuid: UNKNOWN }, 'arrived@example.com');
    await cancel(open, 'stranger@example.com');
    await cancel(open, 'arrived@example.com');
    await cancel(open, 'twice@example.com');
    await cancel(open, '');
    await op.exhaust(`/public/events/${open.uuid}/cancel`, json({ email: 'stranger@example.com' }));
    expect(op.unprovoked()).toEqual([]);
  });

  it('GET /public/profile/{code}, with its CORS header on every answer', async () => {
    const op = operation('GET', '/public/profile/{code}');
    const shown = createUser(t.app, org, { profilePublic: true });
    const hidden = createUser(t.app, org, { profilePublic: false });
    expect((await op.send(`/public/profile/${shown.profileCode}`)).status).toBe(200);
    await op.send(`/public/profile/${hidden.profileCode}`);
    await op.send('/public/profile/nobody');
    await op.send(`/public/profile/${TOO_LONG}`);
    await op.exhaust(`/public/profile/${shown.profileCode}`);
    expect(op.unprovoked()).toEqual([]);
  });
});

describe('the token API endpoints answer only what the document lists', () => {
  it('GET /api/attendees/{id}', async () => {
    const op = operation('GET', '/api/attendees/{id}');
    const id = await registered(open, 'looked-up@example.com');
    await tokenRefusals(op, `/api/attendees/${id}`, ['events:read']);
    await op.send(`/api/attendees/${id}`, { token: token({ eventIds: [other.uuid] }) });
    await op.send(`/api/attendees/${UNKNOWN}`, { token: token() });
    await op.send(`/api/attendees/${TOO_LONG}`, { token: token() });
    expect(op.unprovoked()).toEqual([]);
  });

  for (const action of ['cancel', 'no-show'] as const) {
    it(`POST /api/events/{event_id}/attendees/{attendee_id}/${action}`, async () => {
      const op = operation('POST', `/api/events/{event_id}/attendees/{attendee_id}/${action}`);
      const url = (event: string, attendee: string) => `/api/events/${event}/attendees/${attendee}/${action}`;
      const id = await registered(open, `${action}-me@example.com`);
      const arrived = await registered(open, `${action}-arrived@example.com`);
      await selfCheckIn(open, `${action}-arrived@example.com`);
      const gone = await registered(open, `${action}-gone@example.com`);
      await selfCancel(open, `${action}-gone@example.com`);
      await tokenRefusals(op, url(open.uuid, UNKNOWN), ['attendees:read']);
      await op.send(url(open.uuid, id), { token: token({ eventIds: [other.uuid] }) });
      await op.send(url(UNKNOWN, id), { token: token() });
      await op.send(url(open.uuid, UNKNOWN), { token: token() });
      await op.send(url(open.uuid, arrived), { token: token() });
      await op.send(url(open.uuid, gone), { token: token() });
      if (action === 'cancel') {
        // Cancelled once already: the second answer is the refusal.
        await op.send(url(open.uuid, id), { token: token() });
        await op.send(url(open.uuid, id), { token: token() });
      }
      await op.send(url(TOO_LONG, id), { token: token() });
      expect(op.unprovoked()).toEqual([]);
    });
  }

  it('POST /api/events/{event_id}/attendees/bulk-no-show', async () => {
    const op = operation('POST', '/api/events/{event_id}/attendees/bulk-no-show');
    const url = (event: string) => `/api/events/${event}/attendees/bulk-no-show`;
    const body = json({ attendee_ids: [UNKNOWN] });
    await tokenRefusals(op, url(open.uuid), ['attendees:read'], body);
    await op.send(url(open.uuid), { ...body, token: token({ eventIds: [other.uuid] }) });
    await op.send(url(UNKNOWN), { ...body, token: token() });
    await op.send(url(open.uuid), { ...json({}), token: token() });
    expect(op.unprovoked()).toEqual([]);
  });
});

describe("the kiosk's endpoints, the desk's scan and setup answer only what the document lists", () => {
  const codeOf = (event: EventRecord, email: string) =>
    t.app.store.repos.attendees.findForEmail(event.id, email)!.checkinCode;

  it('POST /kiosk/api/events/{uuid}/register', async () => {
    const op = operation('POST', '/kiosk/api/events/{uuid}/register');
    const closed = createEvent(t.app, org, { registration_closes_at: '2026-11-20T00:00:00Z' });
    const url = `/kiosk/api/events/${open.uuid}/register`;
    await registered(open, 'kiosk-here@example.com');
    expect((await op.send(url, json(registration('kiosk-new@example.com')))).status).toBe(201);
    await op.send(`/kiosk/api/events/${closed.uuid}/register`, json(registration('late@example.com')));
    await op.send(`/kiosk/api/events/${UNKNOWN}/register`, json(registration('lost@example.com')));
    await op.send(url, json(registration('kiosk-here@example.com')));
    await op.send(url, json({ email: 'nameless@example.com' }));
    await op.exhaust(url, json(registration('kiosk-eager@example.com')));
    expect(op.unprovoked()).toEqual([]);
  });

  it('POST /kiosk/api/events/{uuid}/scan', async () => {
    const op = operation('POST', '/kiosk/api/events/{uuid}/scan');
    const disabled = createEvent(t.app, org, { checkin_period_type: 'disabled' });
    const staffOnly = createEvent(t.app, org, { allow_self_checkin: false });
    const approval = createEvent(t.app, org, { requires_approval: true });
    const scan = (event: { uuid: string }, code: string) =>
      op.send(`/kiosk/api/events/${event.uuid}/scan`, json({ code: `ARV1:${code}` }));
    for (const event of [disabled, staffOnly]) await registered(event, 'scanned@example.com');
    await registered(open, 'scan-in@example.com');
    await registered(open, 'scan-gone@example.com');
    await selfCancel(open, 'scan-gone@example.com');
    await registered(approval, 'scan-waiting@example.com');
    await scan(disabled, codeOf(disabled, 'scanned@example.com'));
    await scan(staffOnly, codeOf(staffOnly, 'scanned@example.com'));
    await scan(open, codeOf(open, 'scan-gone@example.com'));
    await scan(approval, codeOf(approval, 'scan-waiting@example.com'));
    await scan({ uuid: UNKNOWN }, codeOf(open, 'scan-in@example.com'));
    await scan(open, 'A'.repeat(16));
    expect((await scan(open, codeOf(open, 'scan-in@example.com'))).status).toBe(200);
    await scan(open, codeOf(open, 'scan-in@example.com'));
    await op.send(`/kiosk/api/events/${open.uuid}/scan`, json({ code: 'not a code' }));
    await op.exhaust(`/kiosk/api/events/${open.uuid}/scan`, json({ code: 'ARV1:BBBBBBBBBBBBBBBB' }));
    expect(op.unprovoked()).toEqual([]);
  });

  it('POST /kiosk/api/events/{uuid}/find and .../find/check-in', async () => {
    const find = operation('POST', '/kiosk/api/events/{uuid}/find');
    const checkIn = operation('POST', '/kiosk/api/events/{uuid}/find/check-in');
    const byName = createEvent(t.app, org);
    const approval = createEvent(t.app, org, { requires_approval: true });
    const people = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];
    // Other companies' domains among the organization's people, for example.com to hide among.
    for (const domain of ['acme.io', 'initech.com', 'globex.fr'])
      createUser(t.app, org, { email: `x@${domain}` });
    for (const event of [byName, approval]) {
      for (const last of people) {
        const email = `${last.toLowerCase()}@example.com`;
        await attendeeDoes(event, 'register', registration(email, { last_name: last }), 201);
      }
    }
    await selfCancel(byName, 'bravo@example.com');
    await selfCheckIn(byName, 'charlie@example.com');
    const handleOf = async (event: EventRecord, name: string) => {
      const found = await t.app.inject({
        method: 'POST',
        url: `/kiosk/api/events/${event.uuid}/find`,
        remoteAddress: nextAddress(),
        ...json({ name }),
      });
      expect(found.statusCode).toBe(200);
      return (found.json() as { data: { matches: { handle: string }[] } }).data.matches[0]!.handle;
    };
    const confirm = (event: { uuid: string }, handle: string, domain = 'example.com') =>
      checkIn.send(`/kiosk/api/events/${event.uuid}/find/check-in`, json({ handle, domain }));
    const setting = (event: EventRecord, sql: string) =>
      t.app.store.db.prepare(`UPDATE events SET ${sql} WHERE id = ?`).run(event.id);

    expect((await confirm(byName, await handleOf(byName, 'alpha'))).status).toBe(200);
    await confirm(byName, await handleOf(byName, 'bravo'));
    await confirm(byName, await handleOf(byName, 'charlie'));
    await confirm(approval, await handleOf(approval, 'alpha'));
    await confirm(byName, await handleOf(byName, 'delta'), 'not-the-domain.com');
    // Three wrong domains from one kiosk pause its name path there: 429 on both.
    const kiosk = { remoteAddress: '198.51.100.99' };
    for (const last of ['bravo', 'charlie', 'delta']) {
      const handle = await handleOf(approval, last);
      await checkIn.send(`/kiosk/api/events/${approval.uuid}/find/check-in`, {
        ...json({ handle, domain: 'not-the-domain.com' }),
        ...kiosk,
      });
    }
    await find.send(`/kiosk/api/events/${approval.uuid}/find`, { ...json({ name: 'echo' }), ...kiosk });
    // A minute on, past the scan limit's window (which that kiosk used up), the pause still holds.
    t.clock.advance(60_000);
    await checkIn.send(`/kiosk/api/events/${approval.uuid}/find/check-in`, {
      ...json({ handle: 'h', domain: 'd' }),
      ...kiosk,
    });
    await confirm({ uuid: UNKNOWN }, await handleOf(byName, 'echo'));
    await confirm(byName, 'NeverIssued');
    await checkIn.send(`/kiosk/api/events/${byName.uuid}/find/check-in`, json({ handle: 'x' }));
    const closing = await handleOf(byName, 'echo');
    const staffOnly = await handleOf(byName, 'foxtrot');
    setting(byName, "checkin_period_type = 'disabled'");
    await confirm(byName, closing);
    await find.send(`/kiosk/api/events/${byName.uuid}/find`, json({ name: 'echo' }));
    setting(byName, "checkin_period_type = 'immediate', allow_self_checkin = 0");
    await confirm(byName, staffOnly);
    await find.send(`/kiosk/api/events/${byName.uuid}/find`, json({ name: 'foxtrot' }));
    await find.send(`/kiosk/api/events/${UNKNOWN}/find`, json({ name: 'alpha' }));
    await find.send(`/kiosk/api/events/${approval.uuid}/find`, json({ name: 'a' }));
    await find.exhaust(`/kiosk/api/events/${approval.uuid}/find`, json({ name: 'Alpha' }));
    await checkIn.exhaust(
      `/kiosk/api/events/${approval.uuid}/find/check-in`,
      json({ handle: 'h', domain: 'd' }),
    );
    expect(find.unprovoked()).toEqual([]);
    expect(checkIn.unprovoked()).toEqual([]);
  });

  it('POST /dashboard/api/setup, then closed once a staff account exists', async () => {
    const op = operation('POST', '/dashboard/api/setup');
    const owner = {
      organization_name: 'City Hall Events',
      name: 'Olive Owner',
      email: 'olive@example.com',
      password: 'correct horse battery',
    };
    const setUp = (body: unknown, headers: Record<string, string> = dashboard()) =>
      op.send('/dashboard/api/setup', {
        ...json(body),
        headers: { 'content-type': 'application/json', ...headers },
      });
    // From a device on the LAN (nextAddress), which must give the setup code.
    await setUp(owner, { host: 'attacker.example', origin: 'http://attacker.example' });
    await setUp(owner, { host: SAME_ORIGIN.host });
    await setUp(owner);
    await setUp({ ...owner, setup_code: '0000-0000-0000' });
    await op.exhaust('/dashboard/api/setup', {
      ...json({ ...owner, setup_code: '0000-0000-0000' }),
      headers: { 'content-type': 'application/json', ...dashboard() },
    });
    t.app.store.repos.staff.create(
      {
        organizationId: org.id,
        name: 'Olive Owner',
        email: owner.email,
        passwordHash: 'unused',
        role: 'owner',
      },
      t.clock.now().toISOString(),
    );
    await setUp({ ...owner, setup_code: t.app.ctx.staff.setupCode() ?? '0000-0000-0000' });
    expect(op.unprovoked()).toEqual([]);
  });

  it('POST /dashboard/api/events/{event_id}/scan', async () => {
    const op = operation('POST', '/dashboard/api/events/{event_id}/scan');
    const member = t.app.store.repos.staff.create(
      {
        organizationId: org.id,
        name: 'Sam Staff',
        email: 'sam@example.com',
        passwordHash: 'unused',
        role: 'staff',
      },
      t.clock.now().toISOString(),
    )!;
    const session = t.app.ctx.staff.startSession(member).value;
    const disabled = createEvent(t.app, org, { checkin_period_type: 'disabled' });
    const approval = createEvent(t.app, org, { requires_approval: true });
    const scan = (
      event: { uuid: string },
      code: string,
      headers: Record<string, string> = dashboard(session),
    ) =>
      op.send(`/dashboard/api/events/${event.uuid}/scan`, {
        ...json({ code: `ARV1:${code}` }),
        headers: { 'content-type': 'application/json', ...headers },
      });
    await registered(disabled, 'desk-scan@example.com');
    await registered(open, 'desk-in@example.com');
    await registered(open, 'desk-gone@example.com');
    await selfCancel(open, 'desk-gone@example.com');
    await registered(approval, 'desk-waiting@example.com');
    const code = codeOf(open, 'desk-in@example.com');
    await scan(open, code, { host: 'attacker.example', origin: 'http://attacker.example' });
    await scan(open, code, dashboard());
    await scan(open, code, { host: SAME_ORIGIN.host, cookie: `${SESSION_COOKIE}=${session}` });
    await scan({ uuid: UNKNOWN }, code);
    await scan(open, 'A'.repeat(16));
    await scan(disabled, codeOf(disabled, 'desk-scan@example.com'));
    await scan(open, codeOf(open, 'desk-gone@example.com'));
    await scan(approval, codeOf(approval, 'desk-waiting@example.com'));
    expect((await scan(open, code)).status).toBe(200);
    await scan(open, code);
    await op.send(`/dashboard/api/events/${open.uuid}/scan`, {
      ...json({ code: '' }),
      headers: { 'content-type': 'application/json', ...dashboard(session) },
    });
    expect(op.unprovoked()).toEqual([]);
  });
});

describe("a paired device's sync endpoints answer only what the document lists", () => {
  const pair = (body: unknown, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/sync/pair', remoteAddress, ...json(body) });
  const newCode = () => {
    const outcome = t.app.ctx.syncHub.createPairingCode(org.id, [open.uuid]);
    if (!outcome.ok) throw new Error('no pairing code');
    return outcome.code;
  };
  /** A device paired as the kiosk's CLI pairs one: its credential. */
  async function pairedCredential(): Promise<string> {
    const paired = await pair({ code: newCode(), name: 'Front door' });
    expect(paired.statusCode).toBe(201);
    return (paired.json() as { data: { credential: string } }).data.credential;
  }

  it('POST /sync/pair', async () => {
    const op = operation('POST', '/sync/pair');
    const expiring = newCode();
    const now = t.clock.now().toISOString();
    t.clock.advance(11 * 60_000);
    await op.send('/sync/pair', json({ code: expiring, name: 'Front door' }));
    t.clock.set(now);
    await op.send('/sync/pair', json({ code: 'NOT-A-CODE', name: 'Front door' }));
    await op.send('/sync/pair', json({ name: 'Front door' }));
    await op.exhaust('/sync/pair', json({ code: 'NOT-A-CODE', name: 'Front door' }));
    expect((await op.send('/sync/pair', json({ code: newCode(), name: 'Front door' }))).status).toBe(201);
    expect(op.unprovoked()).toEqual([]);
  });

  it('POST /sync/ops and GET /sync/changes', async () => {
    const credential = await pairedCredential();
    const push = operation('POST', '/sync/ops');
    const body = {
      sent_wall_ms: t.clock.now().getTime(),
      sent_mono_ms: 1,
      boot_id: 'boot-1',
      waiting: 0,
      acked_seq: 0,
      wants_ids: false,
      ops: [],
    };
    await push.send('/sync/ops', json(body));
    await push.send('/sync/ops', { ...json(body), token: 'not-a-credential' });
    await push.send('/sync/ops', { ...json({ ops: 'none' }), token: credential });
    expect((await push.send('/sync/ops', { ...json(body), token: credential })).status).toBe(200);
    // Counted per device credential: a device of its own to exhaust.
    await push.exhaust('/sync/ops', { ...json(body), token: await pairedCredential() });
    expect(push.unprovoked()).toEqual([]);

    const changes = operation('GET', '/sync/changes');
    await changes.send('/sync/changes');
    await changes.send('/sync/changes?since=-1', { token: credential });
    expect((await changes.send('/sync/changes?since=0', { token: credential })).status).toBe(200);
    await changes.exhaust('/sync/changes?since=0', { token: await pairedCredential() });
    expect(changes.unprovoked()).toEqual([]);
  });
});

describe("the sync endpoints a venue's hub calls with a token answer only what the document lists", () => {
  const syncToken = (eventIds?: string[]) =>
    token({ scopes: ['attendees:read', 'sync'], ...(eventIds ? { eventIds } : {}) });
  const withoutToken = async (op: ReturnType<typeof operation>, url: string, options = {}) => {
    expect((await op.send(url, options)).status).toBe(401);
    expect((await op.send(url, { ...options, token: 'arr_not-a-real-token' })).status).toBe(401);
    expect((await op.send(url, { ...options, token: expiredToken })).status).toBe(401);
    expect((await op.send(url, { ...options, token: token() })).status).toBe(403);
  };

  it('GET /sync/events', async () => {
    const op = operation('GET', '/sync/events');
    await withoutToken(op, '/sync/events');
    expect((await op.send('/sync/events', { token: syncToken() })).status).toBe(200);
    await op.exhaust('/sync/events', { token: syncToken() });
    expect(op.unprovoked()).toEqual([]);
  });

  it('POST /sync/connect', async () => {
    const op = operation('POST', '/sync/connect');
    const body = { name: 'Venue', event_ids: [open.uuid], schema_version: SCHEMA_VERSION };
    await withoutToken(op, '/sync/connect', json(body));
    await op.send('/sync/connect', { ...json(body), token: syncToken([other.uuid]) });
    await op.send('/sync/connect', {
      ...json({ ...body, schema_version: SCHEMA_VERSION + 1 }),
      token: syncToken(),
    });
    await op.send('/sync/connect', { ...json({ name: 'Venue' }), token: syncToken() });
    await op.exhaust('/sync/connect', { ...json({ name: 'Venue' }), token: syncToken() });
    expect((await op.send('/sync/connect', { ...json(body), token: syncToken() })).status).toBe(201);
    expect(op.unprovoked()).toEqual([]);
  });
});
