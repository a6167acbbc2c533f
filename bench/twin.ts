import { hash, randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { openDatabase, type Db } from '../server/platform/database.ts';
import { toTimestamp } from '../server/platform/time.ts';

/**
 * The floor the app is measured against: plain Fastify routes over the same database (same migrations, same
 * pragmas through openDatabase) running the same SQL statements as the app's repositories, in the same
 * transactions, webhook-outbox lookup included (the bench configures no endpoint), and nothing else: no zod, no
 * rate limiting, no auth hooks, no CORS, no custom error handler or body parser. Domain rules shrink to what the
 * seeded events need, and responses keep the app's shapes so both send about the same bytes.
 */
export function buildTwin(dataDir: string): FastifyInstance {
  const db = openDatabase(dataDir);
  const sql = prepareStatements(db);
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.addHook('onClose', async () => db.close());

  publicEventRoutes(app, db, sql);
  attendeeLookupRoute(app, sql);
  bulkNoShowRoute(app, db, sql);
  profileRoute(app, sql);
  return app;
}

interface EventRow {
  id: number;
  uuid: string;
  organization_id: number;
  name: string;
  description: string;
  starts_at: string | null;
  ends_at: string | null;
  location: string | null;
  seats: number | null;
  is_published: number;
  checkin_period_type: string;
  allow_self_checkin: number;
  registration_fields: string;
  attendees_count: number;
}

interface AttendeeRow {
  id: number;
  uuid: string;
  event_id: number;
  email: string;
  name: string;
  answers: string;
  status: string;
  registered_at: string;
  checked_in_at: string | null;
  status_before_no_show: string | null;
}

interface UserRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  birthday: string | null;
  address: string | null;
  employment: string | null;
  profile_public: number;
  public_fields: string;
}

type Statements = ReturnType<typeof prepareStatements>;

const ATTENDEE_COLUMNS =
  'id, uuid, event_id, user_id, email, name, answers, status, registered_at, checked_in_at, status_before_no_show';

