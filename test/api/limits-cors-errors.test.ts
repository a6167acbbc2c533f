import net, { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  createUser,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
afterEach(async () => t?.close());

const DEFAULTS = { publicEvents: 60, profile: 60, publicOther: 10, token: 60 };

async function exhaust(n: number, request: () => ReturnType<typeof call>) {
  let last;
  for (let i = 0; i < n; i++) last = await request();
  return last!;
}

describe('Rate limits', () => {
  it('public event endpoints: 60 a minute per IP with headers, then 429 Too Many Attempts. until the reset', async () => {
    t = await startTestApp({ rateLimits: DEFAULTS });
    t.clock.set('2026-11-21T10:00:00.250Z');
    const event = createEvent(t.app, createOrganization(t.app));
    // A device on the venue LAN (loopback is where a trusted satellite would be).
    const client = '192.0.2.40';
    const get = () => call(t.app, 'GET', `/public/events/${event.uuid}`, { remoteAddress: client });

    const first = await get();
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    expect(first.headers['x-ratelimit-remaining']).toBe('59');
    // The window opened at 10:00:00.250 and resets a minute later, at the next whole second.
    const reset = String(Math.ceil(Date.parse('2026-11-21T10:01:00.250Z') / 1000));
    expect(first.headers['x-ratelimit-reset']).toBe(reset);

    t.clock.advance(30_000);
    const sixtieth = await exhaust(59, get);
    expect(sixtieth.status).toBe(200);
    expect(sixtieth.headers['x-ratelimit-remaining']).toBe('0');

    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    expect(limited.headers['x-ratelimit-limit']).toBe('60');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-reset']).toBe(reset);
    expect(limited.headers['retry-after']).toBe('30');

    // Another IP has its own allowance; a forged X-Forwarded-For does not make a new client.
    expect(
      (await call(t.app, 'GET', `/public/events/${event.uuid}`, { remoteAddress: '10.0.0.9' })).status,
    ).toBe(200);
    const forged = await call(t.app, 'GET', `/public/events/${event.uuid}`, {
      headers: { 'x-forwarded-for': '10.9.9.9' },
      remoteAddress: client,
    });
    expect(forged.status).toBe(429);

    t.clock.set('2026-11-21T10:01:00.250Z');
    const afterReset = await get();
    expect(afterReset.status).toBe(200);
    expect(afterReset.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('an IPv4 client is one client whether it arrives over IPv4 or IPv6; IPv6 clients count one by one', async () => {
    t = await startTestApp({ rateLimits: { ...DEFAULTS, profile: 2 } });
    const user = createUser(t.app, createOrganization(t.app));
    const from = (remoteAddress: string) =>
      call(t.app, 'GET', `/public/profile/${user.profileCode}`, { remoteAddress });

    expect((await from('192.0.2.7')).headers['x-ratelimit-remaining']).toBe('1');
    expect((await from('::ffff:192.0.2.7')).headers['x-ratelimit-remaining']).toBe('0');
    expect((await from('192.0.2.7')).status).toBe(429);

    expect((await from('2001:db8::1')).headers['x-ratelimit-remaining']).toBe('1');
    expect((await from('2001:db8::2')).headers['x-ratelimit-remaining']).toBe('1');
  });

  it('X-Forwarded-For names the client only when a trusted proxy is configured', async () => {
    t = await startTestApp({ rateLimits: DEFAULTS, trustProxy: true });
    const event = createEvent(t.app, createOrganization(t.app));
    await exhaust(60, () =>
      call(t.app, 'GET', `/public/events/${event.uuid}`, { headers: { 'x-forwarded-for': '10.1.1.1' } }),
    );
    const other = await call(t.app, 'GET', `/public/events/${event.uuid}`, {
      headers: { 'x-forwarded-for': '10.2.2.2' },
    });
    expect(other.status).toBe(200);
  });

  it('profile: 60 a minute per IP, with its own 429 message', async () => {
    t = await startTestApp({ rateLimits: DEFAULTS });
    const user = createUser(t.app, createOrganization(t.app));
    const get = () => call(t.app, 'GET', `/public/profile/${user.profileCode}`);
    expect((await exhaust(60, get)).status).toBe(200);
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too many requests. Please wait before trying again.' });
    expect(limited.headers['retry-after']).toBe('60');
  });

  it('/p/{code}: the general public limit of 10 a minute', async () => {
    t = await startTestApp({ rateLimits: DEFAULTS });
    const user = createUser(t.app, createOrganization(t.app));
    const get = () => call(t.app, 'GET', `/p/${user.profileCode}`);
    const tenth = await exhaust(10, get);
    expect(tenth.status).toBe(200);
    expect(tenth.headers['x-ratelimit-limit']).toBe('10');
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
  });

  it('token requests: 60 a minute per token, whatever the IP', async () => {
    t = await startTestApp({ rateLimits: DEFAULTS });
    const org = createOrganization(t.app);
    const token = createToken(t.app, org);
    const other = createToken(t.app, org);
    let i = 0;
    const get = (tok: string) =>
      call(t.app, 'GET', '/api/organization', { token: tok, remoteAddress: `10.0.0.${++i % 250}` });
    const last = await exhaust(60, () => get(token));
    expect(last.status).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const limited = await get(token);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    expect((await get(other)).status).toBe(200);
  });

  it('requests with bad tokens are counted per IP, so guessing is throttled too', async () => {
    t = await startTestApp({ rateLimits: DEFAULTS });
    const guess = () =>
      call(t.app, 'GET', '/api/organization', { headers: { authorization: 'Bearer arv_guess' } });
    const last = await exhaust(60, guess);
    expect(last.status).toBe(401);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    expect((await guess()).status).toBe(429);
    // The same client over a dual-stack socket is the same client.
    const mapped = await call(t.app, 'GET', '/api/organization', {
      headers: { authorization: 'Bearer arv_guess' },
      remoteAddress: '::ffff:127.0.0.1',
    });
    expect(mapped.status).toBe(429);
  });

  it('limits are configurable', async () => {
    t = await startTestApp({ rateLimits: { ...DEFAULTS, publicEvents: 2 } });
    const event = createEvent(t.app, createOrganization(t.app));
    await exhaust(2, () => call(t.app, 'GET', `/public/events/${event.uuid}`));
    expect((await call(t.app, 'GET', `/public/events/${event.uuid}`)).status).toBe(429);
  });
});

describe('CORS', () => {
  it('allows any origin on GET /public/profile/{code}, preflight included', async () => {
    t = await startTestApp();
    const user = createUser(t.app, createOrganization(t.app));
    const get = await call(t.app, 'GET', `/public/profile/${user.profileCode}`, {
      headers: { origin: 'https://anywhere.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/public/profile/${user.profileCode}`,
      headers: { origin: 'https://anywhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET');
  });

  it('sends no CORS headers anywhere else', async () => {
    t = await startTestApp();
    const org = createOrganization(t.app);
    const event = createEvent(t.app, org);
    const token = createToken(t.app, org);
    const origin = { origin: 'https://evil.example' };
    for (const res of [
      await call(t.app, 'GET', `/public/events/${event.uuid}`, { headers: origin }),
      await call(t.app, 'POST', `/public/events/${event.uuid}/register`, { headers: origin, body: {} }),
      await call(t.app, 'GET', '/api/organization', { token, headers: origin }),
    ]) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/public/events/${event.uuid}/register`,
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('Errors', () => {
  it('an unknown path is a JSON 404 with a message', async () => {
    t = await startTestApp();
    const res = await call(t.app, 'GET', '/no/such/path');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
  });

  it('malformed JSON is a 400 JSON answer, never a 500', async () => {
    t = await startTestApp();
    const event = createEvent(t.app, createOrganization(t.app));
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/public/events/${event.uuid}/register`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    for (const payload of ['{"email": ', 'null x']) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
    }
    const poisoned = await send('{"__proto__": {"x": 1}}');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({
      message: 'The request body may not contain the keys __proto__ or constructor.prototype.',
    });
  });

  it('a path the router cannot take is answered in the { message } shape: 400 for a broken escape, 414 when long', async () => {
    t = await startTestApp();
    const broken = await call(t.app, 'GET', '/public/events/%E0%A4%A');
    expect(broken.status).toBe(400);
    expect(broken.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(broken.body).toEqual({ message: 'The request URL is not valid.' });

    const long = await call(t.app, 'GET', `/public/profile/${'a'.repeat(101)}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ message: 'The request URL is too long.' });
  });

  it("what Node's HTTP parser refuses is answered in the { message } shape, then the connection closes", async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const parse = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return {
        statusLine: head.split('\r\n')[0],
        head: head.toLowerCase(),
        body: JSON.parse(body) as unknown,
      };
    };

    const junk = parse(await send('HELLO THERE\r\n\r\n'));
    expect(junk.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(junk.head).toContain('content-type: application/json; charset=utf-8');
    expect(junk.head).toContain('connection: close');
    expect(junk.body).toEqual({ message: 'The request is not valid HTTP.' });

    const oversized = parse(await send(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`));
    expect(oversized.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(oversized.body).toEqual({ message: 'The request headers are too large.' });
  });

  it('a request that arrives while the server closes is a 503 in the { message } shape, and the connection closes', async () => {
    t = await startTestApp();
    const event = createEvent(t.app, createOrganization(t.app));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const accepted = new Promise<net.Socket>((resolve) => t.app.server.once('connection', resolve));
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let answer = '';
    socket.on('data', (chunk: string) => (answer += chunk));
    const ended = new Promise((resolve, reject) => {
      socket.on('close', resolve);
      socket.on('error', reject);
    });
    await new Promise((resolve) => socket.once('connect', resolve));

    // Half a request keeps the connection busy, so closing waits for it instead of dropping it, once the server has
    // read it: until then the connection is idle, and closing drops it.
    const serverSide = await accepted;
    socket.write(`GET /public/events/${event.uuid} HTTP/1.1\r\nHost: kiosk\r\n`);
    while (serverSide.bytesRead === 0) await new Promise((resolve) => setImmediate(resolve));
    const closed = t.app.close();
    // The listening socket closes once shutdown has begun; then the request is finished.
    while (t.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    socket.write('\r\n');
    await ended;
    await closed;

    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(head.toLowerCase()).toContain('connection: close');
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(head.toLowerCase()).toContain(
      "content-security-policy: default-src 'none'; frame-ancestors 'none'",
    );
    expect(JSON.parse(body)).toEqual({
      message: 'The server is shutting down. Please try again in a moment.',
    });
  });

  it('UUIDs in paths compare case-insensitively', async () => {
    t = await startTestApp();
    const event = createEvent(t.app, createOrganization(t.app));
    expect((await call(t.app, 'GET', `/public/events/${event.uuid.toUpperCase()}`)).status).toBe(200);
  });

  it('a body that is not JSON is 415 with a message', async () => {
    t = await startTestApp();
    const event = createEvent(t.app, createOrganization(t.app));
    const res = await t.app.inject({
      method: 'POST',
      url: `/public/events/${event.uuid}/register`,
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('message');
  });

  it('a compressed body is 415 with a message, not read as JSON', async () => {
    t = await startTestApp();
    const event = createEvent(t.app, createOrganization(t.app));
    const json = JSON.stringify({ email: 'zip@example.com', first_name: 'Zip', last_name: 'Ped' });
    const post = (encoding: string, payload: Buffer | string) =>
      t.app.inject({
        method: 'POST',
        url: `/public/events/${event.uuid}/register`,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload,
      });
    for (const [encoding, payload] of [
      ['gzip', gzipSync(json)],
      ['GZIP', json],
      ['br', json],
    ] as const) {
      const res = await post(encoding, payload);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        message: 'Unsupported content encoding. Send the JSON body uncompressed.',
      });
    }
    expect(t.app.store.repos.attendees.findForEmail(event.id, 'zip@example.com')).toBeNull();
    expect((await post('identity', json)).statusCode).toBe(201);
  });

  it('the OpenAPI document lists every endpoint of the interface', async () => {
    t = await startTestApp();
    const doc = (await call(t.app, 'GET', '/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/public/events/{uuid}',
      '/public/events/{uuid}/register',
      '/public/events/{uuid}/check',
      '/public/events/{uuid}/check-in',
      '/public/events/{uuid}/cancel',
      '/public/profile/{code}',
      '/api/attendees/{id}',
      '/api/events/{event_id}/attendees/{attendee_id}/cancel',
      '/api/events/{event_id}/attendees/{attendee_id}/no-show',
      '/api/events/{event_id}/attendees/bulk-no-show',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });
});
