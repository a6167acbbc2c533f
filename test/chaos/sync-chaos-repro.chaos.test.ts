/**
 * The three failures of issue 30, each reproduced on real processes: an online server, a venue's hub following it
 * and three kiosks paired with the hub, every link through a fault proxy (test/chaos/processes.ts). Each test drives
 * the faults by hand, in the order the issue gives, and waits for conditions (what a node has read or acked), never
 * for a fixed time. They fail on the sync code of issue 30's time; each passes once its bug is fixed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { send, until, type HttpAnswer } from '../helpers/sync-venue.ts';
import { dumpNode, resolver, syncPosition, untilQuiescent, type DumpedAttendee } from './checks.ts';
import {
  buildTemplate,
  removeTemplate,
  startVenue,
  type ChaosNode,
  type Template,
  type Venue,
} from './processes.ts';

/** Generous: five processes on a busy two-core machine; every wait ends as soon as its condition holds. */
const SETTLE_MS = 90_000;
/** How long a venue gets to settle when the test expects it to, before the test says it never did. */
const STALL_MS = 60_000;

let template: Template;
let venue: Venue;
let runDir: string;

beforeAll(async () => {
  template = await buildTemplate();
}, 300_000);
afterAll(() => {
  if (template) removeTemplate(template);
});
afterEach(async () => {
  await venue?.close();
  if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
});

async function freshVenue(): Promise<Venue> {
  runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-chaos-repro-'));
  venue = await startVenue(template, runDir);
  return venue;
}

const body = (email: string) => ({ email, first_name: 'Guest', last_name: email.split('@')[0] });