/** Verbatim copies of the statements in the server's repositories (server/<feature>/<name>.repository.ts) that the measured endpoints run. */
function prepareStatements(db: Db) {
  return {
    eventByUuid: db.prepare<[string], EventRow>('SELECT * FROM events WHERE uuid = ?'),
    eventById: db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?'),
    organizationById: db.prepare<[number], { name: string; slug: string }>(
      'SELECT * FROM organizations WHERE id = ?',
    ),
    userByEmail: db.prepare<[number, string], UserRow>(
      'SELECT * FROM users WHERE organization_id = ? AND email_key = ?',
    ),
    userByProfileCode: db.prepare<[string], UserRow>('SELECT * FROM users WHERE profile_code = ?'),
    tokenByHash: db.prepare<[string], { organization_id: number }>(
      'SELECT * FROM api_tokens WHERE token_hash = ?',
    ),
    attendeeByUuid: db.prepare<[string], AttendeeRow>(
      `SELECT ${ATTENDEE_COLUMNS} FROM attendees WHERE uuid = ?`,
    ),
    attendeeByCode: db.prepare<[string], AttendeeRow>(
      `SELECT ${ATTENDEE_COLUMNS} FROM attendees WHERE checkin_code = ?`,
    ),
    attendeeForEmail: db.prepare<[number, string], AttendeeRow>(
      `SELECT ${ATTENDEE_COLUMNS} FROM attendees WHERE event_id = ? AND email_key = ?
       ORDER BY status = 'canceled', id DESC LIMIT 1`,
    ),
    // As the app's ledger (attendees/ledger.repository.ts): an id from the counter, the registration, then its row;
    // a check-in's fact, then the row. The twin writes the row directly where the app works it out.
    nextId: db
      .prepare<[], number>(
        'UPDATE sync_meta SET next_local_id = next_local_id + 1 WHERE id = 1 RETURNING next_local_id',
      )
      .pluck(),
    insertRegistration: db.prepare<Record<string, unknown>>(
      `INSERT INTO registrations (uuid, id, event_id, email, email_key, name, answers, status, registered_at, op_id,
         checkin_code, attendee_id)
       VALUES (@uuid, @id, @event_id, @email, @email_key, @name, @answers, @status, @registered_at, @op_id,
         @checkin_code, @id)`,
    ),
    insertAttendee: db.prepare<Record<string, unknown>, AttendeeRow>(
      `INSERT INTO attendees (id, uuid, event_id, user_id, email, email_key, name, answers, status, registered_at,
         updated_at, checkin_code)
       VALUES (@id, @uuid, @event_id, @user_id, @email, @email_key, @name, @answers, @status, @registered_at,
         @registered_at, @checkin_code)
       RETURNING ${ATTENDEE_COLUMNS}`,
    ),
    insertFact: db.prepare<[string, number, string, string]>(
      `INSERT INTO attendee_facts (op_id, event_id, subject, kind, at) VALUES (?, ?, ?, 'check_in', ?)`,
    ),
    // Op ids and revisions as the app gives them (attendees/ledger.repository.ts `NO_SHOW_FACTS`).
    noShowFacts: db.prepare<[string, string, string, number]>(
      `INSERT INTO attendee_facts (op_id, event_id, subject, kind, at, rev)
       SELECT ? || printf('%016x', ids.key), a.event_id, a.uuid, 'no_show', ?,
         (SELECT revision FROM sync_meta) + 1 + ids.key
       FROM json_each(?) AS ids CROSS JOIN attendees AS a ON a.uuid = ids.value
       WHERE +a.event_id = ? AND a.status NOT IN ('canceled', 'no_show') AND a.checked_in_at IS NULL`,
    ),
    advanceRevision: db.prepare<[number]>('UPDATE sync_meta SET revision = revision + ?'),
    checkIn: db.prepare<[string, string, number], AttendeeRow>(
      `UPDATE attendees SET checked_in_at = ?, updated_at = ?,
         status = CASE status WHEN 'no_show' THEN 'confirmed' ELSE status END
       WHERE id = ? AND checked_in_at IS NULL AND status IN ('confirmed', 'no_show')
       RETURNING ${ATTENDEE_COLUMNS}`,
    ),
    statesByUuid: db.prepare<
      [string, number],
      { uuid: string; status: string; checked_in_at: string | null }
    >(
      `SELECT a.uuid, a.name, a.email, a.status, a.registered_at, a.checked_in_at
       FROM json_each(?) AS ids CROSS JOIN attendees AS a ON a.uuid = ids.value
       WHERE a.event_id = ?`,
    ),
    // The webhook outbox asks this inside every attendee write; with no endpoint configured nothing more happens.
    subscribedEndpoints: db.prepare<[number, string], { id: number }>(
      `SELECT id FROM webhook_endpoints
       WHERE organization_id = ? AND enabled = 1 AND EXISTS (SELECT 1 FROM json_each(event_types) WHERE value = ?)
       ORDER BY id`,
    ),
    markManyNoShow: db.prepare<[string, string, number]>(
      `UPDATE attendees SET status = 'no_show', updated_at = ?, status_before_no_show = status
       WHERE id IN (SELECT a.id FROM json_each(?) AS ids CROSS JOIN attendees AS a ON a.uuid = ids.value
                    WHERE +a.event_id = ?)
         AND status NOT IN ('canceled', 'no_show') AND checked_in_at IS NULL`,
    ),
  };
}

const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message });

const emailKey = (email: string) => email.trim().toLowerCase();

function publishedEvent(sql: Statements, uuid: string): EventRow | null {
  const event = sql.eventByUuid.get(uuid);
  return event && event.is_published === 1 ? event : null;
}

