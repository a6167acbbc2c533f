import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { HUB_UNREACHABLE_MESSAGE } from '../../server/satellite/proxy.routes.ts';
import {
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  tempDataDir,
  testClock,
  UNLIMITED,
  type TestApp,
  type TestClock,
} from '../helpers/app.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * A hub and a satellite as on the venue LAN, both on loopback: the hub is the real app over its own database; the
 * satellite is a second server with no database that forwards the API to it. Requests go over real HTTP.
 */

/** A stand-in for electron-vite's out/renderer, so the satellite's own pages can be told from the hub's. */
function fakeRendererBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-satellite-kiosk-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>satellite kiosk</title>');
  return dir;
}

async function listen(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  return `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
}

interface Hub {
  app: FastifyInstance;
  url: string;
  port: number;
}

const hubDataDir = tempDataDir();
/** Satellites keep no database, but each gets a data dir of its own, removed at the end. */
const satelliteDirs: string[] = [];
const satelliteDataDir = () => {
  const dir = tempDataDir();
  satelliteDirs.push(dir);
  return dir;
};
const clock: TestClock = testClock();
let hub: Hub | null = null;

async function startHub(port = 0): Promise<Hub> {
  const app = await buildApp({ dataDir: hubDataDir, clock, rateLimits: UNLIMITED, kioskDir: false });
  const url = await listen(app, port);
  return { app, url, port: Number(new URL(url).port) };
}

async function stopHub(): Promise<void> {
  await hub?.app.close();
  hub = null;
}

let satellite: FastifyInstance;
let satelliteUrl: string;
let kioskDir: string;
let organization: Organization;
let event: EventRecord;

beforeAll(async () => {
  hub = await startHub();
  organization = createOrganization(hub.app, 'City Hall');
  event = createEvent(hub.app, organization);
  kioskDir = fakeRendererBuild();
  satellite = await buildApp({
    dataDir: satelliteDataDir(),
    kioskDir,
    satellite: { hubUrl: hub.url },
  });
  satelliteUrl = await listen(satellite);
});

afterAll(async () => {
  await satellite.close();
  await stopHub();
  fs.rmSync(hubDataDir, { recursive: true, force: true });
  for (const dir of satelliteDirs) fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(kioskDir, { recursive: true, force: true });
});

async function send(
  method: string,
  url: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) {
  const started = Date.now();
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined || options.rawBody !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
      ...options.headers,
    },
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  return {
    status: response.status,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
    body: (isJson ? JSON.parse(text) : text) as Record<string, any>,
    headers: response.headers,
    elapsedMs: Date.now() - started,
  };
}

const register = (email: string) =>
  send('POST', `${satelliteUrl}/public/events/${event.uuid}/register`, { body: registration(email) });

describe('a satellite forwards the API to its hub', () => {
  it('stores a registration made through the satellite in the hub database', async () => {
    const res = await register('ada@example.com');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Registration successful.');
    const stored = hub!.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com');
    expect(stored?.status).toBe('confirmed');
  });

  it('forwards public reads, the token API, profile pages and the OpenAPI document', async () => {
    expect((await send('GET', `${satelliteUrl}/public/events/${event.uuid}`)).body.data.name).toBe(
      'Launch Night',
    );
    expect((await send('GET', `${satelliteUrl}/public/organizations`)).body.data).toEqual([
      { name: 'City Hall', slug: organization.slug },
    ]);
    expect((await send('GET', `${satelliteUrl}/api/events`)).body).toEqual({
      message: 'API token required.',
    });
    expect((await send('GET', `${satelliteUrl}/p/nobody123456`)).status).toBe(404);
    const openapi = await send('GET', `${satelliteUrl}/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(openapi.body.paths).toHaveProperty('/public/events/{uuid}/register');
  });

  it("forwards the kiosk's own endpoints: a registration's code, scanned at the satellite, checks in at the hub", async () => {
    const registered = await send('POST', `${satelliteUrl}/kiosk/api/events/${event.uuid}/register`, {
      body: registration('walk-in@example.com'),
    });
    expect(registered.status).toBe(201);
    const scanned = await send('POST', `${satelliteUrl}/kiosk/api/events/${event.uuid}/scan`, {
      body: { code: `ARV1:${registered.body.data.checkin_code}` },
    });
    expect(scanned.status).toBe(200);
    expect(scanned.body.data.name).toBe('Ada Lovelace');
    expect(
      hub!.app.store.repos.attendees.findForEmail(event.id, 'walk-in@example.com')?.checkedInAt,
    ).not.toBeNull();
  });

  it("passes the hub's answers through unchanged: validation, malformed JSON, unknown and broken paths", async () => {
    const invalid = await send('POST', `${satelliteUrl}/public/events/${event.uuid}/register`, {
      body: { email: 'not-an-email' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toBe('Validation failed.');
    const malformed = await send('POST', `${satelliteUrl}/public/events/${event.uuid}/register`, {
      rawBody: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'The request body is not valid JSON.' });
    expect((await send('GET', `${satelliteUrl}/nothing/here`)).body).toEqual({ message: 'Not found.' });
    const brokenPath = await send('GET', `${satelliteUrl}/public/events/%E0%A4%A`);
    expect(brokenPath.status).toBe(400);
    expect(brokenPath.body).toEqual({ message: 'The request URL is not valid.' });
  });

  it('serves the kiosk screens from its own build, not the hub', async () => {
    const page = await send('GET', `${satelliteUrl}/kiosk/${event.uuid}`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('satellite kiosk');
  });

  it('signs staff in to the dashboard through the satellite: its own origin is vouched for, a foreign one is not', async () => {
    const setup = {
      organization_name: 'Hub Org',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'a long enough passphrase',
    };
    const foreign = await send('POST', `${satelliteUrl}/dashboard/api/setup`, {
      body: setup,
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('This request must come from the Arrivals dashboard itself.');

    // A password too short to pass validation, so nothing is set up: the 422 shows the request got past the origin
    // check, which runs before validation.
    const own = await send('POST', `${satelliteUrl}/dashboard/api/setup`, {
      body: { ...setup, password: 'short' },
      headers: { origin: satelliteUrl },
    });
    expect(own.status).toBe(422);
    expect(Object.keys(own.body.errors)).toEqual(['password']);
  });

  it('tells the kiosk whether the hub is reachable; a hub says it is no satellite', async () => {
    expect((await send('GET', `${satelliteUrl}/satellite/status`)).body).toEqual({
      satellite: true,
      hub: hub!.url,
      hub_reachable: true,
    });
    expect((await send('GET', `${hub!.url}/satellite/status`)).body).toEqual({
      satellite: false,
      hub: null,
      hub_reachable: null,
    });
  });
});

describe('when the hub goes away and comes back', () => {
  it('answers a JSON 503 within 3 s while the hub is down, and works again once it is back', async () => {
    const { port } = hub!;
    await stopHub();

    const down = await register('during-outage@example.com');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ message: HUB_UNREACHABLE_MESSAGE });
    expect(down.elapsedMs).toBeLessThan(3_000);
    const read = await send('GET', `${satelliteUrl}/public/events/${event.uuid}`);
    expect(read.status).toBe(503);
    expect(read.elapsedMs).toBeLessThan(3_000);
    const status = await send('GET', `${satelliteUrl}/satellite/status`);
    expect(status.body.hub_reachable).toBe(false);
    expect(status.elapsedMs).toBeLessThan(3_000);

    // The same hub again: same data dir, same port. The satellite is not touched.
    hub = await startHub(port);
    expect((await send('GET', `${satelliteUrl}/satellite/status`)).body.hub_reachable).toBe(true);
    const back = await register('after-outage@example.com');
    expect(back.status).toBe(201);
    expect(hub.app.store.repos.attendees.findForEmail(event.id, 'after-outage@example.com')).not.toBeNull();
    // What was registered before the outage is still there, and nothing was stored during it.
    expect(hub.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')).not.toBeNull();
    expect(hub.app.store.repos.attendees.findForEmail(event.id, 'during-outage@example.com')).toBeNull();
  });
});

describe('a hub that accepts the connection but never answers', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('is answered with the 503 once the response timeout passes', async () => {
    silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hubUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const frozenSatellite = await buildApp({
      dataDir: satelliteDataDir(),
      kioskDir: false,
      satellite: { hubUrl, responseTimeoutMs: 500 },
    });
    const url = await listen(frozenSatellite);
    try {
      const res = await send('GET', `${url}/public/events/${event.uuid}`);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: HUB_UNREACHABLE_MESSAGE });
      expect(res.elapsedMs).toBeLessThan(3_000);
    } finally {
      await frozenSatellite.close();
    }
  });
});

