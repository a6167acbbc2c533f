import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/platform/database.ts';
import { syncRepository } from '../../server/sync/sync.repository.ts';
import { startTestApp, tempDataDir, type TestApp } from '../helpers/app.ts';

const HOST_REFUSED = {
  message:
    'This server does not answer to that name. Open the dashboard at its address, or allow the name with --allowed-host.',
};

const OWNER = {
  organization_name: 'Mallory Corp',
  name: 'Mallory',
  email: 'mallory@example.com',
  password: 'correct horse battery',
};

let t: TestApp | undefined;
let satellite: FastifyInstance | undefined;
afterEach(async () => {
  await t?.close();
  await satellite?.close();
  t = undefined;
  satellite = undefined;
});

function request(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

describe('the dashboard API answers only to names the server knows as its own', () => {
  it('a rebound name is refused with 421 before setup, even with a matching Origin and from loopback', async () => {
    t = await startTestApp();
    const rebound = { host: 'attacker.example:8787', origin: 'http://attacker.example:8787' };
    const setup = await request(t.app, 'POST', '/dashboard/api/setup', rebound, OWNER);
    expect(setup.statusCode).toBe(421);
    expect(setup.json()).toEqual(HOST_REFUSED);
    expect(t.app.store.repos.staff.count()).toBe(0);
    for (const path of ['/dashboard/api/setup', '/dashboard/api/session', '/dashboard/api/events']) {
      const res = await request(t.app, 'GET', path, rebound);
      expect(res.statusCode, path).toBe(421);
      expect(res.json()).toEqual(HOST_REFUSED);
    }
    // The rest of the API has no session to steal and answers to any name.
    expect((await request(t.app, 'GET', '/satellite/status', rebound)).statusCode).toBe(200);
  });

  it("answers to localhost, loopback, the machine's host name and addresses, and configured names", async () => {
    t = await startTestApp({ allowedHosts: ['checkin.venue.example'] });
    const addresses = Object.values(os.networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .map((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address));
    const hosts = [
      'localhost:8787',
      'LOCALHOST',
      '127.0.0.1:8787',
      '[::1]:8787',
      `${os.hostname()}:8787`,
      `${os.hostname()}.local:8787`,
      'checkin.venue.example:8787',
      ...addresses.map((address) => `${address}:8787`),
    ];
    for (const host of hosts) {
      const res = await request(t.app, 'GET', '/dashboard/api/setup', { host });
      expect(res.statusCode, host).toBe(200);
    }
    expect(
      (await request(t.app, 'GET', '/dashboard/api/setup', { host: 'other.venue.example' })).statusCode,
    ).toBe(421);
  });

  it('says 421 in the OpenAPI document of every dashboard operation that declares its answers', async () => {
    t = await startTestApp();
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/dashboard/api/'))
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({
          name: `${method} ${path}`,
          statuses: Object.keys(operation.responses),
        })),
      )
      // The CSV export declares no answers at all yet (the document shows Fastify's default 200 for it).
      .filter(({ statuses }) => statuses.length > 1);
    expect(operations.length).toBeGreaterThan(20);
    for (const { name, statuses } of operations) expect(statuses, name).toContain('421');
  });
});

describe('the Origin check compares the scheme too', () => {
  it('https://host:port is not the origin of this plain-HTTP server on host:port', async () => {
    t = await startTestApp();
    const host = '127.0.0.1:8787';
    const https = await request(
      t.app,
      'POST',
      '/dashboard/api/setup',
      { host, origin: `https://${host}` },
      OWNER,
    );
    expect(https.statusCode).toBe(403);
    expect(https.json()).toEqual({ message: 'This request must come from the Arrivals dashboard itself.' });
    expect(t.app.store.repos.staff.count()).toBe(0);
    const http = await request(
      t.app,
      'POST',
      '/dashboard/api/setup',
      { host, origin: `http://${host}` },
      OWNER,
    );
    expect(http.statusCode).toBe(201);
  });
});

/** A stand-in hub on loopback that records the dashboard requests reaching it and answers 200 to everything. */
async function recordingHub() {
  const forwarded: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.url!.startsWith('/dashboard')) forwarded.push(`${req.url} ${req.headers.host}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { forwarded, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('a replica', () => {
  it('refuses a rebound name on its own dashboard routes and on those it forwards to the hub', async () => {
    const hub = await recordingHub();
    const dataDir = tempDataDir();
    try {
      // A data dir paired with the stand-in hub, as `arrivals device pair` leaves it.
      await (await buildApp({ dataDir })).close();
      const db = openDatabase(dataDir);
      syncRepository(db).pairWith({
        role: 'kiosk',
        url: hub.url,
        deviceUuid: '5f0c9a52-8d1e-4f7b-9b8e-2f1d3c4b5a69',
        credential: 'test-credential',
        organizationUuid: '0b7e4c1a-3d2f-4e5a-8b9c-1d2e3f4a5b6c',
        eventIds: [],
        grantedNext: null,
        grantedTo: null,
        pairedAt: '2026-11-21T10:00:00+00:00',
      });
      db.close();
      satellite = await buildApp({ dataDir, kioskDir: false });
      // Setup is the hub's: a replica's staff accounts come from it.
      expect(satellite.ctx.staff.setupCode()).toBeNull();

      const rebound = { host: 'attacker.example:8787', origin: 'http://attacker.example:8787' };
      for (const path of ['/dashboard/api/session', '/dashboard/api/staff', '/dashboard/%61pi/tokens']) {
        const res = await request(satellite, 'GET', path, rebound);
        expect(res.statusCode, path).toBe(421);
        expect(res.json()).toEqual(HOST_REFUSED);
      }
      expect(hub.forwarded).toEqual([]);
      expect(
        (await request(satellite, 'GET', '/dashboard/api/staff', { host: 'localhost:8787' })).statusCode,
      ).toBe(200);
      expect(hub.forwarded).toEqual([`/dashboard/api/staff ${new URL(hub.url).host}`]);
    } finally {
      await satellite?.close();
      satellite = undefined;
      await hub.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a satellite', () => {
  it('refuses a rebound name before forwarding, since it renames Host to the hub’s on the way', async () => {
    // A stand-in hub that records what reaches it.
    const forwarded: string[] = [];
    const hub = http.createServer((req, res) => {
      forwarded.push(`${req.url} ${req.headers.host}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    const hubUrl = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
    try {
      satellite = await buildApp({ dataDir: '', kioskDir: false, satellite: { hubUrl } });
      const rebound = { host: 'attacker.example:8787', origin: 'http://attacker.example:8787' };
      for (const path of ['/dashboard/api/setup', '/dashboard/%61pi/setup', '//dashboard/api/setup']) {
        const res = await request(satellite, 'POST', path, rebound, OWNER);
        expect(res.statusCode, path).toBe(421);
        expect(res.json()).toEqual(HOST_REFUSED);
      }
      expect(forwarded).toEqual([]);
      const own = { host: 'localhost:8787', origin: 'http://localhost:8787' };
      expect((await request(satellite, 'POST', '/dashboard/api/setup', own, OWNER)).statusCode).toBe(200);
      expect((await request(satellite, 'GET', '/public/organizations', rebound)).statusCode).toBe(200);
      expect(forwarded).toEqual([
        `/dashboard/api/setup ${new URL(hubUrl).host}`,
        `/public/organizations ${new URL(hubUrl).host}`,
      ]);
    } finally {
      await new Promise((resolve) => hub.close(resolve));
    }
  });
});
