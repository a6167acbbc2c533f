/**
 * What a paired device receives in its hub's change feed, and what a venue's feed may do to a hub (issue 32, rows
 * 6, 7 and 10; docs/sync.md, "Threat model"): a device is a stranger that holds a disk. It gets no password hash,
 * only an offline credential of non-owner staff; private profiles' codes and fields stay on the hub; it learns of
 * no other organization's deleted staff; and an online server a venue follows cannot touch another organization's
 * accounts on the venue's hub.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashOfflinePassword, hashPassword, verifyPassword } from '../../server/access/passwords.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { privateProfileCodeDigest } from '../../server/people/profile.rules.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  createUser,
  pairDevice,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';

const PASSWORD = 'correct horse battery';

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  t = await startTestApp();
  org = createOrganization(t.app, 'City Hall');
  event = createEvent(t.app, org, { name: 'Launch Night' });
});
afterEach(async () => t.close());

/** PASSWORD's hash and offline credential, made once: every scrypt costs 128 MiB and a busy machine's time. */
let hashes: Promise<[string, string]> | undefined;

/** An account as the staff service makes one (staff get an offline credential), from PASSWORD's hashes. */
async function staffOf(app: TestApp, organization: Organization, email: string, role: 'owner' | 'staff') {
  const [passwordHash, offlineHash] = await (hashes ??= Promise.all([
    hashPassword(PASSWORD),
    hashOfflinePassword(PASSWORD),
  ]));
  const created = app.app.store.repos.staff.create(
    {
      organizationId: organization.id,
      name: email,
      email,
      passwordHash,
      offlineHash: role === 'staff' ? offlineHash : null,
      role,
    },
    '2026-11-21T10:00:00+00:00',
  );
  if (!created) throw new Error(`${email} is taken`);
  return created;
}
/** The whole feed a device paired for `event` gets: its first snapshot. */
async function snapshot(credential: string) {
  const answer = await call(t.app, 'GET', '/sync/changes?since=0', { token: credential });
  expect(answer.status).toBe(200);
  return answer.body as {
    revision: number;
    page: {
      staff: Record<string, unknown>[];
      users: Record<string, unknown>[];
      tombstones: { kind: string; uuid: string }[];
    };
  };
}

describe("a device's feed: staff", () => {
  it('carries no password hash at all, and an offline credential of staff only, never of owners', async () => {
    const owner = await staffOf(t, org, 'olive@example.com', 'owner');
    const member = await staffOf(t, org, 'sam@example.com', 'staff');
    const credential = await pairDevice(t.app, org, [event.uuid]);
    const { page } = await snapshot(credential);
    const text = JSON.stringify(page);
    for (const account of [owner, member]) {
      expect(text).not.toContain(t.app.store.repos.staff.findByUuid(account.uuid)!.passwordHash);
    }
    const rowOf = (uuid: string) => page.staff.find((row) => row.uuid === uuid)!;
    expect(rowOf(owner.uuid)).toMatchObject({ role: 'owner', offline_hash: null });
    expect(rowOf(member.uuid)).toMatchObject({ role: 'staff' });
    // What a stolen kiosk holds of a staff member: a verifier made for signing in there, with a strong KDF.
    const offline = String(rowOf(member.uuid).offline_hash);
    expect(offline).toMatch(/^scrypt\$131072\$8\$2\$/);
    expect(await verifyPassword(PASSWORD, offline)).toBe(true);
    expect(await verifyPassword('something else entirely', offline)).toBe(false);
  });

  it('gives an owner made staff an offline credential at their next sign-in, and takes it when made owner', async () => {
    const owner = await staffOf(t, org, 'olive@example.com', 'owner');
    const other = await staffOf(t, org, 'oscar@example.com', 'owner');
    const credential = await pairDevice(t.app, org, [event.uuid]);
    const offlineOf = async (uuid: string) =>
      (await snapshot(credential)).page.staff.find((row) => row.uuid === uuid)!.offline_hash;

    await t.app.ctx.staff.updateStaff(owner, other, { role: 'staff' }, null);
    // Made staff, the hub has no password to make it from until it sees one.
    expect(await offlineOf(other.uuid)).toBeNull();
    expect(await t.app.ctx.staff.signIn('oscar@example.com', PASSWORD)).not.toBeNull();
    expect(await verifyPassword(PASSWORD, String(await offlineOf(other.uuid)))).toBe(true);

    await t.app.ctx.staff.updateStaff(
      owner,
      t.app.store.repos.staff.findByUuid(other.uuid)!,
      { role: 'owner' },
      null,
    );
    expect(await offlineOf(other.uuid)).toBeNull();
    expect(t.app.store.repos.staff.findByUuid(other.uuid)!.offlineHash).toBeNull();
  });

  it('tells of staff deleted in its own organization, and never of those of another', async () => {
    const owner = await staffOf(t, org, 'olive@example.com', 'owner');
    const ours = await staffOf(t, org, 'sam@example.com', 'staff');
    const elsewhere = createOrganization(t.app, 'Harbour Club');
    const theirOwner = await staffOf(t, elsewhere, 'hugo@example.com', 'owner');
    const theirs = await staffOf(t, elsewhere, 'hana@example.com', 'staff');
    const credential = await pairDevice(t.app, org, [event.uuid]);
    expect(t.app.ctx.staff.removeStaff(owner, ours)).toEqual({ ok: true });
    expect(t.app.ctx.staff.removeStaff(theirOwner, theirs)).toEqual({ ok: true });

    const { page } = await snapshot(credential);
    expect(page.tombstones).toEqual([{ kind: 'staff', uuid: ours.uuid }]);
    expect(JSON.stringify(page)).not.toContain(theirs.uuid);
  });
});

