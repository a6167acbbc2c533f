import type { AttendeeFactKind } from '../attendees/ledger.rules.ts';
import { privateProfileCodeDigest } from '../people/profile.rules.ts';
import type { Db } from '../platform/database.ts';

/**
 * The change feed: what a hub sends its replicas (rows of the events they serve, changed after a revision), and
 * how a replica writes those rows into its own database. Rows travel as the columns they are stored in, with
 * UUIDs in place of the local integer keys (an organization's, an event's), which differ between databases. Users
 * travel with only what their public profile shows, besides the email registrations are matched by; a private
 * profile's code travels as its digest. Staff travel without any password hash: staff (never owners) with the
 * offline credential the hub made for signing in on a device (docs/sync.md, "Threat model").
 */
export interface FeedScope {
  organizationId: number;
  /** The event UUIDs the replica serves. */
  eventIds: readonly string[];
}

/** A registration as the feed carries it (attendees/ledger.rules.ts, `RegistrationFact`). */
export interface FeedRegistration {
  uuid: string;
  id: number;
  event_uuid: string;
  email: string;
  name: string;
  answers: string;
  status: 'pending' | 'confirmed';
  registered_at: string;
  op_id: string;
  checkin_code: string;
  refused: number;
}

/** An attendee fact as the feed carries it (attendees/ledger.rules.ts, `AttendeeFact`). */
export interface FeedFact {
  op_id: string;
  event_uuid: string;
  subject: string;
  kind: AttendeeFactKind;
  at: string;
  names: string;
  device: string | null;
  refused: number;
  /** A check-in's or a scan's detail (JSON), null for none; absent from hubs of before check-in lists. */
  detail?: string | null;
}

