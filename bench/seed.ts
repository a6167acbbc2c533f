import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { systemClock } from '../server/platform/clock.ts';
import { DATABASE_FILE, openDatabase, type Db } from '../server/platform/database.ts';
import { toTimestamp } from '../server/platform/time.ts';
import type { EventRecord } from '../server/events/event.types.ts';
import type { Organization } from '../server/organizations/organization.types.ts';
import type { ProfileField } from '../server/contract/vocabulary.ts';
import { createRepositories, createStore, type Repositories } from '../server/store.ts';
import { ledgerService } from '../server/attendees/ledger.service.ts';
import { recordRegistration } from '../server/attendees/registration.service.ts';
import { rootJournal } from '../server/sync/journal.ts';
import { silentNotifier } from '../server/webhooks/notifier.ts';
import { applyEventInput } from '../server/events/event.input.ts';
import { apiTokenService } from '../server/access/api-token.service.ts';
import { staffService } from '../server/access/staff.service.ts';
import type { Store } from '../server/store.ts';
import { listService } from '../server/lists/list.service.ts';

export interface SeedSizes {
  /** Registered attendees of the main event that lookups and checks pick from. */
  attendees: number;
  /** More attendees of the main event, never checked in: each check-in request takes the next one. */
  checkInPool: number;
  /** Users with a public profile. */
  profiles: number;
  /** Events of `bulkSize` attendees each, one per bulk no-show request so every request meets fresh rows. */
  bulkEvents: number;
  bulkSize: number;
}

export interface BulkEvent {
  uuid: string;
  attendeeUuids: string[];
}

/** What the load generator needs to build valid requests against the seeded database. */
export interface Fixture {
  eventUuid: string;
  /** Full API token; only its hash is in the database. */
  token: string;
  attendeeUuids: string[];
  attendeeEmails: string[];
  checkInEmails: string[];
  /** The same people's check-in codes (`ARV1:` and the code), for scans on a list. */
  checkInCodes: string[];
  /** A check-in list of the main event with rules (a window, a capacity, once, exits, a nightly check-out). */
  listUuid: string;
  profileCodes: string[];
  bulkEvents: BulkEvent[];
}

const PUBLIC_FIELDS: ProfileField[] = ['first_name', 'last_name', 'email', 'employment', 'address'];

/**
 * Seeds a fresh database in `dataDir` through the app's own repositories and services, so the rows are exactly
 * what the app would have written. One transaction per batch: with synchronous=FULL a commit per row would take
 * minutes.
 */
export function seedDatabase(dataDir: string, sizes: SeedSizes): Fixture {
  const db = openDatabase(dataDir);
  try {
    const repos = createRepositories(db);
    const now = toTimestamp(systemClock.now());
    const inTransaction = <T>(work: () => T): T => db.transaction(work).immediate();

    const organization = repos.organizations.create('Bench Venue', 'bench', now)!;
    const token = issueBenchToken(db, organization);
    const event = createOpenEvent(repos, organization, 'Bench Night', now);
    const attendees = inTransaction(() => registerMany(db, event, 'guest', sizes.attendees));
    const pool = inTransaction(() => registerMany(db, event, 'arrival', sizes.checkInPool));
    const listUuid = createRuledList(db, event);
    const profileCodes = inTransaction(() => createProfiles(repos, organization, sizes.profiles, now));
    const bulkEvents = Array.from({ length: sizes.bulkEvents }, (_, index) =>
      inTransaction(() => seedBulkEvent(db, repos, organization, index, sizes.bulkSize, now)),
    );

    return {
      eventUuid: event.uuid,
      token,
      attendeeUuids: attendees.map((a) => a.uuid),
      attendeeEmails: attendees.map((a) => a.email),
      checkInEmails: pool.map((a) => a.email),
      checkInCodes: pool.map((a) => `ARV1:${a.code}`),
      listUuid,
      profileCodes,
      bulkEvents,
    };
  } finally {
    // Closing checkpoints the WAL into the main file, which is what makes the file safe to copy.
    db.close();
  }
}

