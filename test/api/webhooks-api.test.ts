/**
 * Webhook management over the token API (`/api/webhooks`, scope webhooks:manage) and the dashboard
 * (`/dashboard/api/webhooks`, owners): every route's success shape, and its 401, 403, 404 and 422.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { MAX_ENDPOINTS_PER_ORGANIZATION, WEBHOOK_EVENT_TYPES } from '../../server/webhooks/webhook.rules.ts';
import { call, createEvent, createToken, registration, type TestApp } from '../helpers/app.ts';
import { dashboardClient, type DashboardClient } from '../helpers/dashboard.ts';
import {
  createEndpoint,
  deliveryRows,
  notificationCount,
  startWebhookScene,
  startWebhookTestApp,
  verifyWithLibrary,
  type Receiver,
  createReceivingOrganization,
  allowLanHost,
  RECEIVER_HOST,
} from '../helpers/webhooks.ts';

let t: TestApp;
let receiver: Receiver;
let org: Organization;
let event: EventRecord;
let token: string;

beforeEach(async () => {
  ({ t, receiver, org, event, token } = await startWebhookScene());
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

const dispatch = () => t.app.ctx.webhookDispatcher.dispatchDue();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

async function register(email: string) {
  const res = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration(email),
  });
  expect(res.status).toBe(201);
}

/** Every route that names an endpoint, as [method, path]. */
function endpointRoutes(id: string, deliveryId: number | string = 1) {
  return [
    ['GET', `/api/webhooks/${id}`],
    ['PATCH', `/api/webhooks/${id}`],
    ['DELETE', `/api/webhooks/${id}`],
    ['POST', `/api/webhooks/${id}/rotate-secret`],
    ['GET', `/api/webhooks/${id}/deliveries`],
    ['GET', `/api/webhooks/${id}/deliveries/${deliveryId}`],
    ['POST', `/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`],
    ['POST', `/api/webhooks/${id}/test`],
  ] as const;
}

const everyRoute = (id: string) => [
  ['GET', '/api/webhooks'] as const,
  ['POST', '/api/webhooks'] as const,
  ...endpointRoutes(id),
];