describe("a device's feed: people", () => {
  it("carries a private profile's email (registrations match by it) but neither its code nor its fields", async () => {
    const hidden = createUser(t.app, org, {
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Private',
      phone: '+33 1 23 45 67 89',
      profilePublic: false,
      publicFields: ['first_name', 'last_name', 'phone'],
    });
    const shown = createUser(t.app, org, {
      email: 'paul@example.com',
      firstName: 'Paul',
      profilePublic: true,
      publicFields: ['first_name'],
    });
    const credential = await pairDevice(t.app, org, [event.uuid]);
    const { page } = await snapshot(credential);
    const text = JSON.stringify(page);
    expect(text).not.toContain(hidden.profileCode);
    for (const secret of ['Pat', 'Private', '+33 1 23 45 67 89']) expect(text).not.toContain(secret);
    const row = page.users.find((user) => user.uuid === hidden.uuid)!;
    expect(row).toMatchObject({ email: 'pat@example.com', first_name: null, last_name: null, phone: null });
    expect(row.profile_code).toMatch(/^#[0-9a-f]{64}$/);
    // A public profile's code is public: it travels.
    expect(page.users.find((user) => user.uuid === shown.uuid)).toMatchObject({
      profile_code: shown.profileCode,
      first_name: 'Paul',
    });
  });
});

describe("a device's feed from a venue's hub", () => {
  it("passes on a private profile's digest as it came from the online server, not a digest of it", async () => {
    const person = createUser(t.app, org, { email: 'pat@example.com', profilePublic: false });
    // What a venue's hub holds of a private person of the online server it follows: the digest, in place of the code.
    const digest = privateProfileCodeDigest('RealCode0123');
    t.app.store.db.prepare('UPDATE users SET profile_code = ? WHERE id = ?').run(digest, person.id);
    const credential = await pairDevice(t.app, org, [event.uuid]);
    const { page } = await snapshot(credential);
    expect(page.users.find((user) => user.uuid === person.uuid)!.profile_code).toBe(digest);
    // So the kiosk's own lookup of the real code finds them.
    expect(t.app.store.repos.users.findByProfileCode('RealCode0123')?.uuid).toBe(person.uuid);
  });
});

describe('a venue following an online server of its own choosing', () => {
  let online: TestApp;
  let onlineOrg: Organization;
  let onlineEvent: EventRecord;
  let onlineUrl: string;

  beforeEach(async () => {
    online = await startTestApp({ replica: { longPollMs: 0, retryMs: 50 } });
    await online.app.listen({ host: '127.0.0.1', port: 0 });
    onlineUrl = `http://127.0.0.1:${(online.app.server.address() as { port: number }).port}`;
    onlineOrg = createOrganization(online.app, 'Rogue Events');
    onlineEvent = createEvent(online.app, onlineOrg, { name: 'Bait' });
  });
  afterEach(async () => online.close());

  /** The hub `t` (a venue) follows `online` on behalf of `by`, as its owner's dashboard would. */
  async function follow(by: Organization | null) {
    const token = createToken(online.app, onlineOrg, { scopes: ['attendees:read', 'sync'] });
    const outcome = await t.app.ctx.venue!.connect({
      url: onlineUrl,
      token,
      eventIds: [onlineEvent.uuid],
      organizationId: by?.id ?? null,
    });
    if (outcome.ok) await t.app.ctx.venue!.whenDownloaded();
    return outcome;
  }

  const accountRow = (uuid: string) =>
    t.app.store.db
      .prepare(
        'SELECT uuid, organization_id, name, email, password_hash, role FROM staff_accounts WHERE uuid = ?',
      )
      .get(uuid);

  it("never moves nor changes another organization's account named by email or UUID", async () => {
    // Organization Z on the venue's hub, and the owner of organization A who connects it to a server of theirs.
    const z = createOrganization(t.app, 'Zeta Society');
    const zOwner = await staffOf(t, z, 'zoe@example.com', 'owner');
    const zStaff = await staffOf(t, z, 'zack@example.com', 'staff');
    await staffOf(t, org, 'olive@example.com', 'owner');
    const before = [accountRow(zOwner.uuid), accountRow(zStaff.uuid)];

    // The online server's staff list names Z's owner by email, and Z's staff member by UUID.
    await staffOf(online, onlineOrg, 'ZOE@example.com', 'owner');
    const byUuid = await staffOf(online, onlineOrg, 'mallory@example.com', 'owner');
    online.app.store.db
      .prepare('UPDATE staff_accounts SET uuid = ? WHERE id = ?')
      .run(zStaff.uuid, byUuid.id);

    expect(await follow(org)).toEqual({ ok: true });
    await t.app.ctx.venue!.syncNow();
    // Byte for byte as they were: same organization, name, email, password hash, role.
    expect([accountRow(zOwner.uuid), accountRow(zStaff.uuid)]).toEqual(before);
    expect((await t.app.ctx.staff.signIn('zoe@example.com', PASSWORD))?.organizationId).toBe(z.id);
    // The followed organization's events came down all the same.
    expect(t.app.store.repos.events.findByUuid(onlineEvent.uuid)).not.toBeNull();
  });

  it('still takes over the account of the owner who connected it, keeping their own password', async () => {
    const olive = await staffOf(t, org, 'olive@example.com', 'owner');
    const onlineOlive = await online.app.ctx.staff.createStaff(onlineOrg.id, {
      name: 'Olive Online',
      email: 'olive@example.com',
      password: 'her online passphrase',
      role: 'owner',
    });
    if (!onlineOlive.ok) throw new Error('online staff');
    expect(await follow(org)).toEqual({ ok: true });
    const followed = t.app.store.db
      .prepare('SELECT id FROM organizations WHERE uuid = ?')
      .get(onlineOrg.uuid) as { id: number };
    const adopted = t.app.store.repos.staff.findByUuid(onlineOlive.staff.uuid)!;
    expect(adopted).toMatchObject({ id: olive.id, organizationId: followed.id, name: 'Olive Online' });
    expect(await t.app.ctx.staff.signIn('olive@example.com', PASSWORD)).toMatchObject({ id: olive.id });
    expect(await t.app.ctx.staff.signIn('olive@example.com', 'her online passphrase')).toBeNull();
  });

  it('refuses to follow a server whose organization claims the UUID of one this hub holds', async () => {
    const z = createOrganization(t.app, 'Zeta Society');
    online.app.store.db.prepare('UPDATE organizations SET uuid = ? WHERE id = ?').run(z.uuid, onlineOrg.id);
    const zOwner = await staffOf(t, z, 'zoe@example.com', 'owner');
    await staffOf(online, onlineOrg, 'mallory@example.com', 'owner');
    expect(await follow(org)).toEqual({ ok: false, reason: 'organization_taken' });
    expect(t.app.store.repos.staff.listForOrganization(z.id).map((s) => s.uuid)).toEqual([zOwner.uuid]);
    expect(t.app.ctx.venue!.status().connected).toBe(false);
  });
});
