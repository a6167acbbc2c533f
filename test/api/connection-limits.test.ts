/**
 * Slow and greedy clients on real sockets: a body dribbled a byte at a time, headers that never end, a kept-alive
 * connection left idle, and one address opening more connections than its share. Timeouts are made small through
 * `buildApp({ connections })` so that each test takes about a second.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { ConnectionLimits } from '../../server/platform/connections.ts';
import { createEvent, createOrganization, startTestApp, tempDataDir, type TestApp } from '../helpers/app.ts';

const SMALL: Partial<ConnectionLimits> = {
  requestTimeoutMs: 600,
  headersTimeoutMs: 400,
  keepAliveTimeoutMs: 200,
  checkIntervalMs: 50,
};

let t: TestApp | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await t?.close();
  t = null;
});

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

const sockets: net.Socket[] = [];

/** A raw connection that records what the server sends and when it closes. */
async function connect(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, closed, received: () => received };
}

/** Writes `first`, then one more byte every 50 ms, so the connection is never idle, until the server closes it. */
async function dribble(port: number, first: string) {
  const connection = await connect(port);
  const started = Date.now();
  connection.socket.write(first);
  const timer = setInterval(() => {
    if (!connection.socket.destroyed) connection.socket.write('a');
  }, 50);
  await connection.closed;
  clearInterval(timer);
  return { answer: connection.received(), elapsedMs: Date.now() - started };
}

function expect408(answer: string): void {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  expect(head).toContain('Connection: close');
  expect(JSON.parse(body)).toEqual({ message: 'The request took too long to arrive.' });
}

describe('slow requests', () => {
  it('a body announced and sent a byte at a time is answered 408 once the request timeout passes, and closed', async () => {
    t = await startTestApp({ kioskDir: false, connections: SMALL });
    const event = createEvent(t.app, createOrganization(t.app));
    const port = await listen(t.app);

    const { answer, elapsedMs } = await dribble(
      port,
      `POST /public/events/${event.uuid}/register HTTP/1.1\r\nHost: kiosk\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
    );
    expect408(answer);
    expect(elapsedMs).toBeGreaterThanOrEqual(SMALL.requestTimeoutMs!);
    // Nothing half-received was stored.
    expect(t.app.store.db.prepare('SELECT COUNT(*) AS n FROM attendees').get()).toEqual({ n: 0 });
  });

  it('headers that never end are answered 408 once the headers timeout passes', async () => {
    t = await startTestApp({ kioskDir: false, connections: SMALL });
    const port = await listen(t.app);
    const { answer, elapsedMs } = await dribble(
      port,
      'GET /satellite/status HTTP/1.1\r\nHost: kiosk\r\nX-Slow: ',
    );
    expect408(answer);
    expect(elapsedMs).toBeGreaterThanOrEqual(SMALL.headersTimeoutMs!);
    expect(elapsedMs).toBeLessThan(SMALL.requestTimeoutMs! + 2_000);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    t = await startTestApp({ kioskDir: false, connections: SMALL });
    const port = await listen(t.app);
    const connection = await connect(port);
    connection.socket.write('GET /satellite/status HTTP/1.1\r\nHost: kiosk\r\n\r\n');
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1.1 200 OK\r\n/);
    expect(connection.received()).toContain('Connection: keep-alive');
  });

  it('a satellite times out a slow body the same way', async () => {
    // A hub that takes whatever it is sent and never answers, so only the satellite's own timeout can end it.
    const hub = net.createServer((socket) => {
      sockets.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => hub.close(() => resolve())));
    const dataDir = tempDataDir();
    const satellite = await buildApp({
      dataDir,
      kioskDir: false,
      connections: SMALL,
      satellite: { hubUrl: `http://127.0.0.1:${(hub.address() as net.AddressInfo).port}` },
    });
    cleanups.push(async () => {
      await satellite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const port = await listen(satellite);
    const { answer } = await dribble(
      port,
      'POST /public/events/x/register HTTP/1.1\r\nHost: kiosk\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{"email":"',
    );
    expect408(answer);
  });
});

describe('connections per client address', () => {
  /** A hub that trusts no satellite, so that loopback clients count like any device on the LAN. */
  async function hubWithCap(max: number, trustedSatellites: string[] = []) {
    t = await startTestApp({
      kioskDir: false,
      trustedSatellites,
      connections: { maxConnectionsPerAddress: max },
    });
    return listen(t.app);
  }

  const openConnections = () =>
    new Promise<number>((resolve, reject) =>
      t!.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );

  async function works(connection: Awaited<ReturnType<typeof connect>>): Promise<boolean> {
    const before = connection.received().length;
    connection.socket.write('GET /satellite/status HTTP/1.1\r\nHost: kiosk\r\n\r\n');
    while (connection.received().length === before && !connection.socket.destroyed) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    return connection.received().slice(before).startsWith('HTTP/1.1 200 OK');
  }

  it('closes the connection beyond the cap at once, without an answer; other addresses are not affected', async () => {
    const port = await hubWithCap(3);
    const allowed = [
      await connect(port, '127.0.0.2'),
      await connect(port, '127.0.0.2'),
      await connect(port, '127.0.0.2'),
    ];
    const excess = await connect(port, '127.0.0.2');
    await excess.closed;
    expect(excess.received()).toBe('');
    for (const connection of allowed) expect(await works(connection)).toBe(true);
    expect(await works(await connect(port, '127.0.0.3'))).toBe(true);

    // A connection that closes frees its place.
    allowed[0]!.socket.destroy();
    while ((await openConnections()) > 3) await new Promise((resolve) => setImmediate(resolve));
    expect(await works(await connect(port, '127.0.0.2'))).toBe(true);
  });

  it('does not cap a trusted satellite, whose connections are many clients', async () => {
    const port = await hubWithCap(2, ['127.0.0.2']);
    const connections = [];
    for (let i = 0; i < 5; i++) connections.push(await connect(port, '127.0.0.2'));
    for (const connection of connections) expect(await works(connection)).toBe(true);
  });
});
