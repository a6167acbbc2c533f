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
  calendarDate: { dateStyle: 'long', timeZone: 'UTC' },
  /** A wall-clock time carried as UTC (see `format.wallClock`), read back as it was written. */
  wallClock: { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatter(style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${t.locale} ${style}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(t.locale, STYLES[style]);
    formatters.set(key, found);
  }
  return found;
}

/** Times and dates as people of the language on screen read them. */
export const format = {
  time: (iso: string) => formatter('time').format(new Date(iso)),
  dateTime: (iso: string) => formatter('dateTime').format(new Date(iso)),
  /** A calendar date (`YYYY-MM-DD`) as the day it names, whatever the kiosk's time zone. */
  calendarDate: (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : formatter('calendarDate').format(date);
  },
  /** A date and time already in the zone it should be read in (its fields stored as UTC's), zone untouched. */
  wallClock: (date: Date) => formatter('wallClock').format(date),
};
