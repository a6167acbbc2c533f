import { activateLanguage, languageOf, type Language } from '../shared/i18n/index.ts';

/**
 * The public pages' language: `?lang=fr` in the address (a ticket link in a French email carries it), else the
 * browser's first language the pages speak, else English. A pick on the page's switch goes into the address
 * (replaced, not pushed), so a reload, a bookmark or a shared link keeps it.
 */
export function pageLanguage(search: string, browserLanguages: readonly string[]): Language {
  for (const tag of [new URLSearchParams(search).get('lang'), ...browserLanguages]) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

export function choosePageLanguage(language: Language): void {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', language);
  window.history.replaceState(window.history.state, '', url);
  activateLanguage(language);
}
