import { chooseDashboardLanguage } from '../shared/i18n/dashboard-language.ts';
import { hasDashboardWords, installDashboardWords } from '../shared/i18n/dashboard-words.ts';
import { dashboardEn } from '../shared/i18n/en-dashboard.ts';
import type { Language } from '../shared/i18n/index.ts';

/**
 * The dashboard's words (shared/i18n/dashboard-words.ts): English comes with its script, French (a tenth of the
 * desk's script) is loaded when staff need it, before anything shows in it. Imported first by DashboardApp.tsx.
 */
installDashboardWords({ en: dashboardEn });

/** Loads `language`'s words if they are not here yet. */
export async function loadDashboardWords(language: Language): Promise<void> {
  if (hasDashboardWords(language)) return;
  const { dashboardFr } = await import('../shared/i18n/fr-dashboard.ts');
  installDashboardWords({ fr: dashboardFr });
}

/** A pick on the dashboard's switch: shown once its words are here, kept on this device. */
export async function switchDashboardLanguage(language: Language): Promise<void> {
  await loadDashboardWords(language);
  chooseDashboardLanguage(language);
}