describe('POST /api/webhooks', () => {
  it('creates an endpoint for every kind by default and shows its whsec_ secret once', async () => {
    const res = await call(t.app, 'POST', '/api/webhooks', { token, body: { url: receiver.url } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        url: receiver.url,
        description: '',
        event_types: [...WEBHOOK_EVENT_TYPES],
        enabled: true,
        disabled_reason: null,
        waiting_count: 0,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      },
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
    });
    expect(Buffer.from(res.body.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(t.app.store.repos.webhookEndpoints.findByUuid(res.body.data.id)!.secret).toBe(res.body.secret);

    const again = await call(t.app, 'POST', '/api/webhooks', { token, body: { url: receiver.url } });
    expect(again.body.secret).not.toBe(res.body.secret);
  });

  it('takes a description, event kinds (repeats count once) and enabled', async () => {
    const res = await call(t.app, 'POST', '/api/webhooks', {
      token,
      body: {
        url: 'https://crm.example.com/hooks?source=arrivals',
        description: ' Our CRM ',
        event_types: ['attendee.checked_in', 'attendee.registered', 'attendee.checked_in'],
        enabled: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      url: 'https://crm.example.com/hooks?source=arrivals',
      description: 'Our CRM',
      event_types: ['attendee.checked_in', 'attendee.registered'],
      enabled: false,
      disabled_reason: 'manual',
    });
  });

  it('422 The given data was invalid. with field errors', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { url: ['The url field is required.'] }],
      [{ url: 'ftp://example.com/hook' }, { url: ['The url field must be an http or https URL.'] }],
      [{ url: 'javascript:alert(1)' }, { url: ['The url field must be an http or https URL.'] }],
      [{ url: 'not a url' }, { url: ['The url field must be a valid URL.'] }],
      [
        { url: 'https://user:pass@example.com/hook' },
        { url: ['The url field must not contain a user name or password.'] },
      ],
      [
        { url: `https://example.com/${'a'.repeat(2048)}` },
        { url: ['The url field must not be greater than 2048 characters.'] },
      ],
      [{ url: receiver.url, event_types: [] }, { event_types: ['The event types field is required.'] }],
      [
        { url: receiver.url, event_types: ['attendee.exploded'] },
        { 'event_types.0': ['The selected event types.0 is invalid.'] },
      ],
      [
        { url: receiver.url, event_types: 'attendee.registered' },
        { event_types: ['The event types field must be an array.'] },
      ],
      [{ url: receiver.url, enabled: 'yes' }, { enabled: ['The enabled field must be true or false.'] }],
      [
        { url: receiver.url, description: 'x'.repeat(501) },
        { description: ['The description field must not be greater than 500 characters.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await call(t.app, 'POST', '/api/webhooks', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toEqual({ message: 'The given data was invalid.', errors });
    }
    expect(t.app.store.repos.webhookEndpoints.countForOrganization(org.id)).toBe(0);
  });

  it(`allows at most ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints per organization`, async () => {
    for (let i = 0; i < MAX_ENDPOINTS_PER_ORGANIZATION; i++)
      createEndpoint(t.app, org, `${receiver.url}/${i}`);
    const res = await call(t.app, 'POST', '/api/webhooks', { token, body: { url: receiver.url } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'An organization can have at most 20 webhook endpoints.' });
  });
});

describe('GET /api/webhooks and /api/webhooks/{id}', () => {
  it('lists the organization’s endpoints with how many notifications wait, never the secret', async () => {
    const first = createEndpoint(t.app, org, receiver.url, ['attendee.registered']);
    t.clock.advance(1000);
    const second = createEndpoint(t.app, org, 'https://crm.example.com/in', ['attendee.checked_in']);
    createEndpoint(t.app, createReceivingOrganization(t.app, 'Other'), receiver.url);
    await register('a@example.com');
    await register('b@example.com');

    const list = await call(t.app, 'GET', '/api/webhooks', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([first.uuid, second.uuid]);
    expect(list.body.data.map((e: { waiting_count: number }) => e.waiting_count)).toEqual([2, 0]);
    expect(list.body.meta).toEqual({ waiting_count: 2 });
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    const one = await call(t.app, 'GET', `/api/webhooks/${first.uuid}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: first.uuid, url: receiver.url, waiting_count: 2 });
    expect(JSON.stringify(one.body)).not.toContain('whsec_');

    await dispatch();
    expect((await call(t.app, 'GET', '/api/webhooks', { token })).body.meta).toEqual({ waiting_count: 0 });
  });
});

describe('PATCH /api/webhooks/{id}', () => {
  it('changes only the keys sent; switching off and on records why', async () => {
    const { uuid, secret } = createEndpoint(t.app, org, receiver.url, ['attendee.registered']);
    t.clock.advance(60_000);
    const res = await call(t.app, 'PATCH', `/api/webhooks/${uuid}`, {
      token,
      body: { description: 'Badge printer', enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      url: receiver.url,
      description: 'Badge printer',
      event_types: ['attendee.registered'],
      enabled: false,
      disabled_reason: 'manual',
    });
    expect(res.body.data.updated_at).not.toBe(res.body.data.created_at);

    const back = await call(t.app, 'PATCH', `/api/webhooks/${uuid}`, {
      token,
      body: { enabled: true, url: 'https://new.example.com/x', event_types: ['event.updated'] },
    });
    expect(back.body.data).toMatchObject({
      url: 'https://new.example.com/x',
      description: 'Badge printer',
      event_types: ['event.updated'],
      enabled: true,
      disabled_reason: null,
    });
    expect(t.app.store.repos.webhookEndpoints.findByUuid(uuid)!.secret).toBe(secret);

    const bad = await call(t.app, 'PATCH', `/api/webhooks/${uuid}`, {
      token,
      body: { url: 'file:///etc/passwd' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: 'The given data was invalid.',
      errors: { url: ['The url field must be an http or https URL.'] },
    });
  });
});

describe('DELETE /api/webhooks/{id}', () => {
  it('deletes the endpoint with its deliveries; notifications other endpoints still need stay', async () => {
    const gone = createEndpoint(t.app, org, receiver.url);
    const kept = createEndpoint(t.app, org, receiver.url, ['attendee.checked_in']);
    await register('a@example.com');
    await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, { body: { email: 'a@example.com' } });
    // Registered, entered (a check-in is an entry on the main entrance: issue 38), checked in.
    expect(notificationCount(t.app)).toBe(3);

    const res = await call(t.app, 'DELETE', `/api/webhooks/${gone.uuid}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Webhook endpoint deleted.' });
    expect((await call(t.app, 'GET', `/api/webhooks/${gone.uuid}`, { token })).status).toBe(404);
    expect(notificationCount(t.app)).toBe(1);
    expect(t.app.store.repos.webhookDeliveries.waitingByEndpoint(org.id)).toEqual(new Map([[kept.id, 1]]));
  });
});

describe('POST /api/webhooks/{id}/rotate-secret', () => {
  it('answers a new secret once and signs with it from now on', async () => {
    const { uuid, secret } = createEndpoint(t.app, org, receiver.url);
    const res = await call(t.app, 'POST', `/api/webhooks/${uuid}/rotate-secret`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: expect.objectContaining({ id: uuid, enabled: true }),
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(res.body.secret).not.toBe(secret);
    expect(t.app.store.repos.webhookEndpoints.findByUuid(uuid)).toMatchObject({
      secret: res.body.secret,
      previousSecret: secret,
    });
  });
});

describe('deliveries', () => {
  it('lists recent deliveries newest first with status code, duration, attempt number and excerpt', async () => {
    const { uuid } = createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => ({ status: 500, body: '{"error":"try later"}' });
    await register('first@example.com');
    await dispatch();
    receiver.respond = () => ({ status: 202, body: 'accepted' });
    await register('second@example.com');
    await dispatch();
    await register('third@example.com');

    const res = await call(t.app, 'GET', `/api/webhooks/${uuid}/deliveries`, { token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 3, page: 1, per_page: 25 });
    const [third, second, first] = res.body.data;
    expect(third).toMatchObject({ status: 'pending', attempt_count: 0, last_attempt: null });
    expect(third.next_attempt_at).toMatch(TIMESTAMP);
    expect(second).toEqual({
      id: expect.any(Number),
      message_id: expect.stringMatching(/^msg_/),
      type: 'attendee.registered',
      status: 'delivered',
      attempt_count: 1,
      next_attempt_at: null,
      last_status_code: 202,
      created_at: expect.stringMatching(TIMESTAMP),
      last_attempt: {
        number: 1,
        status_code: 202,
        duration_ms: expect.any(Number),
        response_excerpt: 'accepted',
        error: null,
        attempted_at: expect.stringMatching(TIMESTAMP),
      },
    });
    expect(first).toMatchObject({
      status: 'pending',
      last_status_code: 500,
      last_attempt: { number: 1, status_code: 500, response_excerpt: '{"error":"try later"}' },
    });

    const delivered = await call(t.app, 'GET', `/api/webhooks/${uuid}/deliveries?status=delivered`, {
      token,
    });
    expect(delivered.body.data.map((d: { id: number }) => d.id)).toEqual([second.id]);
    const paged = await call(t.app, 'GET', `/api/webhooks/${uuid}/deliveries?per_page=2&page=2`, { token });
    expect(paged.body).toMatchObject({ data: [{ id: first.id }], meta: { total: 3, page: 2, per_page: 2 } });
    const bad = await call(t.app, 'GET', `/api/webhooks/${uuid}/deliveries?status=lost&per_page=500`, {
      token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: 'The given data was invalid.',
      errors: {
        status: ['The selected status is invalid.'],
        per_page: ['The per page field must not be greater than 100.'],
      },
    });
  });

  it('shows one delivery with the body sent and every attempt', async () => {
    const { uuid } = createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => ({ status: 503 });
    await register('detail@example.com');
    await dispatch();
    t.clock.advance(5000);
    await dispatch();
    const deliveryId = deliveryRows(t.app)[0]!.id;

    const res = await call(t.app, 'GET', `/api/webhooks/${uuid}/deliveries/${deliveryId}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: deliveryId, attempt_count: 2, status: 'pending' });
    expect(res.body.data.payload).toEqual(receiver.requests[0]!.json);
    expect(
      res.body.data.attempts.map((a: { number: number; status_code: number }) => [a.number, a.status_code]),
    ).toEqual([
      [1, 503],
      [2, 503],
    ]);

    const other = createEndpoint(t.app, org, receiver.url);
    for (const path of [
      `/api/webhooks/${uuid}/deliveries/999`,
      `/api/webhooks/${uuid}/deliveries/abc`,
      `/api/webhooks/${uuid}/deliveries/0`,
      `/api/webhooks/${other.uuid}/deliveries/${deliveryId}`,
    ]) {
      const miss = await call(t.app, 'GET', path, { token });
      expect(miss.status, path).toBe(404);
      expect(miss.body).toEqual({ message: 'Delivery not found.' });
    }
  });

  it('redelivers a delivered notification under the same webhook-id', async () => {
    const { uuid } = createEndpoint(t.app, org, receiver.url);
    await register('again@example.com');
    await dispatch();
    const deliveryId = deliveryRows(t.app)[0]!.id;
    const res = await call(t.app, 'POST', `/api/webhooks/${uuid}/deliveries/${deliveryId}/redeliver`, {
      token,
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      message: 'Redelivery queued.',
      data: { id: deliveryId, status: 'pending', attempt_count: 1 },
    });
    await dispatch();
    expect(receiver.requests.map((r) => r.id)).toEqual([receiver.requests[0]!.id, receiver.requests[0]!.id]);
    expect(deliveryRows(t.app)).toMatchObject([{ status: 'delivered', attempt_count: 2 }]);
  });
});

describe('POST /api/webhooks/{id}/test', () => {
  it('queues a webhook.test ping to that endpoint, whatever it subscribes to', async () => {
    const { uuid, secret } = createEndpoint(t.app, org, receiver.url, ['event.updated']);
    const res = await call(t.app, 'POST', `/api/webhooks/${uuid}/test`, { token });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      message: 'Test notification queued.',
      data: { type: 'webhook.test', status: 'pending', attempt_count: 0 },
    });
    await dispatch();
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.json).toEqual({
      id: res.body.data.message_id,
      type: 'webhook.test',
      timestamp: expect.stringMatching(TIMESTAMP),
      data: { webhook_id: uuid, message: 'This is a test notification from Arrivals.' },
    });
    expect(verifyWithLibrary(secret, receiver.requests[0]!)).toBeTruthy();

    await call(t.app, 'PATCH', `/api/webhooks/${uuid}`, { token, body: { enabled: false } });
    const refused = await call(t.app, 'POST', `/api/webhooks/${uuid}/test`, { token });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'This webhook endpoint is disabled. Enable it first.' });
  });
});

describe('access', () => {
  it('401 without a token on every route', async () => {
    for (const [method, path] of everyRoute(createEndpoint(t.app, org, receiver.url).uuid)) {
      const res = await call(t.app, method, path, method === 'GET' ? {} : { body: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ message: 'API token required.' });
    }
  });

  it('403 for a token without webhooks:manage, and for a token restricted to some events', async () => {
    const { uuid } = createEndpoint(t.app, org, receiver.url);
    const readOnly = createToken(t.app, org, { scopes: ['attendees:read', 'events:write'] });
    const restricted = createToken(t.app, org, { eventIds: [event.uuid] });
    for (const [method, path] of everyRoute(uuid)) {
      const body = method === 'GET' ? {} : { body: { url: receiver.url } };
      const lacking = await call(t.app, method, path, { token: readOnly, ...body });
      expect(lacking.status, `${method} ${path}`).toBe(403);
      expect(lacking.body).toEqual({ message: 'Token does not have required permissions.' });
      const narrow = await call(t.app, method, path, { token: restricted, ...body });
      expect(narrow.status, `${method} ${path}`).toBe(403);
      expect(narrow.body).toEqual({ message: 'Access denied.' });
    }
    expect(t.app.store.repos.webhookEndpoints.countForOrganization(org.id)).toBe(1);
  });

  it("404 for another organization's endpoint (and its deliveries) on every route, and for unknown ids", async () => {
    const other = createReceivingOrganization(t.app, 'Other');
    const theirs = createEndpoint(t.app, other, receiver.url);
    const otherEvent = createEvent(t.app, other);
    await call(t.app, 'POST', `/public/events/${otherEvent.uuid}/register`, {
      body: registration('x@example.com'),
    });
    t.app.ctx.webhooks.listEndpoints(other.id);
    const theirDelivery = deliveryRows(t.app)[0]!.id;
    for (const id of [theirs.uuid, '6f1c7d3e-1111-4222-8333-944455556666', 'not-a-uuid']) {
      for (const [method, path] of endpointRoutes(id, theirDelivery)) {
        const res = await call(t.app, method, path, method === 'PATCH' ? { token, body: {} } : { token });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual({ message: 'Webhook endpoint not found.' });
      }
    }
    expect((await call(t.app, 'GET', '/api/webhooks', { token })).body.data).toEqual([]);
    expect(t.app.store.repos.webhookEndpoints.findByUuid(theirs.uuid)).toMatchObject({ enabled: true });
  });

  it('every route is in the OpenAPI document, with the signing scheme described', async () => {
    const doc = (await call(t.app, 'GET', '/openapi.json')).body;
    for (const path of [
      '/api/webhooks',
      '/api/webhooks/{id}',
      '/api/webhooks/{id}/rotate-secret',
      '/api/webhooks/{id}/deliveries',
      '/api/webhooks/{id}/deliveries/{delivery_id}',
      '/api/webhooks/{id}/deliveries/{delivery_id}/redeliver',
      '/api/webhooks/{id}/test',
      '/dashboard/api/webhooks',
      '/dashboard/api/webhooks/{id}/deliveries/{delivery_id}/redeliver',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/webhooks'].post.description).toContain('webhook-signature');
    expect(doc.paths['/api/webhooks'].post.security).toEqual([{ apiToken: [] }]);
  });
});

describe('dashboard: Developers -> Webhooks', () => {
  const OWNER = {
    organization_name: 'Venue',
    name: 'Olive Owner',
    email: 'olive@example.com',
    password: 'correct horse battery',
  };
  let owner: DashboardClient;
  let venue: Organization;

  // First-run setup needs a device without staff accounts: start over, then add another organization to stay out of.
  beforeEach(async () => {
    await t.close();
    t = await startWebhookTestApp();
    owner = dashboardClient(() => t.app);
    expect((await owner.send('POST', '/setup', OWNER)).status).toBe(201);
    venue = t.app.store.repos.organizations.findBySlug('venue')!;
    allowLanHost(t.app, venue, RECEIVER_HOST);
    org = createReceivingOrganization(t.app, 'Elsewhere');
  });

  it('owners manage endpoints as over the token API and see how many notifications wait', async () => {
    const created = await owner.send('POST', '/webhooks', { url: receiver.url, description: 'Zapier' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const id = created.body.data.id as string;

    const venueEvent = createEvent(t.app, venue);
    await receiver.goDown();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await call(t.app, 'POST', `/public/events/${venueEvent.uuid}/register`, { body: registration(email) });
    }
    await dispatch();
    const list = await owner.send('GET', '/webhooks');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      data: [{ id, description: 'Zapier', waiting_count: 3 }],
      meta: { waiting_count: 3 },
    });
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    expect((await owner.send('GET', `/webhooks/${id}`)).body.data.waiting_count).toBe(3);
    const deliveries = await owner.send('GET', `/webhooks/${id}/deliveries`);
    expect(deliveries.body.meta.total).toBe(3);
    const oldest = deliveries.body.data.at(-1);
    expect(oldest.last_attempt).toMatchObject({ number: 1, status_code: null, error: 'Connection refused.' });
    expect(
      (await owner.send('GET', `/webhooks/${id}/deliveries/${oldest.id}`)).body.data.attempts,
    ).toHaveLength(1);

    await receiver.comeBack();
    expect((await owner.send('POST', `/webhooks/${id}/deliveries/${oldest.id}/redeliver`)).status).toBe(202);
    expect((await owner.send('POST', `/webhooks/${id}/test`)).status).toBe(202);
    await dispatch();
    expect(receiver.deduped().map((r) => r.json.type)).toEqual([
      'attendee.registered',
      'attendee.registered',
      'attendee.registered',
      'webhook.test',
    ]);
    expect((await owner.send('GET', '/webhooks')).body.meta).toEqual({ waiting_count: 0 });

    const patched = await owner.send('PATCH', `/webhooks/${id}`, { event_types: ['attendee.no_show'] });
    expect(patched.body.data.event_types).toEqual(['attendee.no_show']);
    const rotated = await owner.send('POST', `/webhooks/${id}/rotate-secret`);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect((await owner.send('DELETE', `/webhooks/${id}`)).body).toEqual({
      message: 'Webhook endpoint deleted.',
    });
    expect((await owner.send('GET', `/webhooks/${id}`)).status).toBe(404);
  });

  it('staff are refused, signed-out visitors must sign in, and bad input is a 422', async () => {
    const { uuid } = createEndpoint(t.app, venue, receiver.url);
    const email = 'sam@example.com';
    await owner.send('POST', '/staff', {
      name: 'Sam',
      email,
      password: 'another long password',
      role: 'staff',
    });
    const staff = dashboardClient(() => t.app);
    await staff.send('POST', '/session', { email, password: 'another long password' });
    const anonymous = dashboardClient(() => t.app);
    for (const [method, path] of everyRoute(uuid)) {
      const dashboardPath = path.replace('/api/webhooks', '/webhooks');
      const body = method === 'GET' ? undefined : {};
      const refused = await staff.send(method, dashboardPath, body);
      expect(refused.status, `${method} ${dashboardPath}`).toBe(403);
      expect(refused.body).toEqual({ message: 'Only organization owners can do this.' });
      const signedOut = await anonymous.send(method, dashboardPath, body);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toEqual({ message: 'Please sign in.' });
    }

    const invalid = await owner.send('POST', '/webhooks', { url: 'gopher://old.example.com' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      message: 'Validation failed.',
      errors: { url: ['The url field must be an http or https URL.'] },
    });
    const forged = await owner.send(
      'POST',
      '/webhooks',
      { url: receiver.url },
      { origin: 'http://evil.example' },
    );
    expect(forged.status).toBe(403);

    const theirs = createEndpoint(t.app, org, receiver.url);
    expect((await owner.send('GET', `/webhooks/${theirs.uuid}`)).status).toBe(404);
    expect((await owner.send('DELETE', `/webhooks/${theirs.uuid}`)).status).toBe(404);
  });
});
