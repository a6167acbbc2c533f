import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import { pairWithHub } from '../../server/sync/pairing.ts';
import { OFFLINE_AFTER_MS } from '../../server/sync/replica.service.ts';
import {
  createEvent,
  createOrganization,
  startTestApp,
  tempDataDir,
  testClock,
  type TestApp,
} from '../helpers/app.ts';

/**
 * What a replica kiosk's `/satellite/status` says about working offline (its banner shows it): only after 2 failed
 * syncs in a row or 5 s without a good one, never while its hub is there and simply has nothing new.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A hub on loopback, noting the `wait` of each feed request, and a kiosk data dir paired with it. */
async function hubWithKiosk(): Promise<{ hub: TestApp; waits: string[]; kioskDir: string }> {
  const hub = await startTestApp();
  const waits: string[] = [];
  hub.app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/sync/changes'))
      waits.push(new URL(request.url, 'http://hub').searchParams.get('wait')!);
  });
  await hub.app.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => hub.close());
  const hubUrl = `http://127.0.0.1:${(hub.app.server.address() as AddressInfo).port}`;
  const event = createEvent(hub.app, createOrganization(hub.app, 'City Hall'));
  const code = hub.app.ctx.syncHub.createPairingCode(event.organizationId, [event.uuid]);
  if (!code.ok) throw new Error('no pairing code');
  const kioskDir = tempDataDir();
  cleanups.push(async () => fs.rmSync(kioskDir, { recursive: true, force: true }));
  expect(await pairWithHub(kioskDir, hubUrl, code.code, 'Front door')).toMatchObject({ ok: true });
  return { hub, waits, kioskDir };
}

async function startReplica(kioskDir: string, options: Partial<BuildAppOptions>): Promise<FastifyInstance> {
  const replica = await buildApp({ ...options, dataDir: kioskDir, kioskDir: false });
  await replica.ready();
  cleanups.push(() => replica.close());
  return replica;
}

const offline = async (replica: FastifyInstance) =>
  (await replica.inject({ url: '/satellite/status' })).json().replica.offline as boolean;

describe('a replica working offline', () => {
  it('asks the hub to hold an idle feed request for less than it takes to say it works offline', async () => {
    const { waits, kioskDir } = await hubWithKiosk();
    // The first snapshot's pulls ask for no wait at all.
    waits.length = 0;
    await startReplica(kioskDir, {});
    // The replica's first pull after its snapshot finds nothing new: the hub holds it.
    await vi.waitFor(() => expect(waits.length).toBeGreaterThan(0));
    for (const wait of waits) expect(Number(wait) * 1000).toBeLessThan(OFFLINE_AFTER_MS);
  });

  it('counts the 5 s without a good sync from its start, not from a sync it never had', async () => {
    const { hub, kioskDir } = await hubWithKiosk();
    await hub.app.close();
    const clock = testClock();
    // One failed pull, and no second one during the test: what decides is the time alone.
    const replica = await startReplica(kioskDir, { clock, replica: { retryMs: 600_000 } });
    expect(await offline(replica)).toBe(false);
    clock.advance(OFFLINE_AFTER_MS);
    expect(await offline(replica)).toBe(false);
    clock.advance(1);
    expect(await offline(replica)).toBe(true);
    // Closing does not wait out the pause before the next try.
    await replica.close();
  });
});
