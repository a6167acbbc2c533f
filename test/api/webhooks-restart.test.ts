/**
 * Webhook delivery across a crash: the real `arrivals serve` process stores notifications while its receiver hangs,
 * is killed with SIGKILL with one request in flight and the rest waiting, and is started again on the same data
 * directory. Every notification must then reach the receiver (at least once; exactly once after dedupe on
 * webhook-id), signed with the endpoint's secret.
 */
import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/database.ts';
import { registration, tempDataDir } from '../helpers/app.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import {
  seedWebhookOrganization,
  startReceiver,
  verifyWithLibrary,
  type Receiver,
} from '../helpers/webhooks.ts';

const ATTENDEES = 20;

const servers: ServerProcess[] = [];
const receivers: Receiver[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill();
  for (const receiver of receivers.splice(0)) await receiver.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Reads the outbox as stored on disk, through a connection of its own. */
function outbox(dataDir: string) {
  const db = openDatabase(dataDir);
  try {
    return {
      messages: db.prepare('SELECT uid, type FROM webhook_messages ORDER BY id').all() as {
        uid: string;
        type: string;
      }[],
      deliveries: db.prepare('SELECT status, lease_expires_at FROM webhook_deliveries ORDER BY id').all() as {
        status: string;
        lease_expires_at: number | null;
      }[],
    };
  } finally {
    db.close();
  }
}

async function post(server: ServerProcess, path: string, body: unknown, token?: string) {
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

it('SIGKILL with deliveries pending and one in flight: after a restart all are delivered, none lost', async () => {
  const receiver = await startReceiver();
  receivers.push(receiver);
  // The receiver takes requests and never answers: the first delivery stays in flight, the rest queue behind it.
  receiver.respond = () => 'hang';
  const dataDir = tempDataDir();
  dirs.push(dataDir);
  const { eventUuid, token, secret } = seedWebhookOrganization(dataDir, receiver.url);
  const readyPath = `/public/events/${eventUuid}`;

  const first = await startServer({ dataDir, readyPath });
  servers.push(first);
  const ids: string[] = [];
  for (let i = 0; i < ATTENDEES; i++) {
    const res = await post(
      first,
      `/public/events/${eventUuid}/register`,
      registration(`guest${i}@example.com`),
    );
    expect(res.status).toBe(201);
  }
  const db = openDatabase(dataDir);
  ids.push(
    ...(db.prepare('SELECT uuid FROM attendees ORDER BY id').all() as { uuid: string }[]).map((r) => r.uuid),
  );
  db.close();
  const bulk = await post(
    first,
    `/api/events/${eventUuid}/attendees/bulk-no-show`,
    { attendee_ids: ids },
    token,
  );
  expect(bulk.body).toMatchObject({ success_count: ATTENDEES });

  await expect.poll(() => receiver.requests.length, { timeout: 60_000 }).toBe(1);
  // The dispatcher expands each change's notifications into messages within a round; wait for the last change's.
  await expect.poll(() => outbox(dataDir).messages.length, { timeout: 60_000 }).toBe(2 * ATTENDEES);
  const before = outbox(dataDir);
  expect(before.messages).toHaveLength(2 * ATTENDEES);
  expect(before.deliveries.every((d) => d.status === 'pending')).toBe(true);
  expect(before.deliveries.filter((d) => d.lease_expires_at !== null)).toHaveLength(1);

  await first.kill();
  expect((await first.exited).signal).toBe('SIGKILL');

  receiver.respond = () => ({ status: 200, body: 'ok' });
  const second = await startServer({ dataDir, readyPath });
  servers.push(second);
  await expect
    .poll(() => outbox(dataDir).deliveries.filter((d) => d.status === 'delivered').length, {
      timeout: 60_000,
    })
    .toBe(2 * ATTENDEES);
  await second.stop();

  const kept = receiver.deduped();
  expect(kept.map((r) => r.id)).toEqual(before.messages.map((m) => m.uid));
  expect(kept.map((r) => r.json.type)).toEqual(before.messages.map((m) => m.type));
  // The request in flight at the kill is the only one sent twice.
  expect(receiver.requests).toHaveLength(2 * ATTENDEES + 1);
  for (const request of kept) expect(verifyWithLibrary(secret, request)).toEqual(request.json);
  // Two server processes start (compiling TypeScript through tsx) and the second delivers everything: on a busy
  // machine that takes longer than a test usually may.
}, 180_000);
