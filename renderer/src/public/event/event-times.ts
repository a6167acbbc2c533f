/**
 * When an event takes place, as its page says it: in the event's own time zone (a person abroad reads the hours of
 * the venue's clocks), in the page's language, the day written out. One day reads "Saturday, December 5, 2026 at
 * 6:00 PM – 10:00 PM"; several, with both dates. Pure: the locale and zone come in.
 *
 * Not `formatRange`: its interval patterns cost a phone's CPU tens of milliseconds the first time, on the way to the
 * page's first paint; two plain formats of the same formatter say the same.
 */
export function eventWhen(
  startsAt: string | null,
  endsAt: string | null,
  timeZone: string,
  locale: string,
): string | null {
  if (!startsAt) return null;
  const zoned = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A zone this browser does not know: its own zone rather than no time at all.
      return new Intl.DateTimeFormat(locale, options);
    }
  };
  const full = zoned({ dateStyle: 'full', timeStyle: 'short' });
  const start = new Date(startsAt);
  const end = endsAt ? new Date(endsAt) : null;
  if (!end || !(end > start)) return full.format(start);
  const day = zoned({ year: 'numeric', month: 'numeric', day: 'numeric' });
  const sameDay = day.format(start) === day.format(end);
  return `${full.format(start)} – ${sameDay ? zoned({ timeStyle: 'short' }).format(end) : full.format(end)}`;
}

/** Whether the person's own zone is the event's, so the page need not name the zone its times are in. */
export function sameZone(timeZone: string, browserZone: string, at: Date): boolean {
  if (timeZone === browserZone) return true;
  // Two names of one zone (Europe/Paris and Europe/Brussels on the same day): same offset counts as the same.
  const offset = (zone: string) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  const mine = offset(browserZone);
  return mine !== undefined && mine === offset(timeZone);
}
