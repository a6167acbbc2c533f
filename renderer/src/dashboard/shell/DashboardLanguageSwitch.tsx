import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { chooseDashboardLanguage } from '../../shared/i18n/dashboard-language.ts';

const CLASSES = { group: 'dlanguage', option: 'dbutton dlanguage-option' };

/** The dashboard's languages (the kiosk's switch, at the dashboard's size): a pick is kept on this device. */
export function DashboardLanguageSwitch() {
  return <LanguageSwitch choose={chooseDashboardLanguage} classes={CLASSES} />;
}