async function register(node: ChaosNode, email: string): Promise<HttpAnswer> {
  const answer = await send(node.baseUrl, 'POST', `/public/events/${template.events.main}/register`, {
    body: body(email),
  });
  expect(answer.status, `${node.name}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer;
}

/** The kiosk's registration, answered with the check-in code. */
async function registerAtKiosk(node: ChaosNode, email: string): Promise<HttpAnswer> {
  const answer = await send(node.baseUrl, 'POST', `/kiosk/api/events/${template.events.main}/register`, {
    body: body(email),
  });
  expect(answer.status, `${node.name}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer;
}

function checkIn(node: ChaosNode, email: string): Promise<HttpAnswer> {
  return send(node.baseUrl, 'POST', `/public/events/${template.events.main}/check-in`, { body: { email } });
}

/** The rows of `email` in the main event at `node`, as the chaos checks compare them. */
const rowsOf = (node: ChaosNode, email: string): DumpedAttendee[] =>
  dumpNode(node.dir, template.events).events.main.filter((row) => row.email === email);

/** Resolves once `node` has read its upstream's feed to the end (its pushes may still be waiting). */
function untilFeedRead(node: ChaosNode, upstream: ChaosNode): Promise<unknown> {
  return until(
    `${node.name} read ${upstream.name}'s feed to its end`,
    () => ({ pulled: syncPosition(node.dir).upstream?.pulled, horizon: syncPosition(upstream.dir).horizon }),
    ({ pulled, horizon }) => pulled === horizon,
    SETTLE_MS,
  );
}

/** Resolves once the hub has nothing waiting for the online server and has read its feed to the end. */
function untilHubCaughtUp(): Promise<unknown> {
  const { hub, online } = venue.nodes;
  return until(
    'the hub caught up with the online server',
    () => ({ hub: syncPosition(hub.dir), horizon: syncPosition(online.dir).horizon }),
    (now) => now.hub.waiting === 0 && now.hub.upstream?.pulled === now.horizon,
    SETTLE_MS,
  );
}

async function settled(timeoutMs = SETTLE_MS): Promise<void> {
  const { missing } = await untilQuiescent(venue, timeoutMs);
  expect(missing, 'the venue never settled: ops still waiting or feeds unread').toEqual([]);
}

/** Resolves at the start of the next second of the wall clock, plus `ms`. */
async function nextSecondPlus(ms: number): Promise<void> {
  const target = (Math.floor(Date.now() / 1000) + 1) * 1000 + ms;
  await until(
    'the clock passes a second',
    () => Date.now(),
    (now) => now >= target,
    5_000,
  );
}

/**
 * The registrations of one email at the hub while it is cut off from the online server, then online a second later,
 * so that the hub's is the earlier (`registered_at` is compared to the second) and the online row is merged away.
 * Returns the online 201.
 */
async function registeredTwiceAcrossTheCut(email: string): Promise<HttpAnswer> {
  const { hub, online } = venue.nodes;
  venue.links.hub.setMode('refuse');
  await nextSecondPlus(20);
  await register(hub, email);
  await nextSecondPlus(300);
  const answered = await register(online, email);
  venue.links.hub.setMode('open');
  return answered;
}

it('an integer id answered in a 201 is not answered again for someone else after its registration merged', async () => {
  await freshVenue();
  const { online } = venue.nodes;
  const ada = await registeredTwiceAcrossTheCut('ada@chaos.test');
  const adaId = ada.body.data.id as number;
  await settled();
  // The venue's registration is the earlier: the online one merged into it, and its id resolves to Ada.
  for (const node of Object.values(venue.nodes)) {
    const row = resolver(dumpNode(node.dir, template.events)).id(adaId);
    expect(row?.email, `${node.name}: id ${adaId}`).toBe('ada@chaos.test');
  }

  const bob = await register(online, 'bob@chaos.test');
  expect(bob.body.data.id, `id ${adaId} was answered for Ada, then for Bob`).not.toBe(adaId);
  await settled();
  for (const node of Object.values(venue.nodes)) {
    const row = resolver(dumpNode(node.dir, template.events)).id(adaId);
    expect(row?.email, `${node.name}: id ${adaId}`).toBe('ada@chaos.test');
  }
}, 600_000);

it('a merge that meets a reused id does not stall the venue: its push is never answered 500, later writes arrive', async () => {
  await freshVenue();
  const { online, kiosk1 } = venue.nodes;
  const ada = await registeredTwiceAcrossTheCut('ada@chaos.test');
  await settled();
  // Bob's online registration takes Ada's old id (the first failure); his venue registration is the earlier, so
  // the online one merges away a second time, with an alias number that is Ada's already.
  const bob = await registeredTwiceAcrossTheCut('bob@chaos.test');
  const carol = await registerAtKiosk(kiosk1, 'carol@chaos.test');

  const { missing } = await untilQuiescent(venue, STALL_MS);
  const errors = venue.links.hub.answers().filter((answer) => answer.status >= 500);
  expect(errors, 'the online server answered the venue with server errors').toEqual([]);
  expect(missing, 'ops still waiting, or feeds unread, a minute after the last write').toEqual([]);
  expect(rowsOf(online, 'carol@chaos.test').map((row) => row.id)).toEqual([carol.body.data.id]);
  for (const node of Object.values(venue.nodes)) {
    const resolve = resolver(dumpNode(node.dir, template.events));
    for (const answer of [ada, bob, carol]) {
      expect(resolve.id(answer.body.data.id)?.email, `${node.name}: id ${answer.body.data.id}`).toBe(
        answer.body.data.email,
      );
    }
  }
}, 600_000);

it('a kiosk’s check-in that revives a cancelled person into a reused id does not stall its queue at the hub', async () => {
  await freshVenue();
  const { online, hub, kiosk1, kiosk2 } = venue.nodes;
  // Ada's online id merges away (the first failure): the hub holds it as an alias number.
  await registeredTwiceAcrossTheCut('ada@chaos.test');
  await register(hub, 'bob@chaos.test');
  await settled();
  venue.links.kiosk1.setMode('refuse');
  const cancelled = await send(hub.baseUrl, 'POST', `/public/events/${template.events.main}/cancel`, {
    body: { email: 'bob@chaos.test' },
  });
  expect(cancelled.status).toBe(200);
  await untilHubCaughtUp();
  // Bob registers again online and is given Ada's old id; the hub takes the row from the feed.
  await register(online, 'bob@chaos.test');
  await untilHubCaughtUp();
  // Kiosk 1 never heard of the cancellation: Bob checks in there. At the hub the check-in brings the cancelled
  // registration back, which merges with the new one, whose id is already an alias number.
  expect((await checkIn(kiosk1, 'bob@chaos.test')).status).toBe(200);
  venue.links.kiosk1.setMode('open');
  const carol = await registerAtKiosk(kiosk2, 'carol@chaos.test');

  const { missing } = await untilQuiescent(venue, STALL_MS);
  const errors = venue.links.kiosk1.answers().filter((answer) => answer.status >= 500);
  expect(errors, 'the hub answered kiosk 1 with server errors').toEqual([]);
  expect(missing, 'ops still waiting, or feeds unread, a minute after the last write').toEqual([]);
  // Kiosk 1 still takes the feed: a registration made at kiosk 2 after the heal is there.
  expect(rowsOf(kiosk1, 'carol@chaos.test').map((row) => row.id)).toEqual([carol.body.data.id]);
  for (const node of Object.values(venue.nodes)) {
    expect(
      rowsOf(node, 'bob@chaos.test').filter((row) => row.checked_in_at !== null),
      `${node.name}: Bob checked in`,
    ).toHaveLength(1);
  }
}, 600_000);

it('a kiosk that registered a person while cut off keeps the hub’s check-in and code for that person', async () => {
  await freshVenue();
  const { hub, kiosk1, kiosk2 } = venue.nodes;
  venue.links.kiosk1.setMode('refuse');
  await registerAtKiosk(kiosk2, 'ada@chaos.test');
  await until(
    'kiosk 2’s registration at the hub',
    () => rowsOf(hub, 'ada@chaos.test').length,
    (n) => n === 1,
    SETTLE_MS,
  );
  expect((await checkIn(hub, 'ada@chaos.test')).status).toBe(200);
  // The online server's copy of Ada comes back to the hub before kiosk 1 hears of her (later it would touch her row
  // at the hub again, and the hub's feed would send kiosk 1 the whole row by chance).
  await untilHubCaughtUp();
  // A second later: kiosk 2's registration is the earlier one (they are compared to the second, ties by op id).
  await nextSecondPlus(300);
  await registerAtKiosk(kiosk1, 'ada@chaos.test');
  // Kiosk 1 reads the hub's feed (Ada checked in, the same email as its own registration) before its push is taken.
  venue.links.kiosk1.setMode('refuse-pushes');
  await untilFeedRead(kiosk1, hub);
  venue.links.kiosk1.setMode('open');
  await settled();

  const atHub = rowsOf(hub, 'ada@chaos.test');
  expect(atHub.filter((row) => row.checked_in_at !== null)).toHaveLength(1);
  expect(rowsOf(kiosk1, 'ada@chaos.test')).toEqual(atHub);
  const again = await checkIn(kiosk1, 'ada@chaos.test');
  expect(again.status, 'Ada checked in a second time at kiosk 1').toBe(409);
}, 600_000);

it('a hub that registered a person while cut off keeps the online check-in and code: the real code checks in at the door', async () => {
  await freshVenue();
  const { online, hub, kiosk1 } = venue.nodes;
  venue.links.hub.setMode('refuse');
  await register(online, 'ada@chaos.test');
  expect((await checkIn(online, 'ada@chaos.test')).status).toBe(200);
  await nextSecondPlus(300);
  await registerAtKiosk(hub, 'ada@chaos.test');
  // The hub reads the online feed (Ada registered and checked in there) before its own registration is taken.
  venue.links.hub.setMode('refuse-pushes');
  await untilFeedRead(hub, online);
  venue.links.hub.setMode('open');
  await settled();

  const atOnline = rowsOf(online, 'ada@chaos.test');
  expect(atOnline.filter((row) => row.checked_in_at !== null)).toHaveLength(1);
  for (const node of Object.values(venue.nodes)) {
    expect(rowsOf(node, 'ada@chaos.test'), node.name).toEqual(atOnline);
  }
  // Ada shows the code the online server sent her: the door knows it, and knows she is in.
  const code = atOnline.find((row) => row.checked_in_at !== null)!.checkin_code;
  const scanned = await send(kiosk1.baseUrl, 'POST', `/kiosk/api/events/${template.events.main}/scan`, {
    body: { code: `ARV1:${code}` },
  });
  expect(scanned.status, JSON.stringify(scanned.body)).toBe(409);
}, 600_000);
