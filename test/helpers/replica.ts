import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../server/platform/database.ts';
import { toTimestamp } from '../../server/platform/time.ts';
import { createStore } from '../../server/store.ts';
import { deviceService } from '../../server/sync/device.service.ts';
import { call, tempDataDir, type TestClock } from './app.ts';

/**
 * A kiosk's data dir paired with `hub` (listening on loopback) for `eventUuids`, as `arrivals device pair` leaves it
 * before its first snapshot: a pairing code from the hub, `POST /sync/pair`, the answer remembered.
 */
export async function pairedReplicaDir(
  hub: FastifyInstance,
  organizationId: number,
  eventUuids: string[],
  clock: TestClock,
  name = 'Door 2',
): Promise<string> {
  const { port } = hub.server.address() as { port: number };
  const pairing = hub.ctx.syncHub.createPairingCode(organizationId, eventUuids);
  if (!pairing.ok) throw new Error('no pairing code');
  const paired = await call(hub, 'POST', '/sync/pair', { body: { code: pairing.code, name } });
  if (paired.status !== 201) throw new Error(`pairing answered ${paired.status}`);
  const dataDir = tempDataDir();
  const store = createStore(openDatabase(dataDir), clock);
  try {
    deviceService(store).rememberPairing({
      role: 'kiosk',
      url: `http://127.0.0.1:${port}`,
      deviceUuid: paired.body.data.device,
      credential: paired.body.data.credential,
      organizationUuid: paired.body.data.organization,
      eventIds: paired.body.data.event_ids,
      grantedNext: paired.body.data.grant.from,
      grantedTo: paired.body.data.grant.to,
      pairedAt: toTimestamp(clock.now()),
    });
  } finally {
    store.db.close();
  }
  return dataDir;
}