function publicEventRoutes(app: FastifyInstance, db: Db, sql: Statements): void {
  app.get<{ Params: { uuid: string } }>('/public/events/:uuid', async (request, reply) => {
    const event = publishedEvent(sql, request.params.uuid);
    if (!event) return fail(reply, 404, 'Event not found or not available.');
    const organization = sql.organizationById.get(event.organization_id)!;
    return {
      data: {
        id: event.uuid,
        name: event.name,
        description: event.description,
        organization: { name: organization.name, slug: organization.slug },
        registration_fields: JSON.parse(event.registration_fields) as unknown,
        is_registration_open: event.seats === null || event.attendees_count < event.seats,
        checkin_period_type: event.checkin_period_type,
        is_checkin_allowed: event.checkin_period_type === 'immediate',
        allow_self_checkin: event.allow_self_checkin === 1,
        seats: event.seats,
        attendees_count: event.attendees_count,
      },
    };
  });

  /** Like the app's attendee service: read, write and ask the webhook outbox in one IMMEDIATE transaction. */
  const register = db.transaction((event: EventRow, body: Record<string, string>) => {
    const { email = '', first_name: first = '', last_name: last = '', company } = body;
    const user = sql.userByEmail.get(event.organization_id, emailKey(email));
    const registration = {
      id: sql.nextId.get()! - 1,
      uuid: randomUUID(),
      event_id: event.id,
      email: email.trim(),
      email_key: emailKey(email),
      name: `${first.trim()} ${last.trim()}`,
      answers: JSON.stringify({ email: email.trim(), first_name: first, last_name: last, company }),
      status: 'confirmed',
      registered_at: toTimestamp(new Date()),
      checkin_code: randomBytes(12).toString('base64url'),
    };
    sql.insertRegistration.run({ ...registration, op_id: randomBytes(16).toString('hex') });
    const row = sql.insertAttendee.get({ ...registration, user_id: user?.id ?? null })!;
    sql.subscribedEndpoints.all(event.organization_id, 'attendee.registered');
    return { row, isGuest: !user };
  });

  app.post<{ Params: { uuid: string }; Body: Record<string, string> }>(
    '/public/events/:uuid/register',
    async (request, reply) => {
      const event = publishedEvent(sql, request.params.uuid);
      if (!event) return fail(reply, 404, 'Event not found.');
      try {
        const { row, isGuest } = register.immediate(event, request.body);
        reply.code(201);
        return {
          message: 'Registration successful.',
          data: { id: row.id, email: row.email, name: row.name, status: row.status, is_guest: isGuest },
        };
      } catch (error) {
        if (error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
          return fail(reply, 409, 'You are already registered for this event.');
        }
        throw error;
      }
    },
  );

  app.get<{ Params: { uuid: string }; Querystring: { email?: string } }>(
    '/public/events/:uuid/check',
    async (request, reply) => {
      const event = publishedEvent(sql, request.params.uuid);
      if (!event) return fail(reply, 404, 'Event not found.');
      const attendee = sql.attendeeForEmail.get(event.id, emailKey(request.query.email ?? ''));
      return {
        data: {
          is_registered: attendee !== undefined,
          attendee: attendee && {
            id: attendee.id,
            name: attendee.name,
            email: attendee.email,
            status: attendee.status === 'no_show' ? attendee.status_before_no_show : attendee.status,
            checked_in_at: attendee.checked_in_at,
          },
        },
      };
    },
  );

  const checkIn = db.transaction((event: EventRow, email: string) => {
    const attendee = sql.attendeeForEmail.get(event.id, emailKey(email));
    if (!attendee) return null;
    const now = toTimestamp(new Date());
    sql.insertFact.run(randomBytes(16).toString('hex'), event.id, attendee.uuid, now);
    const row = sql.checkIn.get(now, now, attendee.id);
    if (row) sql.subscribedEndpoints.all(event.organization_id, 'attendee.checked_in');
    return row ?? null;
  });

  // A scan on a list: the twin does what today's check-in by a scanned code does (the code's registration, then
  // the check-in's fact and row), the floor a list's rules are measured against.
  app.post<{ Params: { uuid: string; list: string }; Body: { code: string } }>(
    '/kiosk/api/events/:uuid/check-in-lists/:list/scan',
    async (request, reply) => {
      const event = publishedEvent(sql, request.params.uuid);
      if (!event) return fail(reply, 404, 'Event not found.');
      const attendee = sql.attendeeByCode.get(request.body.code.slice('ARV1:'.length));
      if (!attendee || attendee.event_id !== event.id) return fail(reply, 404, 'No registration.');
      const row = checkIn.immediate(event, attendee.email);
      if (!row) return fail(reply, 409, 'Already checked in.');
      return {
        message: `Welcome, ${row.name}.`,
        data: {
          result: 'admitted',
          accepted: true,
          attendee: { name: row.name },
          checked_in_at: row.checked_in_at,
        },
      };
    },
  );

  app.post<{ Params: { uuid: string }; Body: { email: string } }>(
    '/public/events/:uuid/check-in',
    async (request, reply) => {
      const event = publishedEvent(sql, request.params.uuid);
      if (!event) return fail(reply, 404, 'Event not found.');
      const row = checkIn.immediate(event, request.body.email);
      if (!row) return fail(reply, 409, 'Not registered, or already checked in.');
      return {
        message: 'Check-in successful.',
        data: { id: row.id, email: row.email, name: row.name, checked_in_at: row.checked_in_at },
      };
    },
  );
}

