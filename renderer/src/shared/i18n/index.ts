import { useSyncExternalStore } from 'react';
import { en, type Catalogue } from './en.ts';
import { fr } from './fr.ts';
import { dateTimeText, eventWhenText, sameDayIn, sameZoneAt, timeText, zoneNameText } from './time.ts';

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

/**
 * One part of the catalogue for a module's top (`const words = wordsOf(() => t.dashboard.desk)`): each read goes to
 * the language on screen at that moment, where `t.dashboard.desk` itself, kept there, would stay the language it was
 * read in. Read it while rendering, as `t`.
 */
export function wordsOf<Words extends object>(select: () => Words): Words {
  return new Proxy({} as Words, {
    get: (_target, key) => Reflect.get(select(), key),
    has: (_target, key) => Reflect.has(select(), key),
    ownKeys: () => Reflect.ownKeys(select()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(select(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

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

/** Formatters of the styles only the screens write, per language, made on first use. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const STYLES = {
  calendarDate: { dateStyle: 'long', timeZone: 'UTC' },
  /** A wall-clock time carried as UTC (see `format.wallClock`), read back as it was written. */
  wallClock: { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatter(style: keyof typeof STYLES): Intl.DateTimeFormat {
  // The language can change while the page is open: its locale is part of the key.
  const key = `${t.locale} ${style}`;
  let found = formatters.get(key);
  if (!found) {
    const { hourCycle, ...options }: Intl.DateTimeFormatOptions = STYLES[style];
    // French reads 18:30 (./time.ts); English keeps its 12-hour clock.
    found = new Intl.DateTimeFormat(t.locale, active === 'fr' ? { ...options, hourCycle } : options);
    formatters.set(key, found);
  }
  return found;
}

/** The viewer's own time zone (the browser's). */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Times as people of the language on screen read them, written as the mails write them (./time.ts). `timeZone` is the
 * event's (IANA) wherever a time belongs to an event, so a kiosk or a browser set to another zone shows the hours the
 * venue's clocks show; without it, the browser's zone.
 */
export const format = {
  time: (iso: string, timeZone?: string) => timeText(iso, active, timeZone),
  dateTime: (iso: string, timeZone?: string) => dateTimeText(iso, active, timeZone),
  /** When an event takes place, its day written out (`Saturday, December 5, 2026 at 6:00 PM – 10:00 PM`). */
  eventWhen: (startsAt: string | null, endsAt: string | null, timeZone: string) =>
    eventWhenText(startsAt, endsAt, active, timeZone),
  /** `Dec 5, 2026, 6:00 PM – 10:00 PM`: a span of time, its end's day written only when it is another. */
  range: (startsAt: string, endsAt: string | null, timeZone?: string) => {
    const start = format.dateTime(startsAt, timeZone);
    if (!endsAt || !(new Date(endsAt) > new Date(startsAt))) return start;
    const sameDay = sameDayIn(startsAt, endsAt, timeZone);
    return `${start} – ${sameDay ? format.time(endsAt, timeZone) : format.dateTime(endsAt, timeZone)}`;
  },
  /**
   * A moment ahead, as short as is still clear: the time alone when it falls on `now`'s day in `timeZone`, else
   * the date and time. `sameDay` lets the sentence around it say "at" or "on".
   */
  moment: (iso: string, timeZone: string | undefined, now: Date) => {
    const sameDay = sameDayIn(iso, now, timeZone);
    return { text: sameDay ? format.time(iso, timeZone) : format.dateTime(iso, timeZone), sameDay };
  },
  /**
   * The event's zone by its name (`Central European Time`), when a viewer's clock reads other hours than the
   * event's at `at`; null when they read the same, so the zone is named only where it helps, and once.
   */
  zoneIfOther: (timeZone: string, at: string | Date = new Date(), viewer: string = viewerZone()) =>
    sameZoneAt(timeZone, viewer, at) ? null : zoneNameText(timeZone, active, at),
  /** A calendar date (`YYYY-MM-DD`) as the day it names, whatever the kiosk's time zone. */
  calendarDate: (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : formatter('calendarDate').format(date);
  },
  /** A date and time already in the zone it should be read in (its fields stored as UTC's), zone untouched. */
  wallClock: (date: Date) => formatter('wallClock').format(date),
};
