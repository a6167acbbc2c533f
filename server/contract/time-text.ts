import type { Language } from './vocabulary.ts';

/**
 * How a time reads, one way wherever Arrivals writes one: the mails (server/mail/mail.templates.ts), the event and
 * ticket pages, the kiosk and the dashboard (renderer/src/shared/i18n/index.ts, `format`). Every time that belongs to
 * an event is written in the event's zone; English as in the US ("Dec 10, 2026, 6:30 PM"), French on the 24-hour
 * clock ("10 déc. 2026, 18:30", "jeudi 10 décembre 2026 à 18:30"). A zone is named by what people call it ("Central
 * European Time", "heure d’Europe centrale"), never by its IANA id.
 *
 * Pure functions over `Intl`, importing types only: the one module of code server/contract/ holds, so the server and
 * the screens cannot drift apart (eslint.config.js lets this file alone hold functions).
 */

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

/**
 * French reads 09:05 and 18:30, never 9:05 or 6:30 PM (`hour: 'numeric'` alone gives `9:05` in French); English keeps
 * its 12-hour clock.
 */
const CLOCK: Record<Language, Intl.DateTimeFormatOptions> = {
  en: {},
  fr: { hourCycle: 'h23' },
};
const TIME_OF_DAY: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { hour: 'numeric', minute: '2-digit' },
  fr: { hour: '2-digit', minute: '2-digit' },
};

const STYLES = {
  time: {},
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  fullDateTime: { dateStyle: 'full', timeStyle: 'short' },
  day: { year: 'numeric', month: 'numeric', day: 'numeric' },
  zoneName: { timeZoneName: 'longGeneric' },
  zoneNameLong: { timeZoneName: 'long' },
  offset: { timeZoneName: 'longOffset' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

/** One formatter per language, style and zone, made on first use: building one costs more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language} ${style} ${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    const options = { ...STYLES[style], ...(style === 'time' && TIME_OF_DAY[language]), ...CLOCK[language] };
    try {
      found = new Intl.DateTimeFormat(LOCALES[language], timeZone ? { ...options, timeZone } : options);
    } catch {
      // A zone this runtime does not know: its own zone rather than no time at all.
      found = new Intl.DateTimeFormat(LOCALES[language], options);
    }
    formatters.set(key, found);
  }
  return found;
}

const instant = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at);

/** `6:30 PM` / `18:30`. Without a zone, the reader's own (the browser's, the server's). */
export function timeText(at: string | Date, language: Language, timeZone?: string): string {
  return formatter(language, 'time', timeZone).format(instant(at));
}

/** `Dec 10, 2026, 6:30 PM` / `10 déc. 2026, 18:30`. */
export function dateTimeText(at: string | Date, language: Language, timeZone?: string): string {
  return formatter(language, 'dateTime', timeZone).format(instant(at));
}

/** Whether two instants fall on the same day of `timeZone`'s calendar. */
export function sameDayIn(a: string | Date, b: string | Date, timeZone?: string): boolean {
  const day = formatter('en', 'day', timeZone);
  return day.format(instant(a)) === day.format(instant(b));
}

/**
 * When an event takes place, its day written out: `Saturday, December 5, 2026 at 6:00 PM – 10:00 PM` / `samedi
 * 5 décembre 2026 à 18:00 – 22:00`; over several days, both in full. No end, or one before the start, is the start
 * alone; no start is null. Not `formatRange`, whose interval patterns cost a phone tens of milliseconds the first
 * time, on the way to the event page's first paint: two plain formats say the same.
 */
export function eventWhenText(
  startsAt: string | null,
  endsAt: string | null,
  language: Language,
  timeZone: string,
): string | null {
  if (!startsAt) return null;
  const full = formatter(language, 'fullDateTime', timeZone);
  const start = new Date(startsAt);
  const end = endsAt ? new Date(endsAt) : null;
  if (!end || !(end > start)) return full.format(start);
  const endText = sameDayIn(start, end, timeZone) ? timeText(end, language, timeZone) : full.format(end);
  return `${full.format(start)} – ${endText}`;
}

function zonePart(language: Language, style: Style, timeZone: string, at: Date): string | undefined {
  return formatter(language, style, timeZone)
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
}

/** What CLDR falls back to where a zone has no name of its own: its offset (`GMT+01:00`, `UTC−05:00`). */
const OFFSET_ONLY = /^(GMT|UTC)([+−-]\d|$)/;

/**
 * A zone as people call it, the same all year: `Central European Time` / `heure d’Europe centrale`; `United Kingdom
 * Time` / `heure : Royaume-Uni` where it has no name of its own (with the no-break space French puts before a
 * colon); `Coordinated Universal Time` / `temps universel coordonné`; its offset at `at` for a zone with neither.
 */
export function zoneNameText(timeZone: string, language: Language, at: string | Date = new Date()): string {
  const when = instant(at);
  let name = zonePart(language, 'zoneName', timeZone, when) ?? timeZone;
  if (OFFSET_ONLY.test(name)) name = zonePart(language, 'zoneNameLong', timeZone, when) ?? name;
  return language === 'fr' ? name.replace(/ :/g, '\u00a0:') : name;
}

const knownZones = new Map<string, boolean>();

function isKnownZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/**
 * Whether a reader in `readerZone` reads the event's times as their own clock does at `at`: the same zone, or two
 * names of one offset (Europe/Paris and Europe/Brussels). Where not, the times' zone is named once beside them.
 */
export function sameZoneAt(timeZone: string, readerZone: string, at: string | Date): boolean {
  if (timeZone === readerZone) return true;
  // A zone the runtime does not know is nobody's (the formatters would read it as the runtime's own).
  const offset = (zone: string) =>
    isKnownZone(zone) ? zonePart('en', 'offset', zone, instant(at)) : undefined;
  const readers = offset(readerZone);
  return readers !== undefined && readers === offset(timeZone);
}
