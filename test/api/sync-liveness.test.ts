/**
 * Liveness and storage bounds of a hub taking ops (docs/sync.md, "Liveness" and "Storage bounds"): an op that
 * cannot be applied stops nothing behind it, and what a hub keeps per device stays bounded, without losing an ack a
 * device may still need.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { SCHEMA_VERSION } from '../../server/platform/database.ts';
import type { Op, OpKind, OpPayload } from '../../server/sync/sync.types.ts';
import { call, pairDevice, startWithEvent, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let event: EventRecord;
let credential: string;
let grant: { from: number };
let seq = 0;

beforeEach(async () => {
  ({ t, event } = await startWithEvent({}, { logger: false }));
  const organization = t.app.store.repos.organizations.findById(event.organizationId)!;
  credential = await pairDevice(t.app, organization, [event.uuid]);
  grant = { from: t.app.ctx.syncHub.deviceOf(credential)!.grantedFrom! };
  seq = 0;
});

afterEach(() => t.close());

function op(kind: OpKind, payload: OpPayload, boot = 'boot-1'): Op {
  seq += 1;
  return {
    op_id: randomBytes(16).toString('hex'),
    seq,
    device: 'kiosk-1',
    kind,
    payload,
    wall_ms: t.clock.now().getTime(),
    mono_ms: seq,
    boot_id: boot,
    schema_version: SCHEMA_VERSION,
  };
}

const register = (email: string) =>
  op('register', {
    event: event.uuid,
    attendee: {
      uuid: randomUUID(),
      number: grant.from + seq,
      email,
      name: 'Ada Lovelace',
      answers: { email, first_name: 'Ada', last_name: 'Lovelace' },
      status: 'confirmed',
    },
  });

const push = (ops: Op[], claims: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/sync/ops', {
    token: credential,
    body: {
      sent_wall_ms: t.clock.now().getTime(),
      sent_mono_ms: seq,
      boot_id: 'boot-1',
      waiting: ops.length,
      acked_seq: 0,
      wants_ids: false,
      ops,
      ...claims,
    },
  });

const attendeeOf = (registration: Op) =>
  (registration.payload as { attendee: { uuid: string } }).attendee.uuid;

describe('an op the hub cannot apply', () => {
  it('is answered failed and shown to staff with its error; the ops after it go on', async () => {
    const ada = register('ada@example.com');
    const grace = register('grace@example.com');
    const adaIn = op('check_in', { event: event.uuid, attendee: attendeeOf(ada), via: 'self' });
    const graceIn = op('check_in', { event: event.uuid, attendee: attendeeOf(grace), via: 'self' });
    // Something of ours goes wrong applying Ada's check-in (a full disk, a bug): only that op.
    const ledger = t.app.store.repos.ledger;
    const insertFact = ledger.insertFact.bind(ledger);
    const failing = vi.spyOn(ledger, 'insertFact').mockImplementation((fact) => {
      if (fact.opId === adaIn.op_id) throw new Error('disk trouble');
      insertFact(fact);
    });
    try {
      const answer = await push([ada, grace, adaIn, graceIn]);
      expect(answer.status).toBe(200);
      expect(answer.body.outcomes.map((outcome: { status: string }) => outcome.status)).toEqual([
        'applied',
        'applied',
        'failed',
        'applied',
      ]);
      expect(answer.body.acked_seq).toBe(graceIn.seq);
    } finally {
      failing.mockRestore();
    }
    const rows = t.app.store.db
      .prepare('SELECT email, checked_in_at IS NOT NULL AS checked_in FROM attendees ORDER BY email')
      .all();
    expect(rows).toEqual([
      { email: 'ada@example.com', checked_in: 0 },
      { email: 'grace@example.com', checked_in: 1 },
    ]);
    // The ops around it were applied once each, whatever the hub undid and took again.
    const made = (table: string) =>
      t.app.store.db
        .prepare(`SELECT op_id FROM ${table} WHERE op_id IS NOT NULL ORDER BY rowid`)
        .pluck()
        .all();
    expect(made('registrations')).toEqual([ada.op_id, grace.op_id]);
    expect(made('attendee_facts')).toEqual([graceIn.op_id]);
    // Staff see it on the Sync page, with the op as it came and why it failed.
    const shown = t.app.ctx.syncHub.listConflicts(event.organizationId, false);
    expect(shown).toMatchObject([
      {
        kind: 'op_failed',
        opId: adaIn.op_id,
        attendeeUuid: attendeeOf(ada),
        details: { error: 'disk trouble' },
      },
    ]);
    // Sent again (its answer lost), it answers as it did: the device drops its copy once, not every time.
    expect((await push([adaIn])).body.outcomes).toMatchObject([{ op_id: adaIn.op_id, status: 'failed' }]);
  });
});

describe('what a hub keeps per device', () => {
  it('forgets applied ops once the device has seen them acked and a day has passed, never before', async () => {
    const ops = [register('a@example.com'), register('b@example.com')];
    expect((await push(ops)).status).toBe(200);
    const kept = () => t.app.store.db.prepare('SELECT COUNT(*) AS n FROM sync_applied_ops').pluck().get();
    // The device has not said it saw the acks: kept, however long ago.
    t.clock.advance(3 * 24 * 60 * 60_000);
    await push([]);
    expect(kept()).toBe(2);
    // It has, but a moment ago: kept a day more.
    t.clock.advance(-3 * 24 * 60 * 60_000 + 60_000);
    expect((await push([], { acked_seq: 2 })).status).toBe(200);
    expect(kept()).toBe(2);
    t.clock.advance(25 * 60 * 60_000);
    await push([], { acked_seq: 2 });
    expect(kept()).toBe(0);
    // The facts they made stay, applied once: the same op sent again makes nothing twice.
    await push([ops[0]!]);
    expect(t.app.store.db.prepare('SELECT COUNT(*) AS n FROM registrations').pluck().get()).toBe(2);
  });

  it('keeps the clock readings of a device’s last boots only', async () => {
    for (let boot = 0; boot < 20; boot++) {
      await call(t.app, 'POST', '/sync/ops', {
        token: credential,
        body: {
          sent_wall_ms: t.clock.now().getTime(),
          sent_mono_ms: 10,
          boot_id: `boot-${boot}`,
          waiting: 0,
          acked_seq: 0,
          wants_ids: false,
          ops: [],
        },
      });
      t.clock.advance(1_000);
    }
    const boots = t.app.store.db
      .prepare('SELECT boot_id FROM sync_clock_anchors ORDER BY hub_ms')
      .pluck()
      .all();
    expect(boots).toEqual(Array.from({ length: 8 }, (_, i) => `boot-${12 + i}`));
  });
});
