import type { Db } from '../platform/database.ts';
import type { LogoType } from './brand.rules.ts';
import type { EventBrand, EventLogo } from './brand.types.ts';

/** An event's accent colour and logo (`events.accent_color`, `events.logo_etag`, `event_logos`: migration 010). */
export function brandRepository(db: Db) {
  const brandOf = db.prepare<[number], { accent_color: string | null; logo_etag: string | null }>(
    'SELECT accent_color, logo_etag FROM events WHERE id = ?',
  );
  const setAccent = db.prepare<[string | null, number]>('UPDATE events SET accent_color = ? WHERE id = ?');
  const setEtag = db.prepare<[string | null, number]>('UPDATE events SET logo_etag = ? WHERE id = ?');
  const logoOf = db.prepare<[number], { content_type: LogoType; bytes: Buffer; logo_etag: string }>(
    `SELECT l.content_type, l.bytes, e.logo_etag FROM event_logos l JOIN events e ON e.id = l.event_id
     WHERE l.event_id = ? AND e.logo_etag IS NOT NULL`,
  );
  const upsertLogo = db.prepare<[number, LogoType, Buffer]>(
    `INSERT INTO event_logos (event_id, content_type, bytes) VALUES (?, ?, ?)
     ON CONFLICT (event_id) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes`,
  );
  const deleteLogo = db.prepare<[number]>('DELETE FROM event_logos WHERE event_id = ?');

  return {
    brandOf(eventId: number): EventBrand {
      const row = brandOf.get(eventId);
      return { accentColor: row?.accent_color ?? null, logoEtag: row?.logo_etag ?? null };
    },
    setAccent: (eventId: number, color: string | null) => void setAccent.run(color, eventId),
    logoOf(eventId: number): EventLogo | null {
      const row = logoOf.get(eventId);
      return row ? { type: row.content_type, bytes: row.bytes, etag: row.logo_etag } : null;
    },
    /** Call inside a transaction: the bytes and the tag that names them change together. */
    setLogo(eventId: number, logo: EventLogo | null): void {
      if (logo) upsertLogo.run(eventId, logo.type, logo.bytes);
      else deleteLogo.run(eventId);
      setEtag.run(logo?.etag ?? null, eventId);
    },
  };
}
