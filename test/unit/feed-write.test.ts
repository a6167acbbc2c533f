/**
 * How a replica writes an attendee row its hub sent (sync/feed.repository.ts): what changed, and nothing else, so
 * that its own changes coming back cost it no rewrite of the row's indexes or a new revision.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { feedRepository, type FeedRepository } from '../../server/sync/feed.repository.ts';
import { createEvent, createOrganization, startTestApp, type TestApp } from '../helpers/app.ts';

let node: TestApp;
let feed: FeedRepository;
let row: Record<string, unknown>;

const held = (column: string) =>
  node.app.store.db.prepare(`SELECT ${column} FROM attendees WHERE uuid = ?`).pluck().get(row.uuid);

beforeEach(async () => {
  node = await startTestApp({ kioskDir: false });
  const organization = createOrganization(node.app);
  const event = createEvent(node.app, organization);
  const added = node.app.ctx.registrations.addWalkIn(event, {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
  });
  if (!added.ok) throw new Error(added.reason);
  feed = feedRepository(node.app.store.db);
  [row] = feed.read({ organizationId: organization.id, eventIds: [event.uuid] }, 0, 1e9).attendees as [
    Record<string, unknown>,
  ];
});

afterEach(() => node.close());

it('leaves a row that comes back as it is held untouched: no new revision', () => {
  const revision = held('rev');
  feed.updateAttendee({ ...row });
  expect(held('rev')).toBe(revision);
});

it('writes what changed, and the search text with a changed name', () => {
  const revision = held('rev') as number;
  feed.updateAttendee({ ...row, updated_at: '2026-11-21T11:00:00+00:00' });
  expect(held('updated_at')).toBe('2026-11-21T11:00:00+00:00');
  expect(held('rev')).toBeGreaterThan(revision);

  feed.updateAttendee({ ...row, name: 'Ada King' });
  expect(held('name')).toBe('Ada King');
  expect(held('search_text')).toContain('king');
  // The row as the hub sent it, the earlier change included: updated_at is the hub's again.
  expect(held('updated_at')).toBe(row.updated_at);
});
