import { languageOf, type Language } from '../../shared/i18n/index.ts';

/**
 * The rules of a kiosk's language (./language.ts applies them): its default, and an attendee's choice kept for
 * the rest of their visit.
 */

export function defaultLanguage(search: string, browserLanguages: readonly string[]): Language {
  for (const tag of [new URLSearchParams(search).get('lang'), ...browserLanguages]) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

export interface StoredChoice {
  language: string;
  /** When it was chosen (the page's clock): a choice older than the idle time was a visit that ended. */
  at: number;
}

/** The attendee's choice, read back; a storage the browser refuses reads as none. */
export function readChoice(raw: string | null, now: number, idleMs: number): Language | null {
  if (!raw) return null;
  try {
    const choice = JSON.parse(raw) as Partial<StoredChoice>;
    const fresh = typeof choice.at === 'number' && now - choice.at >= 0 && now - choice.at < idleMs;
    return fresh ? languageOf(choice.language) : null;
  } catch {
    return null;
  }
}
