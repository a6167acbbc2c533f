/**
 * What the hub's Sync page says a kiosk has waiting is what the kiosk last said, less what that very contact
 * settled: a kiosk that sends again an op the hub already applied did not hear the answer, still has it waiting,
 * and the page says so; a long-poll held for seconds does not, once answered, put back the count it came with.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SCHEMA_VERSION } from '../../server/platform/database.ts';
import type { Op } from '../../server/sync/sync.types.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { call, pairDevice, registration, startWithEvent, type TestApp } from '../helpers/app.ts';
import { attendeeRows } from '../helpers/sync-venue.ts';

let t: TestApp;
let organization: Organization;
let event: EventRecord;
let credential: string;
let device: string;
beforeEach(async () => {
  ({ t, org: organization, event } = await startWithEvent());
  credential = await pairDevice(t.app, organization, [event.uuid]);
  device = t.app.ctx.syncHub.listDevices(organization.id)[0]!.uuid;
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const waitingShown = () => t.app.ctx.syncHub.listDevices(organization.id)[0]!.waitingOps;

/** A check-in the kiosk made, as its outbox sends it. */
async function checkInOp(seq: number): Promise<Op> {
  const registered = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration(`person${seq}@example.com`),
  });
  expect(registered.status).toBe(201);
  const attendee = attendeeRows(t.dataDir, event.uuid).find(
    (row) => row.email === `person${seq}@example.com`,
  )!;
  const nowMs = t.clock.now().getTime();
  return {
    op_id: `${device}-${seq}`.replaceAll('-', '').slice(0, 28).padEnd(32, String(seq)),
    seq,
    device,
    kind: 'check_in',
    payload: { event: event.uuid, attendee: attendee.uuid, via: 'self' },
    wall_ms: nowMs,
    mono_ms: seq,
    boot_id: 'boot-1',
    schema_version: SCHEMA_VERSION,
  };
}

async function push(ops: Op[], waiting: number, ackedSeq: number) {
  const answer = await call(t.app, 'POST', '/sync/ops', {
    token: credential,
    body: {
      sent_wall_ms: t.clock.now().getTime(),
      sent_mono_ms: 100,
      boot_id: 'boot-1',
      waiting,
      acked_seq: ackedSeq,
      wants_ids: false,
      ops,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

it('a push that settles ops leaves what the kiosk had beside them; the same ops sent again leave them all', async () => {
  const first = await checkInOp(1);
  const second = await checkInOp(2);
  const third = await checkInOp(3);

  // Three waiting, two sent and applied: the kiosk will have one once it hears the answer.
  const answer = await push([first, second], 3, 0);
  expect(answer.outcomes.map((outcome: { status: string }) => outcome.status)).toEqual([
    'applied',
    'applied',
  ]);
  expect(waitingShown()).toBe(2 - 2 + 1);

  // It never heard: it sends the two again, with what it still has. They were settled before, not now.
  await push([first, second], 3, 0);
  expect(waitingShown()).toBe(3);

  // It hears this time, and sends the third.
  await push([third], 1, 2);
  expect(waitingShown()).toBe(0);
});

it("a held long-poll's count, from when it came, does not replace a push's made while it was held", async () => {
  const snapshot = await call(t.app, 'GET', '/sync/changes?since=0&waiting=0', { token: credential });
  const op = await checkInOp(1);
  const since = `since=${snapshot.body.revision}&epoch=${snapshot.body.epoch}`;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

  // The registration above is news to the long-poll: it would answer at once. One more pull takes it.
  const caughtUp = await call(t.app, 'GET', `/sync/changes?${since}&waiting=1`, { token: credential });
  expect(waitingShown()).toBe(1);
  const held = call(
    t.app,
    'GET',
    `/sync/changes?since=${caughtUp.body.revision}&epoch=${caughtUp.body.epoch}&wait=30&waiting=1`,
    { token: credential },
  );
  await vi.advanceTimersByTimeAsync(1_000);
  await push([op], 1, 0);
  expect(waitingShown()).toBe(0);

  // The check-in changed the event: the held long-poll answers with it, and the page still shows none waiting.
  await vi.advanceTimersByTimeAsync(1_000);
  const answered = await held;
  expect(answered.status).toBe(200);
  expect(answered.body.page.facts).toHaveLength(1);
  expect(waitingShown()).toBe(0);
});
