import { activateLanguage, type Language } from '../../shared/i18n/index.ts';
import { defaultLanguage, readChoice, type StoredChoice } from './language-rules.ts';
import { settings } from './settings.ts';

/**
 * Which language a kiosk speaks. Its default is an operator's setting in the kiosk's URL, `?lang=fr` (kept through
 * in-app navigation like `?idle=`), else the browser's first language the kiosk speaks, else English. An attendee
 * may pick another on the home screen: that choice is kept on this kiosk (a reload or the error page's recovery
 * keeps it) until the visit ends, when the kiosk goes back to its default for the next person.
 */

const STORAGE_KEY = 'arrivals.kiosk.language';

const kioskDefault = (): Language => defaultLanguage(window.location.search, navigator.languages);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The language to show now: the visit's choice, else the kiosk's default. */
export function kioskLanguage(): Language {
  return readChoice(storage()?.getItem(STORAGE_KEY) ?? null, Date.now(), settings.idleMs) ?? kioskDefault();
}

/** An attendee's pick on the home screen, for the rest of their visit. */
export function chooseKioskLanguage(language: Language): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ language, at: Date.now() } satisfies StoredChoice));
  } catch {
    // A kiosk whose storage is full or refused still switches; only a reload would forget the choice.
  }
  activateLanguage(language);
}

/** The visit is over: the next person is greeted in the kiosk's default language. */
export function resetKioskLanguage(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
  activateLanguage(kioskDefault());
}
