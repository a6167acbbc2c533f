import { en, type Catalogue } from './en.ts';

export type { Catalogue };

/** Languages the kiosk speaks; add one here after writing its catalogue. */
const catalogues: Record<string, Catalogue> = { en };

/** `?lang=xx` in the kiosk URL, else the browser's language, else English. */
function chooseCatalogue(): Catalogue {
  const wanted = [new URLSearchParams(window.location.search).get('lang'), ...navigator.languages];
  for (const tag of wanted) {
    const catalogue = tag ? (catalogues[tag] ?? catalogues[tag.split('-')[0]!]) : undefined;
    if (catalogue) return catalogue;
  }
  return en;
}

export const t: Catalogue = chooseCatalogue();

const calendarDateFormat = new Intl.DateTimeFormat(t.locale, { dateStyle: 'long', timeZone: 'UTC' });

/** One formatter per style and zone, made on first use: building an Intl formatter costs more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const STYLES = {
  time: { hour: 'numeric', minute: '2-digit' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  day: { dateStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatter(style: keyof typeof STYLES, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions = STYLES[style];
    try {
      found = new Intl.DateTimeFormat(t.locale, { ...options, timeZone });
    } catch {
      // A zone this browser does not know: the browser's own zone rather than no time at all.
      found = new Intl.DateTimeFormat(t.locale, options);
    }
    formatters.set(key, found);
  }
  return found;
}

/**
 * Times as people read them. `timeZone` is the event's (IANA) wherever a time belongs to an event, so a kiosk or
 * a browser set to another zone shows the hours the venue's clocks show; without it, the browser's zone.
 */
export const format = {
  time: (iso: string, timeZone?: string) => formatter('time', timeZone).format(new Date(iso)),
  dateTime: (iso: string, timeZone?: string) => formatter('dateTime', timeZone).format(new Date(iso)),
  /**
   * A moment ahead, as short as is still clear: the time alone when it falls on `now`'s day in `timeZone`, else
   * the date and time. `sameDay` lets the sentence around it say "at" or "on".
   */
  moment: (iso: string, timeZone: string | undefined, now: Date) => {
    const day = (date: Date) => formatter('day', timeZone).format(date);
    const sameDay = day(new Date(iso)) === day(now);
    return { text: sameDay ? format.time(iso, timeZone) : format.dateTime(iso, timeZone), sameDay };
  },
  /** A calendar date (`YYYY-MM-DD`) as the day it names, whatever the kiosk's time zone. */
  calendarDate: (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : calendarDateFormat.format(date);
  },
};
