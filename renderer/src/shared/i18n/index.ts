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

const timeFormat = new Intl.DateTimeFormat(t.locale, { hour: 'numeric', minute: '2-digit' });
const calendarDateFormat = new Intl.DateTimeFormat(t.locale, { dateStyle: 'long', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeStyle: 'short' });

export const format = {
  time: (iso: string) => timeFormat.format(new Date(iso)),
  dateTime: (iso: string) => dateTimeFormat.format(new Date(iso)),
  /** A calendar date (`YYYY-MM-DD`) as the day it names, whatever the kiosk's time zone. */
  calendarDate: (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : calendarDateFormat.format(date);
  },
};
