/**
 * Where webhooks may go (issue 21, finding 2): a token must not turn an endpoint into a way to read the kiosk's own
 * loopback services or the venue LAN. Loopback, private and link-local destinations are refused unless an owner
 * allowed the host under the dashboard's LAN integrations: the URL when it is saved, and the address again when each
 * connection is made. Receivers are real HTTP servers on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { toTimestamp } from '../../server/platform/time.ts';
import { WEBHOOK_EVENT_TYPES } from '../../server/webhooks/webhook.rules.ts';
import { call, createOrganization, createToken, type TestApp } from '../helpers/app.ts';
import { dashboardClient, type DashboardClient } from '../helpers/dashboard.ts';
import { deliveryRows, startReceiver, startWebhookTestApp, type Receiver } from '../helpers/webhooks.ts';

const NOT_ALLOWED =
  'The url field points at a loopback, private or link-local address that an owner has not allowed under LAN integrations.';
const REFUSED_ATTEMPT = 'The destination address is not allowed.';

/** Addresses written out in a URL that only this machine or the local network can reach. */
const REFUSED_URLS = [
  'http://127.0.0.1:8080/hook',
  'http://127.1.2.3/hook',
  'http://[::1]:8080/hook',
  'http://[::ffff:127.0.0.1]:8080/hook',
  'http://[::ffff:7f00:1]/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.5:8080/in',
  'http://172.16.4.2/in',
  'http://192.168.1.20/in',
  'http://100.64.0.1/in',
  'http://0.0.0.0:8080/',
  'http://[::]/',
  'http://[fd00::7]/in',
  'http://[fe80::1]/in',
  'http://224.0.0.1/in',
  // Other spellings of 127.0.0.1 that the URL parser reads as it.
  'http://2130706433/hook',
  'http://0x7f.1/hook',
];

let t: TestApp;
let receiver: Receiver;
let org: Organization;
let token: string;