describe('arrivals serve --hub', () => {
  let process: ServerProcess | null = null;
  afterEach(async () => {
    await process?.stop();
    process = null;
  });

  it('runs a headless satellite of the hub (ARRIVALS_HUB names it too)', async () => {
    process = await startServer({
      dataDir: satelliteDataDir(),
      env: { ARRIVALS_HUB: hub!.url.replace('http://', '') },
      readyPath: '/satellite/status',
    });
    const res = await send('GET', `${process.baseUrl}/satellite/status`);
    expect(res.body).toEqual({ satellite: true, hub: hub!.url, hub_reachable: true });
    expect(process.output()).toContain(`Arrivals is a satellite of the hub at ${hub!.url}`);
  });
});

/** A GET over a connection from `localAddress` (every 127.x address is this machine, each a client of its own). */
function getFrom(localAddress: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get(url, { localAddress, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
  });
}

describe('clients behind a satellite, as the hub counts them', () => {
  let limitedHub: FastifyInstance;
  let limitedSatellite: FastifyInstance;
  let satelliteAddress: string;
  let eventPath: string;
  const limitedHubDir = tempDataDir();

  beforeAll(async () => {
    limitedHub = await buildApp({
      dataDir: limitedHubDir,
      clock,
      rateLimits: { ...UNLIMITED, publicEvents: 2 },
      kioskDir: false,
    });
    const hubUrl = await listen(limitedHub);
    eventPath = `/public/events/${createEvent(limitedHub, createOrganization(limitedHub)).uuid}`;
    limitedSatellite = await buildApp({
      dataDir: satelliteDataDir(),
      kioskDir: false,
      satellite: { hubUrl },
    });
    satelliteAddress = await listen(limitedSatellite);
  });
  afterAll(async () => {
    await limitedSatellite.close();
    await limitedHub.close();
    fs.rmSync(limitedHubDir, { recursive: true, force: true });
  });

  it('gives two clients behind one satellite a per-IP count each; a forged X-Forwarded-For is replaced', async () => {
    const url = satelliteAddress + eventPath;
    expect((await getFrom('127.0.0.2', url)).status).toBe(200);
    expect((await getFrom('127.0.0.2', url)).status).toBe(200);
    expect((await getFrom('127.0.0.2', url)).status).toBe(429);
    // Another attendee's phone behind the same satellite has its own allowance.
    expect((await getFrom('127.0.0.3', url)).status).toBe(200);
    // The first cannot name itself someone else, and nobody can spend another's allowance by naming them.
    expect((await getFrom('127.0.0.2', url, { 'x-forwarded-for': '10.9.9.9' })).status).toBe(429);
    expect((await getFrom('127.0.0.4', url, { 'x-forwarded-for': '127.0.0.3' })).status).toBe(200);
    expect((await getFrom('127.0.0.4', url, { 'x-forwarded-for': '127.0.0.3' })).status).toBe(200);
    expect((await getFrom('127.0.0.3', url)).status).toBe(200);
    expect((await getFrom('127.0.0.3', url)).status).toBe(429);
  });
});

