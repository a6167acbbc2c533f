import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/database.ts';
import type { EventRecord, EventSettings } from './event.types.ts';
import type { RegistrationField } from '../contract/vocabulary.ts';
import { cachedJsonColumn, type JsonColumnReader } from '../platform/json-column.ts';

interface EventRow {
  id: number;
  uuid: string;
  organization_id: number;
  name: string;
  description: string;
  starts_at: string | null;
  ends_at: string | null;
  location: string | null;
  timezone: string;
  seats: number | null;
  requires_approval: number;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  is_published: number;
  checkin_period_type: EventRecord['checkinPeriodType'];
  checkin_starts_at: string | null;
  checkin_ends_at: string | null;
  allow_self_checkin: number;
  redirect_url: string | null;
  registration_fields: string;
  attendees_count: number;
  created_at: string;
  updated_at: string;
}

const toEvent = (row: EventRow, readFields: JsonColumnReader<RegistrationField[]>): EventRecord => ({
  id: row.id,
  uuid: row.uuid,
  organizationId: row.organization_id,
  name: row.name,
  description: row.description,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  location: row.location,
  timezone: row.timezone,
  seats: row.seats,
  requiresApproval: row.requires_approval === 1,
  registrationOpensAt: row.registration_opens_at,
  registrationClosesAt: row.registration_closes_at,
  isPublished: row.is_published === 1,
  checkinPeriodType: row.checkin_period_type,
  checkinStartsAt: row.checkin_starts_at,
  checkinEndsAt: row.checkin_ends_at,
  allowSelfCheckin: row.allow_self_checkin === 1,
  redirectUrl: row.redirect_url,
  registrationFields: readFields(row.id, row.registration_fields),
  attendeesCount: row.attendees_count,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Named parameters shared by insert and update. */
const settingsParams = (s: EventSettings) => ({
  name: s.name,
  description: s.description,
  starts_at: s.startsAt,
  ends_at: s.endsAt,
  location: s.location,
  timezone: s.timezone,
  seats: s.seats,
  requires_approval: s.requiresApproval ? 1 : 0,
  registration_opens_at: s.registrationOpensAt,
  registration_closes_at: s.registrationClosesAt,
  is_published: s.isPublished ? 1 : 0,
  checkin_period_type: s.checkinPeriodType,
  checkin_starts_at: s.checkinStartsAt,
  checkin_ends_at: s.checkinEndsAt,
  allow_self_checkin: s.allowSelfCheckin ? 1 : 0,
  redirect_url: s.redirectUrl,
  registration_fields: JSON.stringify(s.registrationFields),
});

const SETTINGS_COLUMNS = Object.keys(settingsParams({ registrationFields: [] } as unknown as EventSettings));

export function eventsRepository(db: Db) {
  // Every public request reads its event, fields included (parsed-json.ts).
  const readFields = cachedJsonColumn<RegistrationField[]>();
  const toRecord = (row: EventRow) => toEvent(row, readFields);
  const byUuid = db.prepare<[string], EventRow>('SELECT * FROM events WHERE uuid = ?');
  const byId = db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?');
  const forOrganization = db.prepare<[number], EventRow>(
    'SELECT * FROM events WHERE organization_id = ? ORDER BY starts_at IS NULL, starts_at, id',
  );
  const publishedForOrganization = db.prepare<[number], EventRow>(
    'SELECT * FROM events WHERE organization_id = ? AND is_published = 1 ORDER BY starts_at IS NULL, starts_at, id',
  );
  const insert = db.prepare<Record<string, unknown>, EventRow>(
    `INSERT INTO events (uuid, organization_id, created_at, updated_at, ${SETTINGS_COLUMNS.join(', ')})
     VALUES (@uuid, @organization_id, @now, @now, ${SETTINGS_COLUMNS.map((c) => '@' + c).join(', ')})
     RETURNING *`,
  );
  const update = db.prepare<Record<string, unknown>, EventRow>(
    `UPDATE events SET updated_at = @now, ${SETTINGS_COLUMNS.map((c) => `${c} = @${c}`).join(', ')}
     WHERE id = @id RETURNING *`,
  );

  return {
    findByUuid(uuid: string): EventRecord | null {
      // UUIDs compare case-insensitively; ours are stored lower-case.
      const row = byUuid.get(uuid.toLowerCase());
      return row ? toRecord(row) : null;
    },
    findById(id: number): EventRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    listForOrganization(organizationId: number, options: { publishedOnly?: boolean } = {}): EventRecord[] {
      const statement = options.publishedOnly ? publishedForOrganization : forOrganization;
      return statement.all(organizationId).map(toRecord);
    },
    create(organizationId: number, settings: EventSettings, now: string): EventRecord {
      return toRecord(
        insert.get({
          uuid: randomUUID(),
          organization_id: organizationId,
          now,
          ...settingsParams(settings),
        })!,
      );
    },
    update(id: number, settings: EventSettings, now: string): EventRecord {
      return toRecord(update.get({ id, now, ...settingsParams(settings) })!);
    },
  };
}