/** A check-in list as the feed carries it (lists/list.types.ts), with every version of its rules. */
export interface FeedList {
  uuid: string;
  event_uuid: string;
  name: string;
  is_default: number;
  history: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface FeedPage {
  organizations: Record<string, unknown>[];
  events: Record<string, unknown>[];
  users: Record<string, unknown>[];
  staff: Record<string, unknown>[];
  /** The events' check-in lists, deleted ones marked (their scans keep their name); absent from older hubs. */
  lists?: FeedList[];
  /** The ledger (docs/sync.md): every node makes the attendee rows from these itself. */
  registrations: FeedRegistration[];
  facts: FeedFact[];
  tombstones: { kind: string; uuid: string }[];
}

export const emptyPage = (): FeedPage => ({
  organizations: [],
  events: [],
  users: [],
  staff: [],
  lists: [],
  registrations: [],
  facts: [],
  tombstones: [],
});

/** True when the page carries no row: nothing the replica serves changed. */
export const isEmptyPage = (page: FeedPage): boolean =>
  Object.values(page).every((rows) => rows.length === 0);

const EVENT_SETTINGS = [
  'name',
  'description',
  'starts_at',
  'ends_at',
  'location',
  'timezone',
  'seats',
  'requires_approval',
  'registration_opens_at',
  'registration_closes_at',
  'is_published',
  'checkin_period_type',
  'checkin_starts_at',
  'checkin_ends_at',
  'allow_self_checkin',
  'redirect_url',
  'registration_fields',
  // The brand (migration 010) and the badge layout (009): a replica's kiosk shows and prints what the hub's does.
  'badge_layout',
  'accent_color',
  'logo_etag',
] as const;

/** An event's logo as it travels beside the event's row: the bytes in base64, since pages are JSON. */
interface FeedLogo {
  type: string;
  base64: string;
}

const USER_COLUMNS = [
  'email',
  'email_key',
  'first_name',
  'last_name',
  'phone',
  'birthday',
  'address',
  'employment',
  'profile_public',
  'public_fields',
  'profile_code',
  'created_at',
  'updated_at',
] as const;

/** Staff columns a device writes as its hub sent them; the credential apart (`upsertStaff`). */
const STAFF_COLUMNS = ['name', 'email', 'email_key', 'role', 'created_at', 'updated_at'] as const;

/**
 * What a device stores as the password hash of an account its hub's feed made, and what the feed sends as one, for
 * devices of earlier versions that still read it: no password verifies it (access/passwords.ts NO_PASSWORD_HERE).
 */
const NO_PASSWORD_HERE = "'!'";

/**
 * A private profile's code as the feed sends it: its digest, or the digest itself when this node holds only that (a
 * venue's hub passing on what its online server sent: a digest of it would match no scan).
 */
const digestOnce = (code: string) => (code.startsWith('#') ? code : privateProfileCodeDigest(code));

/**
 * A user as a replica gets it: the email (registrations are matched by it) and what the profile shows. A private
 * profile's code is its digest: the kiosk answers a scan of it (people/person.repository.ts `findByProfileCode`)
 * without ever holding it.
 */
function publicUser(row: Record<string, unknown>): Record<string, unknown> {
  const shown = new Set(JSON.parse(String(row.public_fields)) as string[]);
  const isPublic = row.profile_public === 1;
  const keep = (field: string, column = field) => (isPublic && shown.has(field) ? row[column] : null);
  return {
    ...row,
    profile_code: isPublic ? row.profile_code : digestOnce(String(row.profile_code)),
    first_name: keep('first_name'),
    last_name: keep('last_name'),
    phone: keep('phone'),
    birthday: keep('birthday'),
    address: keep('address'),
    employment: keep('employment'),
  };
}

export function feedRepository(db: Db) {
  const inEvents = 'SELECT value FROM json_each(@events)';
  const inEventsOf = 'SELECT value FROM json_each(?)';
  const organizations = db.prepare<Record<string, unknown>, Record<string, unknown>>(
    `SELECT uuid, name, slug, created_at FROM organizations WHERE id = @organization AND rev > @since AND rev <= @upTo`,
  );
  const events = db.prepare<Record<string, unknown>, Record<string, unknown>>(
    `SELECT e.uuid, o.uuid AS organization_uuid, e.created_at, e.updated_at, ${EVENT_SETTINGS.map((c) => 'e.' + c).join(', ')}
     FROM events e JOIN organizations o ON o.id = e.organization_id
     WHERE e.organization_id = @organization AND e.uuid IN (${inEvents}) AND e.rev > @since AND e.rev <= @upTo`,
  );
  const users = db.prepare<Record<string, unknown>, Record<string, unknown>>(
    `SELECT u.uuid, o.uuid AS organization_uuid, ${USER_COLUMNS.map((c) => 'u.' + c).join(', ')}
     FROM users u JOIN organizations o ON o.id = u.organization_id
     WHERE u.organization_id = @organization AND u.rev > @since AND u.rev <= @upTo`,
  );
  // The hub's own password hash never leaves it; an owner's offline credential does not exist (and is not sent if
  // a row somehow held one).
  const staff = db.prepare<Record<string, unknown>, Record<string, unknown>>(
    `SELECT s.uuid, o.uuid AS organization_uuid, ${STAFF_COLUMNS.map((c) => 's.' + c).join(', ')},
       ${NO_PASSWORD_HERE} AS password_hash, CASE WHEN s.role = 'staff' THEN s.offline_hash END AS offline_hash
     FROM staff_accounts s JOIN organizations o ON o.id = s.organization_id
     WHERE s.organization_id = @organization AND s.rev > @since AND s.rev <= @upTo`,
  );
  const registrations = db.prepare<Record<string, unknown>, FeedRegistration>(
    `SELECT r.uuid, r.id, e.uuid AS event_uuid, r.email, r.name, r.answers, r.status, r.registered_at, r.op_id,
       r.checkin_code, r.refused
     FROM registrations r JOIN events e ON e.id = r.event_id
     WHERE r.rev > @since AND r.rev <= @upTo AND e.organization_id = @organization AND e.uuid IN (${inEvents})
     ORDER BY r.rev`,
  );
  const facts = db.prepare<Record<string, unknown>, FeedFact>(
    `SELECT f.op_id, e.uuid AS event_uuid, f.subject, f.kind, f.at, f.names, f.device, f.refused, f.detail
     FROM attendee_facts f JOIN events e ON e.id = f.event_id
     WHERE f.rev > @since AND f.rev <= @upTo AND e.organization_id = @organization AND e.uuid IN (${inEvents})
     ORDER BY f.rev`,
  );
  const lists = db.prepare<Record<string, unknown>, FeedList>(
    `SELECT l.uuid, e.uuid AS event_uuid, l.name, l.is_default, l.history, l.created_at, l.updated_at, l.deleted_at
     FROM check_in_lists l JOIN events e ON e.id = l.event_id
     WHERE l.rev > @since AND l.rev <= @upTo AND e.organization_id = @organization AND e.uuid IN (${inEvents})
     ORDER BY l.rev`,
  );
  // A device hears only of its own organization's deletions (migration 027).
  const tombstones = db.prepare<Record<string, unknown>, { kind: string; uuid: string }>(
    'SELECT kind, uuid FROM sync_tombstones WHERE organization_id = @organization AND rev > @since AND rev <= @upTo',
  );

  // A replica's writes of what its hub sent.
  const organizationId = db.prepare<[string], { id: number }>('SELECT id FROM organizations WHERE uuid = ?');
  const eventId = db.prepare<[string], { id: number }>('SELECT id FROM events WHERE uuid = ?');
  // A venue's hub may hold an organization of its own under the same slug: the one it follows gets the slug with
  // its UUID's first characters added (slugs are unique, UUIDs are what sync goes by).
  const upsertOrganization = db.prepare<Record<string, unknown>>(
    `INSERT INTO organizations (uuid, name, slug, created_at)
     VALUES (@uuid, @name,
       CASE WHEN EXISTS (SELECT 1 FROM organizations WHERE slug = @slug AND uuid <> @uuid)
         THEN @slug || '-' || substr(@uuid, 1, 8) ELSE @slug END,
       @created_at)
     ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, slug = excluded.slug`,
  );
  const upsertEvent = db.prepare<Record<string, unknown>>(
    `INSERT INTO events (uuid, organization_id, created_at, updated_at, ${EVENT_SETTINGS.join(', ')})
     VALUES (@uuid, @organization_id, @created_at, @updated_at, ${EVENT_SETTINGS.map((c) => '@' + c).join(', ')})
     ON CONFLICT (uuid) DO UPDATE SET updated_at = excluded.updated_at,
       ${EVENT_SETTINGS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  );
  const logoOf = db.prepare<[string], { content_type: string; bytes: Buffer }>(
    'SELECT l.content_type, l.bytes FROM event_logos l JOIN events e ON e.id = l.event_id WHERE e.uuid = ?',
  );
  const upsertLogo = db.prepare<[string, Buffer, string]>(
    `INSERT INTO event_logos (event_id, content_type, bytes) SELECT id, ?, ? FROM events WHERE uuid = ?
     ON CONFLICT (event_id) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes`,
  );
  const deleteLogo = db.prepare<[string]>(
    'DELETE FROM event_logos WHERE event_id = (SELECT id FROM events WHERE uuid = ?)',
  );
  /** The row with its logo beside it: a changed logo changes `logo_etag`, so the row travels again with it. */
  const withLogo = (row: Record<string, unknown>): Record<string, unknown> => {
    const logo = row.logo_etag === null ? undefined : logoOf.get(String(row.uuid));
    return {
      ...row,
      logo: logo
        ? ({ type: logo.content_type, base64: logo.bytes.toString('base64') } satisfies FeedLogo)
        : null,
    };
  };
  const writeLogo = (uuid: string, logo: unknown) => {
    const sent = logo as FeedLogo | null | undefined;
    if (sent && typeof sent.base64 === 'string') {
      upsertLogo.run(String(sent.type), Buffer.from(sent.base64, 'base64'), uuid);
    } else deleteLogo.run(uuid);
  };
  // A row of another organization that happens to carry the same UUID is left as it is.
  const upsertUser = db.prepare<Record<string, unknown>>(
    `INSERT INTO users (uuid, organization_id, ${USER_COLUMNS.join(', ')})
     VALUES (@uuid, @organization_id, ${USER_COLUMNS.map((c) => '@' + c).join(', ')})
     ON CONFLICT (uuid) DO UPDATE SET ${USER_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}
       WHERE users.organization_id = excluded.organization_id`,
  );
  // What a feed sets of an account: its hub's columns and the offline credential (staff only), never the password
  // hash, which holds only a password set on this node (a venue's own accounts) or NO_PASSWORD_HERE.
  const staffSet = `${STAFF_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, offline_hash = excluded.offline_hash`;
  // Never another organization's account (issue 32, row 6): one that carries the same UUID, or the same email,
  // stays as it is, and the hub's row is not written. The one exception: a venue hub's own account with the email
  // of an account of the server it follows, in the organization whose owner connected it (migration 027), is the
  // same person, and becomes the followed one (its organization and role), keeping its row (so its sessions) and
  // its own password.
  const upsertStaff = db.prepare<Record<string, unknown>>(
    `INSERT INTO staff_accounts (uuid, organization_id, ${STAFF_COLUMNS.join(', ')}, password_hash, offline_hash)
     VALUES (@uuid, @organization_id, ${STAFF_COLUMNS.map((c) => '@' + c).join(', ')}, ${NO_PASSWORD_HERE},
       CASE WHEN @role = 'staff' THEN @offline_hash END)
     ON CONFLICT (uuid) DO UPDATE SET ${staffSet}
       WHERE staff_accounts.organization_id = excluded.organization_id
     ON CONFLICT (email_key) DO UPDATE SET uuid = excluded.uuid, organization_id = excluded.organization_id,
       ${staffSet}
       WHERE staff_accounts.organization_id = excluded.organization_id
         OR staff_accounts.organization_id = (SELECT adopting_organization_id FROM sync_upstream WHERE id = 1)`,
  );
  const setAdoptingOrganization = db.prepare<[number | null]>(
    'UPDATE sync_upstream SET adopting_organization_id = ? WHERE id = 1',
  );
  const deleteStaff = db.prepare<[string]>('DELETE FROM staff_accounts WHERE uuid = ?');
  const anyAttendees = db.prepare<[], { n: number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM registrations LIMIT 1)',
  );
  const countAttendees = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM attendees a JOIN events e ON e.id = a.event_id WHERE e.uuid IN (${inEventsOf})`,
  );

  return {
    /** The rows of `scope` with revisions in (since, upTo]. */
    read(scope: FeedScope, since: number, upTo: number): FeedPage {
      const params = {
        organization: scope.organizationId,
        events: JSON.stringify(scope.eventIds),
        since,
        upTo,
      };
      const { organization, events: _events, ...plain } = params;
      const byOrganization = { organization, ...plain };
      return {
        organizations: organizations.all(byOrganization),
        events: events.all(params).map(withLogo),
        users: users.all(byOrganization).map(publicUser),
        staff: staff.all(byOrganization),
        lists: lists.all(params),
        registrations: registrations.all(params),
        facts: facts.all(params),
        tombstones: tombstones.all(byOrganization),
      };
    },

    organizationIdOf: (uuid: string) => organizationId.get(uuid)?.id ?? null,
    eventIdOf: (uuid: string) => eventId.get(uuid)?.id ?? null,

    upsertOrganization: (row: Record<string, unknown>) => void upsertOrganization.run(row),
    upsertEvent(row: Record<string, unknown>, organizationId: number): void {
      upsertEvent.run({
        ...pick(row, ['uuid', 'created_at', 'updated_at', ...EVENT_SETTINGS]),
        organization_id: organizationId,
      });
      writeLogo(String(row.uuid), row.logo);
    },
    upsertUser: (row: Record<string, unknown>, organizationId: number) =>
      void upsertUser.run({ ...pick(row, ['uuid', ...USER_COLUMNS]), organization_id: organizationId }),
    upsertStaff: (row: Record<string, unknown>, organizationId: number) =>
      void upsertStaff.run({
        ...pick(row, ['uuid', ...STAFF_COLUMNS, 'offline_hash']),
        organization_id: organizationId,
      }),
    /**
     * On a venue's hub, as it connects: the organization (of this hub) whose accounts may become the followed
     * server's accounts of the same email (`upsertStaff`); null for none.
     */
    setAdoptingOrganization: (organizationId: number | null) =>
      void setAdoptingOrganization.run(organizationId),
    deleteStaff: (uuid: string) => void deleteStaff.run(uuid),
    /** 1 when this database holds any registration (merged or cancelled ones too), else 0. */
    countAllAttendees: () => anyAttendees.get()!.n,
    /** Registrations of these events held here, whatever their status. */
    countAttendees: (eventUuids: readonly string[]) => countAttendees.get(JSON.stringify(eventUuids))!.n,
  };
}

/** Only the named columns: a feed row from a newer hub may carry more. */
function pick(row: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) out[column] = row[column] ?? null;
  return out;
}

export type FeedRepository = ReturnType<typeof feedRepository>;
