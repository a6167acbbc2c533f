import { catalogues, LANGUAGES, t, useLanguage } from '../../shared/i18n/index.ts';
import { chooseKioskLanguage } from '../shell/language.ts';

/**
 * The kiosk's languages, each named in itself (and marked as that language, so a screen reader says it right),
 * the one on screen pressed. Large enough for a finger, on the home screen's top bar.
 */
export function LanguageSwitch() {
  const current = useLanguage();
  return (
    <div className="language-switch" role="group" aria-label={t.language.switchLabel}>
      {LANGUAGES.map((language) => {
        const { locale, language: words } = catalogues[language];
        return (
          <button
            key={language}
            type="button"
            className="button language-switch-option"
            lang={locale}
            aria-pressed={language === current}
            onClick={() => chooseKioskLanguage(language)}
          >
            {words.name}
          </button>
        );
      })}
    </div>
  );
}
