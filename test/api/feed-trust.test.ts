/**
 * What a paired device receives in its hub's change feed, and what a venue's feed may do to a hub (issue 32, rows
 * 6, 7 and 10; docs/sync.md, "Threat model"): a device is a stranger that holds a disk. It gets no password hash,
 * only an offline credential of non-owner staff; private profiles' codes and fields stay on the hub; it learns of
 * no other organization's deleted staff; and an online server a venue follows cannot touch another organization's
 * accounts on the venue's hub.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffAccount } from '../../server/access/access.types.ts';
import { verifyPassword } from '../../server/access/passwords.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
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

async function staffOf(
  organization: Organization,
  email: string,
  role: 'owner' | 'staff',
): Promise<StaffAccount> {
  const created = await t.app.ctx.staff.createStaff(organization.id, {
    name: email,
    email,
    password: PASSWORD,
    role,
  });
  if (!created.ok) throw new Error(created.reason);
  return created.staff;
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
    const owner = await staffOf(org, 'olive@example.com', 'owner');
    const member = await staffOf(org, 'sam@example.com', 'staff');
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
    const owner = await staffOf(org, 'olive@example.com', 'owner');
    const other = await staffOf(org, 'oscar@example.com', 'owner');
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
    const owner = await staffOf(org, 'olive@example.com', 'owner');
    const ours = await staffOf(org, 'sam@example.com', 'staff');
    const elsewhere = createOrganization(t.app, 'Harbour Club');
    const theirOwner = await staffOf(elsewhere, 'hugo@example.com', 'owner');
    const theirs = await staffOf(elsewhere, 'hana@example.com', 'staff');
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
    const zOwner = await staffOf(z, 'zoe@example.com', 'owner');
    const zStaff = await staffOf(z, 'zack@example.com', 'staff');
    await staffOf(org, 'olive@example.com', 'owner');
    const before = [accountRow(zOwner.uuid), accountRow(zStaff.uuid)];

    // The online server's staff list names Z's owner by email, and Z's staff member by UUID.
    const byEmail = await online.app.ctx.staff.createStaff(onlineOrg.id, {
      name: 'Attacker',
      email: 'ZOE@example.com',
      password: 'the attacker knows this one',
      role: 'owner',
    });
    const byUuid = await online.app.ctx.staff.createStaff(onlineOrg.id, {
      name: 'Attacker 2',
      email: 'mallory@example.com',
      password: 'the attacker knows this one',
      role: 'owner',
    });
    if (!byEmail.ok || !byUuid.ok) throw new Error('online staff');
    online.app.store.db
      .prepare('UPDATE staff_accounts SET uuid = ? WHERE id = ?')
      .run(zStaff.uuid, byUuid.staff.id);

    expect(await follow(org)).toEqual({ ok: true });
    await t.app.ctx.venue!.syncNow();
    expect([accountRow(zOwner.uuid), accountRow(zStaff.uuid)]).toEqual(before);
    expect(await t.app.ctx.staff.signIn('zoe@example.com', 'the attacker knows this one')).toBeNull();
    expect((await t.app.ctx.staff.signIn('zoe@example.com', PASSWORD))?.organizationId).toBe(z.id);
    // The followed organization's events came down all the same.
    expect(t.app.store.repos.events.findByUuid(onlineEvent.uuid)).not.toBeNull();
  });

  it('still takes over the account of the owner who connected it, keeping their own password', async () => {
    const olive = await staffOf(org, 'olive@example.com', 'owner');
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
    const zOwner = await staffOf(z, 'zoe@example.com', 'owner');
    await online.app.ctx.staff.createStaff(onlineOrg.id, {
      name: 'Attacker',
      email: 'mallory@example.com',
      password: 'the attacker knows this one',
      role: 'owner',
    });
    expect(await follow(org)).toEqual({ ok: false, reason: 'organization_taken' });
    expect(t.app.store.repos.staff.listForOrganization(z.id).map((s) => s.uuid)).toEqual([zOwner.uuid]);
    expect(t.app.ctx.venue!.status().connected).toBe(false);
  });
});
