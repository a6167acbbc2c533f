import { LanguageSwitch as Switch } from '../../shared/components/LanguageSwitch.tsx';
import { chooseKioskLanguage } from '../shell/language.ts';

const CLASSES = { group: 'language-switch', option: 'button language-switch-option' };

/** The kiosk's languages, large enough for a finger, on the home screen's top bar. */
export function LanguageSwitch() {
  return <Switch choose={chooseKioskLanguage} classes={CLASSES} />;
}