beforeEach(async () => {
  t = await startWebhookTestApp();
  receiver = await startReceiver();
  org = createOrganization(t.app, 'Venue');
  token = createToken(t.app, org);
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

const dispatch = () => t.app.ctx.webhookDispatcher.dispatchDue();
const port = () => new URL(receiver.url).port;

/** An owner of `org`, signed in to the dashboard. */
async function signedInOwner(): Promise<DashboardClient> {
  const email = 'olive@example.com';
  const password = 'correct horse battery';
  const created = await t.app.ctx.staff.createStaff(org.id, {
    name: 'Olive',
    email,
    password,
    role: 'owner',
  });
  expect(created.ok).toBe(true);
  const owner = dashboardClient(() => t.app);
  expect((await owner.send('POST', '/session', { email, password })).status).toBe(200);
  return owner;
}

async function createOverApi(url: string) {
  return call(t.app, 'POST', '/api/webhooks', { token, body: { url } });
}

/** Every attempt as stored, oldest first. */
function attemptRows() {
  return t.app.store.db
    .prepare('SELECT number, status_code, response_excerpt, error FROM webhook_attempts ORDER BY id')
    .all();
}

/** An endpoint written straight into the database, as one saved before these rules existed would be. */
function storedEndpoint(url: string): string {
  return t.app.store.repos.webhookEndpoints.create(
    org.id,
    { url, description: '', eventTypes: WEBHOOK_EVENT_TYPES, enabled: true, disabledReason: null },
    'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA==',
    toTimestamp(t.clock.now()),
  ).uuid;
}

describe('saving an endpoint', () => {
  it.each(REFUSED_URLS)('a token cannot point one at %s (422 on url, nothing stored)', async (url) => {
    const res = await createOverApi(url);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The given data was invalid.', errors: { url: [NOT_ALLOWED] } });
    expect(t.app.store.repos.webhookEndpoints.countForOrganization(org.id)).toBe(0);
  });

  it('public addresses and host names are accepted; a name is judged when connecting', async () => {
    for (const url of ['https://203.0.114.9/hooks', 'https://[2606:4700::1111]/in', 'http://localhost:9/x']) {
      expect((await createOverApi(url)).status, url).toBe(201);
    }
  });

  it('nor can an edit move an endpoint there', async () => {
    const created = await createOverApi('https://crm.example.com/hooks');
    const res = await call(t.app, 'PATCH', `/api/webhooks/${created.body.data.id}`, {
      token,
      body: { url: 'http://[::1]:631/' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ url: [NOT_ALLOWED] });
    expect(t.app.store.repos.webhookEndpoints.findByUuid(created.body.data.id)!.url).toBe(
      'https://crm.example.com/hooks',
    );
  });

  it('an owner in the dashboard is refused too until the host is allowed; then it delivers', async () => {
    const owner = await signedInOwner();
    const refused = await owner.send('POST', '/webhooks', { url: receiver.url });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'Validation failed.', errors: { url: [NOT_ALLOWED] } });

    const allowed = await owner.send('POST', '/lan-integrations', {
      host: `127.0.0.1:${port()}`,
      description: 'Badge printer',
    });
    expect(allowed.status).toBe(201);

    // The entry is for that port only.
    const otherPort = await createOverApi(`http://127.0.0.1:${Number(port()) + 1}/hooks`);
    expect(otherPort.status).toBe(422);

    const created = await createOverApi(receiver.url);
    expect(created.status).toBe(201);
    expect((await call(t.app, 'POST', `/api/webhooks/${created.body.data.id}/test`, { token })).status).toBe(
      202,
    );
    await dispatch();
    expect(receiver.requests.map((r) => r.json.type)).toEqual(['webhook.test']);
    expect(deliveryRows(t.app)).toMatchObject([{ status: 'delivered', last_status_code: 200 }]);
  });

  it("another organization's allowance counts for nothing", async () => {
    const other = createOrganization(t.app, 'Elsewhere');
    t.app.ctx.lanIntegrations.allowLanHost(other.id, { host: '127.0.0.1' });
    expect((await createOverApi(receiver.url)).status).toBe(422);
  });
});

describe('connecting', () => {
  it('a host name that resolves to loopback is refused when connecting: nothing sent, nothing stored, no retry', async () => {
    receiver.respond = () => ({ status: 200, body: 'secret admin page' });
    const url = `http://localhost:${port()}/hooks`;
    const created = await createOverApi(url);
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await call(t.app, 'POST', `/api/webhooks/${id}/test`, { token })).status).toBe(202);

    await dispatch();
    expect(receiver.requests).toHaveLength(0);
    expect(deliveryRows(t.app)).toMatchObject([
      { status: 'failed', attempt_count: 1, next_attempt_at: null, last_status_code: null },
    ]);
    expect(attemptRows()).toEqual([
      { number: 1, status_code: null, response_excerpt: null, error: REFUSED_ATTEMPT },
    ]);
    const log = await call(t.app, 'GET', `/api/webhooks/${id}/deliveries`, { token });
    expect(log.body.data[0]).toMatchObject({
      status: 'failed',
      last_attempt: { status_code: null, response_excerpt: null, error: REFUSED_ATTEMPT },
    });
    expect(JSON.stringify(log.body)).not.toContain('secret admin page');

    // Failed for good: a later round sends nothing.
    t.clock.advance(25 * 60 * 60_000);
    await dispatch();
    expect(receiver.requests).toHaveLength(0);
    expect(attemptRows()).toHaveLength(1);

    // Once an owner allows the name, a redelivery goes through.
    t.app.ctx.lanIntegrations.allowLanHost(org.id, { host: `localhost:${port()}` });
    const delivery = deliveryRows(t.app)[0]!.id;
    const again = await call(t.app, 'POST', `/api/webhooks/${id}/deliveries/${delivery}/redeliver`, {
      token,
    });
    expect(again.status).toBe(202);
    await dispatch();
    expect(receiver.requests.map((r) => r.json.type)).toEqual(['webhook.test']);
    expect(deliveryRows(t.app)[0]).toMatchObject({ status: 'delivered', last_status_code: 200 });
  });

  it.each([
    'http://[::1]:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://127.0.0.1:PORT/',
    'http://169.254.169.254/',
    'http://10.0.0.1/',
  ])('an endpoint stored earlier at %s fails at once without connecting', async (url) => {
    const id = storedEndpoint(url.replace('PORT', port()));
    expect((await call(t.app, 'POST', `/api/webhooks/${id}/test`, { token })).status).toBe(202);
    await dispatch();
    expect(receiver.requests).toHaveLength(0);
    expect(deliveryRows(t.app)).toMatchObject([{ status: 'failed', attempt_count: 1 }]);
    expect(attemptRows()).toEqual([
      { number: 1, status_code: null, response_excerpt: null, error: REFUSED_ATTEMPT },
    ]);
  });

  it('taking a host off the list stops deliveries at the next connection, even over a kept-alive one', async () => {
    const owner = await signedInOwner();
    const allowed = await owner.send('POST', '/lan-integrations', { host: `127.0.0.1:${port()}` });
    const created = await createOverApi(receiver.url);
    const id = created.body.data.id as string;
    const test = () => call(t.app, 'POST', `/api/webhooks/${id}/test`, { token });

    await test();
    await dispatch();
    expect(receiver.requests).toHaveLength(1);

    expect((await owner.send('DELETE', `/lan-integrations/${allowed.body.data.id}`)).body).toEqual({
      message: 'LAN integration removed.',
    });
    await test();
    await dispatch();
    expect(receiver.requests).toHaveLength(1);
    expect(attemptRows().at(-1)).toEqual({
      number: 1,
      status_code: null,
      response_excerpt: null,
      error: REFUSED_ATTEMPT,
    });
  });
});

