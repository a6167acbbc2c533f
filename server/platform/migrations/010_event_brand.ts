/**
 * An event's brand: its accent colour and logo (brand/), shown by the kiosk and printed on badges.
 *
 * `events.accent_color` is `#rrggbb` in lower case; `events.logo_etag` names the logo's bytes (a hash of them) and is
 * null while the event has none. The bytes live in `event_logos`, out of `events`, whose rows every public request
 * reads whole. A replica answers the kiosk from its own database, so the brand travels in the sync feed with the
 * event (sync/feed.repository.ts, `EVENT_SETTINGS` and the logo beside them): `events_rev_update` now also watches
 * the two new columns, and `badge_layout` (009), so a replica's kiosk and desk print the hub's layout.
 */
export const sql = `
ALTER TABLE events ADD COLUMN accent_color TEXT
  CHECK (accent_color IS NULL OR (length(accent_color) = 7 AND accent_color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'));
ALTER TABLE events ADD COLUMN logo_etag TEXT;

CREATE TABLE event_logos (
  event_id INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes BLOB NOT NULL
);

DROP TRIGGER events_rev_update;
CREATE TRIGGER events_rev_update AFTER UPDATE OF
  name, description, starts_at, ends_at, location, timezone, seats, requires_approval, registration_opens_at,
  registration_closes_at, is_published, checkin_period_type, checkin_starts_at, checkin_ends_at, allow_self_checkin,
  redirect_url, registration_fields, badge_layout, accent_color, logo_etag ON events BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE events SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;
`;