/** The organization of a presented bearer token, by the same SHA-256 lookup the app does; null when unknown. */
function tokenOrganization(sql: Statements, authorization: string | undefined): number | null {
  if (!authorization?.startsWith('Bearer ')) return null;
  const tokenHash = hash('sha256', authorization.slice('Bearer '.length), 'hex');
  return sql.tokenByHash.get(tokenHash)?.organization_id ?? null;
}

function attendeeLookupRoute(app: FastifyInstance, sql: Statements): void {
  app.get<{ Params: { id: string } }>('/api/attendees/:id', async (request, reply) => {
    const organizationId = tokenOrganization(sql, request.headers.authorization);
    if (organizationId === null) return fail(reply, 401, 'Invalid API token.');
    const attendee = sql.attendeeByUuid.get(request.params.id);
    const event = attendee ? sql.eventById.get(attendee.event_id) : undefined;
    if (!attendee || !event || event.organization_id !== organizationId) {
      return fail(reply, 404, 'Attendee not found.');
    }
    return {
      data: {
        id: attendee.uuid,
        name: attendee.name,
        email: attendee.email,
        status: attendee.status,
        registered_at: attendee.registered_at,
        checked_in_at: attendee.checked_in_at,
        event: {
          id: event.uuid,
          name: event.name,
          starts_at: event.starts_at,
          ends_at: event.ends_at,
          location: event.location,
        },
      },
    };
  });
}

/** Decides and writes in one IMMEDIATE transaction, like the app's attendee service. */
function bulkNoShowRoute(app: FastifyInstance, db: Db, sql: Statements): void {
  app.post<{ Params: { event_id: string }; Body: { attendee_ids: string[] } }>(
    '/api/events/:event_id/attendees/bulk-no-show',
    async (request, reply) => {
      const organizationId = tokenOrganization(sql, request.headers.authorization);
      if (organizationId === null) return fail(reply, 401, 'Invalid API token.');
      const event = sql.eventByUuid.get(request.params.event_id);
      if (!event || event.organization_id !== organizationId) return fail(reply, 404, 'Event not found.');
      const ids = [...new Set(request.body.attendee_ids)];
      const at = toTimestamp(new Date());
      const run = db.transaction(() => {
        // As the app: one UPDATE, and only when it did not mark every id, a look at how it left them.
        sql.subscribedEndpoints.all(event.organization_id, 'attendee.no_show');
        sql.noShowFacts.run(randomBytes(8).toString('hex'), at, JSON.stringify(ids), event.id);
        sql.advanceRevision.run(ids.length);
        const marked = sql.markManyNoShow.run(at, JSON.stringify(ids), event.id).changes;
        if (marked === ids.length) return marked;
        const states = sql.statesByUuid.all(JSON.stringify(ids), event.id);
        return states.filter((s) => s.status !== 'canceled' && s.checked_in_at === null).length;
      });
      const successCount = run.immediate();
      return {
        message: 'Bulk no-show completed.',
        success_count: successCount,
        failed_count: ids.length - successCount,
      };
    },
  );
}

function profileRoute(app: FastifyInstance, sql: Statements): void {
  app.get<{ Params: { code: string } }>('/public/profile/:code', async (request, reply) => {
    const user = sql.userByProfileCode.get(request.params.code);
    if (!user) return fail(reply, 404, 'Profile not found.');
    if (user.profile_public !== 1) return fail(reply, 403, 'This profile is private.');
    return { data: visibleProfile(user) };
  });
}

/** The enabled, non-empty fields only, as the app's profile endpoint shows them. */
function visibleProfile(user: UserRow): Record<string, unknown> {
  const shown = new Set(JSON.parse(user.public_fields) as string[]);
  const profile: Record<string, unknown> = {};
  const texts: [string, string | null][] = [
    ['first_name', user.first_name],
    ['last_name', user.last_name],
    ['email', user.email],
    ['phone', user.phone],
    ['birthday', user.birthday],
  ];
  for (const [field, value] of texts) if (shown.has(field) && value) profile[field] = value;
  for (const [field, json] of [
    ['address', user.address],
    ['employment', user.employment],
  ] as const) {
    if (shown.has(field) && json) profile[field] = JSON.parse(json) as unknown;
  }
  return profile;
}