describe('dashboard: LAN integrations', () => {
  it('owners list, add and remove allowed hosts, kept in one normalised form', async () => {
    const owner = await signedInOwner();
    expect((await owner.send('GET', '/lan-integrations')).body).toEqual({ data: [] });

    const added = [];
    for (const host of ['192.168.1.20:8080', ' Printer.LOCAL ', '[FD00:0::7]:9000', '::1']) {
      const res = await owner.send('POST', '/lan-integrations', { host });
      expect(res.status, host).toBe(201);
      added.push(res.body.data);
    }
    expect(added[0]).toEqual({
      id: expect.any(Number),
      host: '192.168.1.20:8080',
      description: '',
      created_at: toTimestamp(t.clock.now()),
    });
    const list = await owner.send('GET', '/lan-integrations');
    expect(list.body.data.map((entry: { host: string }) => entry.host)).toEqual([
      '192.168.1.20:8080',
      '[::1]',
      '[fd00::7]:9000',
      'printer.local',
    ]);

    const again = await owner.send('POST', '/lan-integrations', { host: 'printer.local' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      message: 'Validation failed.',
      errors: { host: ['The host has already been taken.'] },
    });
    for (const host of ['http://192.168.1.20/', '192.168.1.20:99999', 'printer.local/path', 'a b', '']) {
      const res = await owner.send('POST', '/lan-integrations', { host });
      expect(res.status, host).toBe(422);
      expect(Object.keys(res.body.errors), host).toEqual(['host']);
    }

    const removed = await owner.send('DELETE', `/lan-integrations/${added[1].id}`);
    expect(removed.body).toEqual({ message: 'LAN integration removed.' });
    expect((await owner.send('DELETE', `/lan-integrations/${added[1].id}`)).status).toBe(404);
    expect((await owner.send('GET', '/lan-integrations')).body.data).toHaveLength(3);

    // Another organization's entry is not found.
    const other = createOrganization(t.app, 'Elsewhere');
    const theirs = t.app.ctx.lanIntegrations.allowLanHost(other.id, { host: '10.0.0.9' });
    if (!theirs.ok) throw new Error(theirs.reason);
    expect((await owner.send('DELETE', `/lan-integrations/${theirs.integration.id}`)).status).toBe(404);
    expect(t.app.ctx.lanIntegrations.listLanIntegrations(other.id)).toHaveLength(1);
  });

  it('staff are refused, signed-out visitors must sign in, and no token reaches the list', async () => {
    const created = await t.app.ctx.staff.createStaff(org.id, {
      name: 'Sam',
      email: 'sam@example.com',
      password: 'another long password',
      role: 'staff',
    });
    expect(created.ok).toBe(true);
    const staff = dashboardClient(() => t.app);
    await staff.send('POST', '/session', { email: 'sam@example.com', password: 'another long password' });
    const anonymous = dashboardClient(() => t.app);
    const routes = [
      ['GET', '/lan-integrations', undefined],
      ['POST', '/lan-integrations', { host: '127.0.0.1' }],
      ['DELETE', '/lan-integrations/1', undefined],
    ] as const;
    for (const [method, path, body] of routes) {
      expect(await staff.send(method, path, body)).toMatchObject({
        status: 403,
        body: { message: 'Only organization owners can do this.' },
      });
      expect(await anonymous.send(method, path, body)).toMatchObject({
        status: 401,
        body: { message: 'Please sign in.' },
      });
      const overApi = await call(t.app, method, `/api${path}`, { token, body });
      expect(overApi.status, `${method} /api${path}`).toBe(404);
    }
    expect(t.app.ctx.lanIntegrations.listLanIntegrations(org.id)).toEqual([]);
  });
});
