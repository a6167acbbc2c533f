import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import {
  createEvent,
  createOrganization,
  createUser,
  startTestApp,
  tempDataDir,
  type TestApp,
} from '../helpers/app.ts';

/**
 * nosniff and no framing on every answer a browser could receive, whatever made it: a route, the error handler, the
 * router, the 404 handler, a rate limit, the static files, Swagger UI, Node's own parser, the satellite's proxy.
 */

function fakeRendererBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-headers-kiosk-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'dashboard.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Bx1yZ2.js'), 'console.log("kiosk")');
  return dir;
}

type Headers = Record<string, string | string[] | number | undefined>;

function expectProtected(headers: Headers, what: string): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
}

let t: TestApp;
let kioskDir: string;
let profileCode: string;
let privateCode: string;
let eventUuid: string;

beforeAll(async () => {
  kioskDir = fakeRendererBuild();
  t = await startTestApp({ kioskDir, rateLimits: { publicOther: 1 } });
  const organization = createOrganization(t.app);
  eventUuid = createEvent(t.app, organization).uuid;
  profileCode = createUser(t.app, organization, { firstName: 'Ada', profilePublic: true }).profileCode;
  privateCode = createUser(t.app, organization, { profilePublic: false }).profileCode;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(kioskDir, { recursive: true, force: true });
});

const inject = (options: InjectOptions) => t.app.inject(options);

describe('every answer carries nosniff, X-Frame-Options: DENY and frame-ancestors none', () => {
  it.each<[string, () => InjectOptions, number]>([
    ['a JSON answer', () => ({ method: 'GET', url: `/public/events/${eventUuid}` }), 200],
    ['the OpenAPI document', () => ({ method: 'GET', url: '/openapi.json' }), 200],
    ['a kiosk page', () => ({ method: 'GET', url: '/kiosk/x' }), 200],
    ['a dashboard page', () => ({ method: 'GET', url: '/dashboard' }), 200],
    ['a static asset', () => ({ method: 'GET', url: '/assets/index-Bx1yZ2.js' }), 200],
    ['Swagger UI', () => ({ method: 'GET', url: '/docs/' }), 200],
    ['a Swagger UI file', () => ({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' }), 200],
    ['an unknown path', () => ({ method: 'GET', url: '/nothing/here' }), 404],
    ['a refusal', () => ({ method: 'GET', url: '/api/organization' }), 401],
    ['a dashboard refusal', () => ({ method: 'POST', url: '/dashboard/api/session', payload: {} }), 403],
    [
      'a validation error',
      () => ({ method: 'GET', url: `/public/events/${eventUuid}/check?email=not-an-email` }),
      422,
    ],
    [
      'malformed JSON',
      () => ({
        method: 'POST',
        url: `/public/events/${eventUuid}/register`,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      }),
      400,
    ],
    [
      'a broken %-escape, refused by the router',
      () => ({ method: 'GET', url: '/public/events/%E0%A4%A' }),
      400,
    ],
    ['an over-long path parameter', () => ({ method: 'GET', url: `/public/events/${'a'.repeat(101)}` }), 414],
    [
      'a CORS preflight',
      () => ({
        method: 'OPTIONS',
        url: `/public/profile/${profileCode}`,
        headers: { origin: 'https://anywhere.example', 'access-control-request-method': 'GET' },
      }),
      204,
    ],
  ])('%s', async (what, options, status) => {
    const res = await inject(options());
    expect(res.statusCode, what).toBe(status);
    expectProtected(res.headers, what);
  });

  it('the profile page, its 404 and 403 pages, and its 429', async () => {
    const page = await inject({ method: 'GET', url: `/p/${profileCode}` });
    expect(page.statusCode).toBe(200);
    expectProtected(page.headers, '/p/{code}');
    // Its own style sheet still applies; nothing else may load.
    expect(page.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const limited = await inject({ method: 'GET', url: `/p/${profileCode}` });
    expect(limited.statusCode).toBe(429);
    expectProtected(limited.headers, '429');
  });

  it('the profile page when missing or private', async () => {
    for (const [url, from] of [
      ['/p/nobody123456', '192.0.2.1'],
      [`/p/${privateCode}`, '192.0.2.2'],
    ] as const) {
      const res = await inject({ method: 'GET', url, remoteAddress: from });
      expect(res.statusCode, url).toBe(url === '/p/nobody123456' ? 404 : 403);
      expectProtected(res.headers, url);
    }
  });

  it("answers API responses with a policy that lets nothing load, and Swagger UI with its own files' policy", async () => {
    const json = await inject({ method: 'GET', url: '/openapi.json' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const docs = await inject({ method: 'GET', url: '/docs/' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it("Node's own refusal of bytes that are not HTTP", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    expect(answer).toContain('x-content-type-options: nosniff');
    expect(answer).toContain('x-frame-options: DENY');
    expect(answer).toContain("frame-ancestors 'none'");
  });

  it("a satellite's own answers and the hub's answers it forwards", async () => {
    const dataDir = tempDataDir();
    const satellite: FastifyInstance = await buildApp({
      dataDir,
      kioskDir,
      satellite: { hubUrl: 'http://127.0.0.1:9', connectTimeoutMs: 200 },
    });
    try {
      for (const url of ['/kiosk/x', '/satellite/status', '/public/events/x']) {
        expectProtected((await satellite.inject({ method: 'GET', url })).headers, `satellite ${url}`);
      }
    } finally {
      await satellite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