/** Each server of a pair gets a byte-identical copy, so both start from the same rows, indexes and file layout. */
export function cloneDataDir(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const source = path.join(from, DATABASE_FILE + suffix);
    if (fs.existsSync(source)) fs.copyFileSync(source, path.join(to, DATABASE_FILE + suffix));
  }
}

function issueBenchToken(db: Db, organization: Organization): string {
  const result = apiTokenService(createStore(db, systemClock)).issueApiToken({
    organizationId: organization.id,
    name: 'bench',
    expires: 'never',
  });
  if (!result.ok) throw new Error(`could not issue the bench token: ${result.reason}`);
  return result.token;
}

/** Published, registration open, unlimited seats, self check-in allowed right away. */
export function createOpenEvent(
  repos: Repositories,
  organization: Organization,
  name: string,
  now: string,
): EventRecord {
  const settings = applyEventInput(null, {
    name,
    is_published: true,
    checkin_period_type: 'immediate',
    allow_self_checkin: true,
    timezone: 'UTC',
  });
  return repos.events.create(organization.id, settings, now);
}

/**
 * Registrations as the app records them (the ledger and its rows: attendees/registration.service.ts), without the
 * answers' checks, through `db`, inside the caller's transaction.
 */
export function directRegistrations(db: Db) {
  const store = createStore(db, systemClock);
  const ledger = ledgerService(store, store.repos.ledger, silentNotifier);
  return (event: EventRecord, email: string, name: string, answers: Record<string, string>) =>
    recordRegistration(store, ledger, rootJournal, 'walk_in', event, {
      email,
      name,
      answers,
      status: 'confirmed',
      now: systemClock.now(),
    });
}

