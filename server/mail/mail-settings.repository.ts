import type { SmtpSecurity } from '../contract/vocabulary.ts';
import type { Db } from '../platform/database.ts';
import type { RecipientCaps } from './mail.rules.ts';
import type { MailSettingsInput, MailSettingsRecord } from './mail.types.ts';

interface SettingsRow {
  organization_id: number;
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  password: string | null;
  from_address: string;
  from_name: string | null;
  reply_to: string | null;
  public_url: string;
  mail_kiosk_registrations: number;
  mail_imports: number;
  max_per_minute: number | null;
  updated_at: string;
}

const toSettings = (row: SettingsRow): MailSettingsRecord => ({
  organizationId: row.organization_id,
  host: row.host,
  port: row.port,
  security: row.security,
  username: row.username,
  password: row.password,
  fromAddress: row.from_address,
  fromName: row.from_name,
  replyTo: row.reply_to,
  publicUrl: row.public_url,
  mailKioskRegistrations: row.mail_kiosk_registrations === 1,
  mailImports: row.mail_imports === 1,
  maxPerMinute: row.max_per_minute,
  updatedAt: row.updated_at,
});

/** Each organization's SMTP settings (migration 020): one row, or none while mail is not set up. */
export function mailSettingsRepository(db: Db) {
  const byOrganization = db.prepare<[number], SettingsRow>(
    'SELECT * FROM mail_settings WHERE organization_id = ?',
  );
  // Which password is kept is the service's to say (mail.rules.ts, `passwordKept`): this stores what it is given.
  const upsert = db.prepare<Record<string, unknown>>(
    `INSERT INTO mail_settings (organization_id, host, port, security, username, password, from_address, from_name,
       reply_to, public_url, mail_kiosk_registrations, mail_imports, max_per_minute, updated_at)
     VALUES (@organization_id, @host, @port, @security, @username, @password, @from_address, @from_name,
       @reply_to, @public_url, @mail_kiosk_registrations, @mail_imports, @max_per_minute, @updated_at)
     ON CONFLICT (organization_id) DO UPDATE SET host = excluded.host, port = excluded.port,
       security = excluded.security,
       password = excluded.password, username = excluded.username, from_address = excluded.from_address, from_name = excluded.from_name,
       reply_to = excluded.reply_to, public_url = excluded.public_url,
       mail_kiosk_registrations = excluded.mail_kiosk_registrations, mail_imports = excluded.mail_imports,
       max_per_minute = excluded.max_per_minute, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[number]>('DELETE FROM mail_settings WHERE organization_id = ?');
  const capsOf = db.prepare<[number], RecipientCaps>(
    'SELECT per_hour AS perHour, per_day AS perDay FROM mail_event_limits WHERE event_id = ?',
  );
  const setCaps = db.prepare<[number, number, number, string]>(
    `INSERT INTO mail_event_limits (event_id, per_hour, per_day, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (event_id) DO UPDATE SET per_hour = excluded.per_hour, per_day = excluded.per_day,
       updated_at = excluded.updated_at`,
  );
  const organizationIds = db.prepare<[], number>('SELECT organization_id FROM mail_settings').pluck();

  return {
    settingsOf(organizationId: number): MailSettingsRecord | null {
      const row = byOrganization.get(organizationId);
      return row ? toSettings(row) : null;
    },

    /** Stores the settings with `input.password` as given (undefined is none). */
    save(organizationId: number, input: MailSettingsInput, at: string): void {
      upsert.run({
        organization_id: organizationId,
        host: input.host,
        port: input.port,
        security: input.security,
        username: input.username,
        password: input.password ?? null,
        from_address: input.fromAddress,
        from_name: input.fromName,
        reply_to: input.replyTo,
        public_url: input.publicUrl,
        mail_kiosk_registrations: input.mailKioskRegistrations ? 1 : 0,
        mail_imports: input.mailImports ? 1 : 0,
        max_per_minute: input.maxPerMinute,
        updated_at: at,
      });
    },

    /** The organizations that have settings. */
    organizationIds: (): number[] => organizationIds.all(),

    remove(organizationId: number): boolean {
      return remove.run(organizationId).changes > 0;
    },

    /** The event's per-address caps where an owner set them (migration 030); null: the defaults. */
    capsOf: (eventId: number): RecipientCaps | null => capsOf.get(eventId) ?? null,

    setCaps(eventId: number, caps: RecipientCaps, at: string): void {
      setCaps.run(eventId, caps.perHour, caps.perDay, at);
    },
  };
}

export type MailSettingsRepository = ReturnType<typeof mailSettingsRepository>;
