import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { messages } from '../../server/platform/messages.ts';
import { createEvent, createOrganization, createToken, tempDataDir, UNLIMITED } from '../helpers/app.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

let online: FastifyInstance;
let url: string;
let eventUuid: string;
let token: string;

/** An online Arrivals server on loopback: one event with three registrations, and a token with the sync scope. */
beforeEach(async () => {
  online = await buildApp({ dataDir: dataDir(), kioskDir: false, rateLimits: UNLIMITED, clock: systemClock });
  const organization = createOrganization(online, 'City Hall Events');
  const event = createEvent(online, organization, { name: 'Open Day' });
  for (const email of ['ada@example.com', 'ben@example.com', 'cy@example.com']) {
    const outcome = online.ctx.registrations.addWalkIn(event, {
      email,
      first_name: 'Early',
      last_name: email,
    });
    if (!outcome.ok) throw new Error(outcome.reason);
  }
  eventUuid = event.uuid;
  token = createToken(online, organization, { scopes: ['attendees:read', 'sync'] });
  await online.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(online.server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await online.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function cli(dir: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    [...args, '--data', dir],
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    {},
  );
  return { code, out, err };
}

describe('arrivals upstream connect / upstream status', () => {
  it('status on a hub that follows nothing says how to connect one', async () => {
    expect(await cli(dataDir(), 'upstream', 'status')).toEqual({
      code: 0,
      out: [
        'This hub follows no online server. Connect one: arrivals upstream connect --url URL --token TOKEN --events UUID',
      ],
      err: [],
    });
  });

  it('connect downloads the events, then status shows what the hub follows; a second connect is refused', async () => {
    const hubDir = dataDir();
    const connect = ['upstream', 'connect', '--url', url, '--token', token, '--events', eventUuid];
    const connected = await cli(hubDir, ...connect);
    expect(connected.code, connected.err.join('\n')).toBe(0);
    expect(connected.out).toEqual([
      `3 attendees here, from 1 event(s) of ${url}.`,
      `Run: arrivals serve --data ${hubDir}`,
    ]);
    expect(connected.err[0]).toBe(`Following ${url}: downloading 1 event(s)...`);
    // Then the progress, as often as a quarter of a second passes during the download.
    for (const line of connected.err.slice(1)) expect(line).toMatch(/^ {2}\d{1,3}%$/);

    const status = await cli(hubDir, 'upstream', 'status');
    expect(status.code).toBe(0);
    expect(status.out.slice(0, 4)).toEqual([
      `Following ${url}`,
      `Events: ${eventUuid}`,
      'Attendees here: 3',
      'Changes waiting to go up: 0',
    ]);
    expect(status.out[4]).toMatch(/^Feed read up to revision [1-9]\d*$/);
    expect(status.out).toHaveLength(5);

    expect(await cli(hubDir, ...connect)).toEqual({
      code: 2,
      out: [],
      err: [`arrivals: ${messages.upstreamAlreadyConnected(url)}`],
    });
  });

  it('connect names what is missing, and what the online server refused, and follows nothing then', async () => {
    const hubDir = dataDir();
    expect(await cli(hubDir, 'upstream', 'connect', '--url', url, '--token', token)).toEqual({
      code: 2,
      out: [],
      err: ['arrivals: --events is required: the UUIDs of the events to follow.'],
    });
    const wrongToken = await cli(
      hubDir,
      ...['upstream', 'connect', '--url', url, '--token', `${token.slice(0, -1)}x`, '--events', eventUuid],
    );
    expect(wrongToken.code).toBe(2);
    expect(wrongToken.err).toEqual([`arrivals: ${messages.upstreamRefused('Invalid API token.')}`]);
    expect((await cli(hubDir, 'upstream', 'status')).out[0]).toMatch(/^This hub follows no online server\./);
  });
});
