/**
 * A replica's long-poll of the change feed (`GET /sync/changes?wait=S`) is answered when something it serves
 * changed, not at every write of its hub: a hub taking check-ins for one event would otherwise answer every replica
 * of the others at each one. The hub's timers are faked, so what is asserted is which write answered, never how fast.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { call, createEvent, pairDevice, registration, startWithEvent, type TestApp } from '../helpers/app.ts';

let t: TestApp;
/** The event the replica serves, and one it does not. */
let served: EventRecord;
let other: EventRecord;
let credential: string;
/** The replica's first snapshot: where its long-polls start. */
let snapshot: { revision: number; epoch: string };
beforeEach(async () => {
  const scene = await startWithEvent();
  t = scene.t;
  served = scene.event;
  other = createEvent(t.app, scene.org);
  credential = await pairDevice(t.app, scene.org, [served.uuid]);
  snapshot = (await call(t.app, 'GET', '/sync/changes?since=0', { token: credential }))
    .body as typeof snapshot;
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

it('holds through writes to events the replica does not serve, and answers with the first row it does', async () => {
  const since = `since=${snapshot.revision}&epoch=${snapshot.epoch}`;

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  let answered = false;
  const poll = call(t.app, 'GET', `/sync/changes?${since}&wait=30`, { token: credential }).then((r) => {
    answered = true;
    return r;
  });
  await vi.advanceTimersByTimeAsync(1_000);
  expect(answered).toBe(false);

  // Registrations for the other event move the hub's revision, and wake the long-poll, which looks and waits on.
  for (const email of ['a@example.com', 'b@example.com']) {
    const other201 = await call(t.app, 'POST', `/public/events/${other.uuid}/register`, {
      body: registration(email),
    });
    expect(other201.status).toBe(201);
    await vi.advanceTimersByTimeAsync(1_000);
  }
  expect(answered).toBe(false);

  const mine = await call(t.app, 'POST', `/public/events/${served.uuid}/register`, {
    body: registration('mine@example.com'),
  });
  expect(mine.status).toBe(201);
  await vi.advanceTimersByTimeAsync(1_000);
  const answer = await poll;
  expect(answer.status).toBe(200);
  expect(answer.body.page.registrations.map((row: { email: string }) => row.email)).toEqual([
    'mine@example.com',
  ]);
});

it('answers at the end of its wait with no rows, at the latest revision, when only other events changed', async () => {
  const since = snapshot.revision;

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const poll = call(t.app, 'GET', `/sync/changes?since=${since}&epoch=${snapshot.epoch}&wait=2`, {
    token: credential,
  });
  await call(t.app, 'POST', `/public/events/${other.uuid}/register`, { body: registration('x@example.com') });
  await vi.advanceTimersByTimeAsync(2_500);
  const answer = await poll;
  expect(answer.body.revision).toBeGreaterThan(since);
  expect(answer.body.page.registrations).toEqual([]);
});
