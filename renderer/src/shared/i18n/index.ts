import { useSyncExternalStore } from 'react';
import { en, type Catalogue } from './en.ts';
import { fr } from './fr.ts';

export type { Catalogue };

/** Languages the kiosk speaks; add one here after writing its catalogue (typed `Catalogue`, so none is partial). */
export const catalogues = { en, fr } as const satisfies Record<string, Catalogue>;

export type Language = keyof typeof catalogues;

export const LANGUAGES = Object.keys(catalogues) as Language[];

/** The language a tag such as `fr`, `fr-CA` or `EN` asks for, when the kiosk speaks it. */
export function languageOf(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0]!;
  return Object.hasOwn(catalogues, base) ? (base as Language) : null;
}

let active: Language = 'en';

/**
 * The words of the language on screen now. A live binding that `activateLanguage` replaces: read it while
 * rendering, never keep a copy in module scope or in state (a copy keeps the old language).
 */
export let t: Catalogue = en;

const listeners = new Set<() => void>();

/** Puts `language` on screen: its words, its dates and numbers, and the page's `lang` for screen readers. */
export function activateLanguage(language: Language): void {
  if (document.documentElement.lang !== catalogues[language].locale) {
    document.documentElement.lang = catalogues[language].locale;
  }
  if (language === active) return;
  active = language;
  t = catalogues[language];
  for (const listener of listeners) listener();
}

export const activeLanguage = (): Language => active;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language on screen, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, activeLanguage);
}

/** One formatter per language, style and zone, made on first use: building one costs more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const STYLES = {
  time: { hour: 'numeric', minute: '2-digit' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  day: { dateStyle: 'short' },
  calendarDate: { dateStyle: 'long', timeZone: 'UTC' },
  /** A wall-clock time carried as UTC (see `format.wallClock`), read back as it was written. */
  wallClock: { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** `timeZone` overrides the style's own zone (the event's, for times that belong to an event). */
function formatter(style: keyof typeof STYLES, timeZone?: string): Intl.DateTimeFormat {
  // The language can change while the page is open: its locale is part of the key.
  const key = `${t.locale} ${style} ${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions = STYLES[style];
    try {
      found = new Intl.DateTimeFormat(t.locale, timeZone ? { ...options, timeZone } : options);
    } catch {
      // A zone this browser does not know: the browser's own zone rather than no time at all.
      found = new Intl.DateTimeFormat(t.locale, options);
    }
    formatters.set(key, found);
  }
  return found;
}

/**
 * Times as people of the language on screen read them. `timeZone` is the event's (IANA) wherever a time belongs to an event, so a kiosk or
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
    return Number.isNaN(date.getTime()) ? day : formatter('calendarDate').format(date);
  },
  /** A date and time already in the zone it should be read in (its fields stored as UTC's), zone untouched. */
  wallClock: (date: Date) => formatter('wallClock').format(date),
};
