import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateApiToken } from '../../server/access/secrets.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  registration,
  startWithEvent,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;
let attendeeUuid: string;

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent());
  await call(t.app, 'POST', `/public/events/${event.uuid}/register`, { body: registration('a@example.com') });
  attendeeUuid = t.app.store.repos.attendees.findForEmail(event.id, 'a@example.com')!.uuid;
});
afterEach(async () => t.close());

const lookup = (token?: string, headers?: Record<string, string>) =>
  call(t.app, 'GET', `/api/attendees/${attendeeUuid}`, { token, headers });

describe('Authentication', () => {
  it('401 API token required. without an Authorization header', async () => {
    const res = await lookup();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'API token required.' });
  });

  it('401 Invalid API token. for a wrong scheme, a malformed token, a bad checksum or an unknown token', async () => {
    const unknown = generateApiToken();
    const valid = createToken(t.app, org);
    const badChecksum = valid.slice(0, -1) + (valid.endsWith('A') ? 'B' : 'A');
    for (const authorization of [
      `Basic ${valid}`,
      'Bearer nonsense',
      `Bearer ${badChecksum}`,
      `Bearer ${unknown}`,
    ]) {
      const res = await lookup(undefined, { authorization });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid API token.' });
    }
  });

  it('accepts a valid token, with any case of "Bearer"', async () => {
    const token = createToken(t.app, org);
    expect((await lookup(token)).status).toBe(200);
    expect((await lookup(undefined, { authorization: `bearer ${token}` })).status).toBe(200);
  });

  it('expires exactly at its expiry instant', async () => {
    const token = createToken(t.app, org, { expires: '7d' });
    t.clock.advance(7 * 24 * 60 * 60 * 1000 - 1);
    expect((await lookup(token)).status).toBe(200);
    t.clock.advance(1);
    const res = await lookup(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'API token has expired.' });
  });

  it('a token that never expires still works years later', async () => {
    const token = createToken(t.app, org, { expires: 'never' });
    t.clock.advance(10 * 365 * 24 * 60 * 60 * 1000);
    expect((await lookup(token)).status).toBe(200);
  });

  it('a deleted token fails on the very next request', async () => {
    const token = createToken(t.app, org, { name: 'integration' });
    expect((await lookup(token)).status).toBe(200);
    t.app.store.repos.apiTokens.deleteByName(org.id, 'integration');
    const res = await lookup(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid API token.' });
  });

  it('stores only a SHA-256 hash of the token', async () => {
    const token = createToken(t.app, org, { name: 'hashed' });
    const row = t.app.store.db.prepare("SELECT * FROM api_tokens WHERE name = 'hashed'").get() as Record<
      string,
      unknown
    >;
    expect(Object.values(row)).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records last use at most once a minute', async () => {
    const token = createToken(t.app, org, { name: 'busy' });
    const lastUsed = () =>
      (
        t.app.store.db.prepare("SELECT last_used_at FROM api_tokens WHERE name = 'busy'").get() as {
          last_used_at: string;
        }
      ).last_used_at;
    await lookup(token);
    expect(lastUsed()).toBe('2026-11-21T10:00:00+00:00');
    t.clock.advance(59_000);
    await lookup(token);
    expect(lastUsed()).toBe('2026-11-21T10:00:00+00:00');
    t.clock.advance(1_000);
    await lookup(token);
    expect(lastUsed()).toBe('2026-11-21T10:01:00+00:00');
  });

  it('403 Token does not have required permissions. for a missing scope', async () => {
    const readOnly = createToken(t.app, org, { scopes: ['events:read'] });
    const res = await lookup(readOnly);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Token does not have required permissions.' });
    const noShow = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/${attendeeUuid}/no-show`, {
      token: createToken(t.app, org, { scopes: ['attendees:read'] }),
    });
    expect(noShow.status).toBe(403);
    expect(noShow.body).toEqual({ message: 'Token does not have required permissions.' });
  });
});

describe('Organizations and event restrictions', () => {
  it('403 Access denied. for an attendee of an event outside the token restriction', async () => {
    const other = createEvent(t.app, org);
    const restricted = createToken(t.app, org, { eventIds: [other.uuid] });
    const res = await lookup(restricted);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Access denied.' });
  });

  it("404 for another organization's attendee and event, on every route that takes an id", async () => {
    const stranger = createOrganization(t.app, 'Elsewhere');
    const token = createToken(t.app, stranger);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/attendees/${attendeeUuid}`],
      ['POST', `/api/events/${event.uuid}/attendees/${attendeeUuid}/cancel`],
      ['POST', `/api/events/${event.uuid}/attendees/${attendeeUuid}/no-show`],
      ['POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, { attendee_ids: [attendeeUuid] }],
      ['GET', `/api/events/${event.uuid}/attendees`],
      ['GET', `/api/events/${event.uuid}`],
      ['PATCH', `/api/events/${event.uuid}`, { name: 'Hijacked' }],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(t.app, method as 'GET', path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toMatch(/^(Attendee|Event) not found\.$/);
    }
    expect(t.app.store.repos.events.findByUuid(event.uuid)!.name).toBe('Launch Night');
    expect(t.app.store.repos.attendees.findByUuid(attendeeUuid)!.status).toBe('confirmed');
  });

  it("404 User not found. for another organization's user", async () => {
    const mine = await call(t.app, 'POST', '/api/users', {
      token: createToken(t.app, org),
      body: { email: 'u@example.com' },
    });
    const stranger = createOrganization(t.app, 'Elsewhere');
    const res = await call(t.app, 'PATCH', `/api/users/${mine.body.data.id}`, {
      token: createToken(t.app, stranger),
      body: { first_name: 'Mallory' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'User not found.' });
  });
});