describe('what a satellite tells the hub about the client', () => {
  let seen: http.IncomingHttpHeaders[];
  let recorder: http.Server;
  let recordingSatellite: FastifyInstance;
  let satelliteAddress: string;

  beforeAll(async () => {
    seen = [];
    // A stand-in hub that answers 200 and keeps the headers of every request it receives.
    recorder = http.createServer((request, response) => {
      seen.push(request.headers);
      response.setHeader('content-type', 'application/json');
      response.end('{}');
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    const hubUrl = `http://127.0.0.1:${(recorder.address() as net.AddressInfo).port}`;
    recordingSatellite = await buildApp({
      dataDir: satelliteDataDir(),
      kioskDir: false,
      satellite: { hubUrl },
    });
    satelliteAddress = await listen(recordingSatellite);
  });
  afterAll(async () => {
    await recordingSatellite.close();
    await new Promise((resolve) => recorder.close(resolve));
  });

  const forged = {
    'x-forwarded-for': '10.9.9.9',
    'x-forwarded-host': 'attacker.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    'x-real-ip': '10.9.9.9',
    forwarded: 'for=10.9.9.9;host=attacker.example',
  };

  it("names another device's address in X-Forwarded-For and drops every forwarding header the client sent", async () => {
    await getFrom('127.0.0.2', `${satelliteAddress}/public/organizations`, forged);
    const headers = seen.at(-1)!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.2');
    for (const name of [
      'x-forwarded-host',
      'x-forwarded-proto',
      'x-forwarded-port',
      'x-real-ip',
      'forwarded',
    ]) {
      expect(headers[name], name).toBeUndefined();
    }
  });

  it('sends its own window (a client on its own address) as itself: no X-Forwarded-For', async () => {
    await getFrom('127.0.0.1', `${satelliteAddress}/public/organizations`, forged);
    const headers = seen.at(-1)!;
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(headers['x-forwarded-host']).toBeUndefined();
  });
});

describe('the hub believes X-Forwarded-For only from satellites it knows', () => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps) await app.close();
    apps = [];
  });

  /** A hub with a route that shows how it sees the client. */
  async function hubSeeing(options: Parameters<typeof startTestApp>[0]) {
    const t = await startTestApp({ kioskDir: false, ...options });
    apps.push(t);
    t.app.get('/client', async (request) => ({
      ip: request.ip,
      host: request.host,
      protocol: request.protocol,
    }));
    return (remoteAddress: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/client', remoteAddress, headers }).then((res) => res.json());
  }
  const forwarded = {
    host: 'hub.local:8787',
    'x-forwarded-for': '10.9.9.9, 192.0.2.50',
    'x-forwarded-host': 'attacker.example',
    'x-forwarded-proto': 'https',
  };

  it('a device on the LAN is its socket address, whatever it claims', async () => {
    const see = await hubSeeing({});
    expect(await see('192.0.2.7', forwarded)).toEqual({
      ip: '192.0.2.7',
      host: 'hub.local:8787',
      protocol: 'http',
    });
  });

  it('a known satellite names the client: the entry it added, never the ones before it; never the host', async () => {
    const see = await hubSeeing({ trustedSatellites: ['192.0.2.21'] });
    expect(await see('192.0.2.21', forwarded)).toEqual({
      ip: '192.0.2.50',
      host: 'hub.local:8787',
      protocol: 'http',
    });
    // Loopback is no longer trusted once the list is given without it.
    expect((await see('127.0.0.1', forwarded)).ip).toBe('127.0.0.1');
  });

  it('loopback is a known satellite by default', async () => {
    const see = await hubSeeing({});
    expect((await see('127.0.0.1', forwarded)).ip).toBe('192.0.2.50');
    expect((await see('::1', forwarded)).host).toBe('hub.local:8787');
  });

  it('--trust-proxy believes the proxy in front, one hop, and its X-Forwarded-Host', async () => {
    const see = await hubSeeing({ trustProxy: true });
    expect(await see('192.0.2.99', forwarded)).toEqual({
      ip: '192.0.2.50',
      host: 'attacker.example',
      protocol: 'https',
    });
  });
});

describe('a headless satellite', () => {
  let satelliteProcess: ServerProcess | null = null;
  afterEach(async () => {
    await satelliteProcess?.stop();
    satelliteProcess = null;
  });

  it('listens on loopback only unless --host says otherwise', async () => {
    satelliteProcess = await startServer({
      dataDir: satelliteDataDir(),
      env: { ARRIVALS_HUB: hub!.url.replace('http://', '') },
      readyPath: '/satellite/status',
      host: null,
    });
    expect(satelliteProcess.output()).toContain('(listening on 127.0.0.1)');
    // 127.0.0.2 is this machine too, but not the address the satellite listens on.
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect({ port: satelliteProcess!.port, host: '127.0.0.2' });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
