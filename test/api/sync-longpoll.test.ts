/**
 * A replica's long-poll of the change feed (`GET /sync/changes?wait=S`) is answered when something it serves
 * changed, not at every write of its hub: a hub taking check-ins for one event would otherwise answer every replica
 * of the others at each one. The hub's timers are faked, so what is asserted is which write answered, never how fast.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  call,
  createEvent,
  createOrganization,
  pairDevice,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

it('holds through writes to events the replica does not serve, and answers with the first row it does', async () => {
  const organization = createOrganization(t.app);
  const served = createEvent(t.app, organization);
  const other = createEvent(t.app, organization);
  const credential = await pairDevice(t.app, organization, [served.uuid]);
  const snapshot = await call(t.app, 'GET', '/sync/changes?since=0', { token: credential });
  const since = `since=${snapshot.body.revision}&epoch=${snapshot.body.epoch}`;

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
  expect(answer.body.page.attendees.map((row: { email: string }) => row.email)).toEqual(['mine@example.com']);
});

it('answers at the end of its wait with no rows, at the latest revision, when only other events changed', async () => {
  const organization = createOrganization(t.app);
  const served = createEvent(t.app, organization);
  const other = createEvent(t.app, organization);
  const credential = await pairDevice(t.app, organization, [served.uuid]);
  const snapshot = await call(t.app, 'GET', '/sync/changes?since=0', { token: credential });
  const since = snapshot.body.revision as number;

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const poll = call(t.app, 'GET', `/sync/changes?since=${since}&epoch=${snapshot.body.epoch}&wait=2`, {
    token: credential,
  });
  await call(t.app, 'POST', `/public/events/${other.uuid}/register`, { body: registration('x@example.com') });
  await vi.advanceTimersByTimeAsync(2_500);
  const answer = await poll;
  expect(answer.body.revision).toBeGreaterThan(since);
  expect(answer.body.page.attendees).toEqual([]);
});
