import { catalogues, LANGUAGES, t, useLanguage, type Language } from '../i18n/index.ts';

/**
 * The languages, each named in itself (and marked as that language, so a screen reader says it right), the one on
 * screen pressed. `choose` is the page's own way to switch (the kiosk's, the public pages'), `classes` its look.
 */
export function LanguageSwitch({
  choose,
  classes,
}: {
  choose: (language: Language) => void;
  classes: { group: string; option?: string };
}) {
  const current = useLanguage();
  return (
    <div className={classes.group} role="group" aria-label={t.language.switchLabel}>
      {LANGUAGES.map((language) => {
        const { locale, language: words } = catalogues[language];
        return (
          <button
            key={language}
            type="button"
            className={classes.option}
            lang={locale}
            aria-pressed={language === current}
            onClick={() => choose(language)}
          >
            {words.name}
          </button>
        );
      })}
    </div>
  );
}
