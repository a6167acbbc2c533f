import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { switchDashboardLanguage } from '../language.ts';

const CLASSES = { group: 'dlanguage', option: 'dbutton dlanguage-option' };

/**
 * The dashboard's languages (the kiosk's switch, at the dashboard's size): a pick shows once its words have loaded,
 * and is kept on this device.
 */
export function DashboardLanguageSwitch() {
  return <LanguageSwitch choose={(language) => void switchDashboardLanguage(language)} classes={CLASSES} />;
}
