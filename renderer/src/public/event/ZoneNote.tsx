import { format, t } from '../../shared/i18n/index.ts';

/**
 * The event's time zone, named once beside its times, where the reader's own clock reads other hours (a person
 * abroad, a phone set to another zone); nothing where they read the same.
 */
export function ZoneNote({ event }: { event: { timezone: string; starts_at: string | null } }) {
  const zone = event.starts_at ? format.zoneIfOther(event.timezone, event.starts_at) : null;
  return zone ? <span className="pevent-zone">{t.eventPage.timeZone(zone)}</span> : null;
}