function registerMany(
  db: Db,
  event: EventRecord,
  prefix: string,
  count: number,
): { uuid: string; email: string; code: string }[] {
  const register = directRegistrations(db);
  const registered: { uuid: string; email: string; code: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${event.id}-${i}@example.com`;
    const answers = { email, first_name: 'Ada', last_name: `Lovelace ${i}`, company: 'Analytical Engines' };
    const result = register(event, email, `Ada Lovelace ${i}`, answers);
    if (!result.ok) throw new Error(`could not seed ${email}: ${result.reason}`);
    registered.push({ uuid: result.attendee.uuid, email, code: result.attendee.checkinCode });
  }
  return registered;
}

function createProfiles(
  repos: Repositories,
  organization: Organization,
  count: number,
  now: string,
): string[] {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = repos.users.create(
      organization.id,
      {
        email: `member-${i}@example.com`,
        firstName: 'Grace',
        lastName: `Hopper ${i}`,
        phone: '+1 202 555 0143',
        birthday: '1906-12-09',
        address: { city: 'Arlington', country: 'United States' },
        employment: { job_title: 'Rear Admiral', company: 'US Navy' },
        profilePublic: true,
        publicFields: PUBLIC_FIELDS,
      },
      now,
    );
    if (!result.ok) throw new Error(`could not seed profile ${i}: ${result.reason}`);
    codes.push(result.user.profileCode);
  }
  return codes;
}

function seedBulkEvent(
  db: Db,
  repos: Repositories,
  organization: Organization,
  index: number,
  size: number,
  now: string,
): BulkEvent {
  const event = createOpenEvent(repos, organization, `Bulk ${index}`, now);
  const attendees = registerMany(db, event, 'bulk', size);
  return { uuid: event.uuid, attendeeUuids: attendees.map((a) => a.uuid) };
}

const SESSION_COOKIE = 'arrivals_session';

/**
 * An owner of `organization` and a dashboard session of theirs, as the `Cookie` header that carries it. No password:
 * the session is started here, as sign-in would after checking one.
 */
export function ownerSessionCookie(store: Store, organization: Organization, now: string): string {
  const owner = store.repos.staff.create(
    {
      organizationId: organization.id,
      name: 'Bench Owner',
      email: 'owner@example.com',
      passwordHash: '-',
      role: 'owner',
    },
    now,
  )!;
  return `${SESSION_COOKIE}=${staffService(store).startSession(owner).value}`;
}

/**
 * A list with rules of every kind a scan is decided by: open from yesterday for a month (in the event's zone), a
 * capacity no run reaches, one admission a person, exits scanned, everyone checked out at 03:00.
 */
function createRuledList(db: Db, event: EventRecord): string {
  const store = createStore(db, systemClock);
  const lists = listService(store, ledgerService(store, store.repos.ledger, silentNotifier), rootJournal);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const created = lists.createList(event, {
    name: 'Workshop',
    windows: [{ from: `${day(-1)}T00:00`, until: `${day(30)}T00:00` }],
    capacity: 1_000_000,
    entry_rule: 'once',
    exits_scanned: true,
    auto_checkout_at: '03:00',
  });
  if (!created.ok) throw new Error(`could not create the bench list: ${created.reason}`);
  return created.list.list.uuid;
}

/**
 * A database of its own (the read of who is inside is timed alone, and the main one stays as the other rows know
 * it): an event of `people` people who came in and out through its four lists, `scans` scans in all over the last
 * hours, recorded as facts and written into presence once per person (as the ledger does after each fact).
 */
export function seedInsideDatabase(
  dataDir: string,
  people: number,
  scans: number,
): { eventUuid: string; token: string } {
  const db = openDatabase(dataDir);
  try {
    const repos = createRepositories(db);
    const now = toTimestamp(systemClock.now());
    const organization = repos.organizations.create('Inside Venue', 'inside', now)!;
    const token = issueBenchToken(db, organization);
    const event = createOpenEvent(repos, organization, 'Inside Now', now);
    const store = createStore(db, systemClock);
    const ledger = ledgerService(store, store.repos.ledger, silentNotifier);
    const lists = listService(store, ledger, rootJournal);
    const doors = [lists.listsOf(event)[0]!.uuid];
    lists.updateList(event, doors[0]!, { exits_scanned: true });
    for (const name of ['Hall A', 'Hall B', 'Terrace']) {
      const created = lists.createList(event, { name, entry_rule: 'every_time', exits_scanned: true });
      if (!created.ok) throw new Error(created.reason);
      doors.push(created.list.list.uuid);
    }
    const registered = db.transaction(() => registerMany(db, event, 'inside', people))();
    const perPerson = Math.max(1, Math.round(scans / people));
    const startMs = Date.now() - 6 * 3_600_000;
    for (let from = 0; from < registered.length; from += 1_000) {
      db.transaction(() => {
        registered.slice(from, from + 1_000).forEach((person, index) => {
          for (let n = 0; n < perPerson; n++) {
            const list = doors[(from + index + n) % doors.length]!;
            const checkIn = list === doors[0] && n % 2 === 0;
            repos.ledger.insertFact({
              opId: randomBytes(16).toString('hex'),
              kind: checkIn ? 'check_in' : 'scan',
              subject: person.uuid,
              at: new Date(startMs + (from + index) * 10 + n * 60_000).toISOString(),
              names: [],
              detail: {
                list: checkIn ? null : list,
                direction: n % 2 === 0 ? 'entry' : 'exit',
                via: 'kiosk',
                staff: null,
                forced: false,
                result: n % 2 === 0 ? 'admitted' : 'exit_recorded',
              },
              eventId: event.id,
              device: null,
              pendingUpstream: false,
            });
          }
          ledger.materialize(event.id, person.email.toLowerCase());
        });
      })();
    }
    return { eventUuid: event.uuid, token };
  } finally {
    db.close();
  }
}
