/**
 * A bulk no-show writes its facts with their feed revisions given, one statement for all of them (migration 036,
 * attendees/ledger.repository.ts `NO_SHOW_FACTS`): they reach a kiosk like any other fact, and the feed's revision
 * moves past them, so the next change is numbered after them and reaches it too.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startHubAndReplica, type HubAndReplica } from '../helpers/replica.ts';

const EMAILS = ['ada', 'grace', 'alan', 'edsger'].map((name) => `${name}@example.com`);

let door: HubAndReplica;

beforeEach(async () => {
  door = await startHubAndReplica();
  for (const email of EMAILS) {
    const made = door.hub.app.ctx.registrations.addWalkIn(door.event, {
      email,
      first_name: 'A',
      last_name: 'B',
    });
    if (!made.ok) throw new Error(made.reason);
  }
  await door.replica.ctx.replica!.syncNow();
});

afterEach(() => door.close());

const facts = (app: FastifyInstance) =>
  app.store.db.prepare('SELECT op_id, subject, kind, at FROM attendee_facts ORDER BY op_id').all() as {
    op_id: string;
    kind: string;
  }[];

it('reaches a kiosk with the change after it, each fact under a revision of its own', async () => {
  const { hub, event, replica: kiosk } = door;
  const uuidOf = (email: string) => hub.app.store.repos.attendees.findForEmail(event.id, email)!.uuid;
  const outcome = hub.app.ctx.bulkNoShow.bulkMarkNoShow(event, [
    uuidOf('ada@example.com'),
    uuidOf('grace@example.com'),
    uuidOf('alan@example.com'),
  ]);
  expect(outcome.successCount).toBe(3);
  expect(hub.app.ctx.attendees.selfCheckIn(event, 'edsger@example.com').ok).toBe(true);
  hub.app.store.settle();

  const db = hub.app.store.db;
  const revisions = db.prepare('SELECT rev FROM attendee_facts ORDER BY rev').pluck().all() as number[];
  expect(new Set(revisions).size).toBe(4);
  expect(db.prepare("SELECT rev FROM attendee_facts WHERE kind = 'check_in'").pluck().get()).toBe(
    Math.max(...revisions),
  );
  expect(Math.max(...revisions)).toBeLessThanOrEqual(
    db.prepare('SELECT revision FROM sync_meta').pluck().get() as number,
  );
  // Unique op ids of the op id form, whoever reads them.
  const noShows = facts(hub.app).filter((fact) => fact.kind === 'no_show');
  expect(noShows).toHaveLength(3);
  for (const fact of noShows) expect(fact.op_id).toMatch(/^[0-9a-f]{32}$/);

  await kiosk.ctx.replica!.syncNow();
  expect(facts(kiosk)).toEqual(facts(hub.app));
  const statuses = kiosk.store.db
    .prepare('SELECT email, status, checked_in_at IS NOT NULL AS inside FROM attendees ORDER BY email')
    .all();
  expect(statuses).toEqual([
    { email: 'ada@example.com', status: 'no_show', inside: 0 },
    { email: 'alan@example.com', status: 'no_show', inside: 0 },
    { email: 'edsger@example.com', status: 'confirmed', inside: 1 },
    { email: 'grace@example.com', status: 'no_show', inside: 0 },
  ]);
});
