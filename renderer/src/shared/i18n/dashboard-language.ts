import { activateLanguage, languageOf, type Language } from './index.ts';

/**
 * The staff dashboard's language: the one staff chose on this device (its switch, kept in `localStorage` until they
 * choose another: a desk is one person's, not a kiosk's next visitor's), else the browser's first language the
 * dashboard speaks, else English. Here rather than in dashboard/, because the app puts it on screen before the
 * dashboard's script has loaded.
 */

const STORAGE_KEY = 'arrivals.dashboard.language';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The language staff chose on this device, or the one their browser prefers. */
export function dashboardLanguage(
  stored: string | null = storage()?.getItem(STORAGE_KEY) ?? null,
  browserLanguages: readonly string[] = navigator.languages,
): Language {
  for (const tag of [stored, ...browserLanguages]) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

/** A pick on the dashboard's switch: shown at once, kept on this device. */
export function chooseDashboardLanguage(language: Language): void {
  try {
    storage()?.setItem(STORAGE_KEY, language);
  } catch {
    // A browser that refuses storage still switches; only a reload forgets the choice.
  }
  activateLanguage(language);
}
