import type { DashboardWords } from './en-dashboard.ts';

/**
 * The staff dashboard's words, loaded with the dashboard's own script (renderer/src/dashboard/words.ts installs them:
 * English with the script, French when the dashboard is shown in French), so the kiosk and the public pages, which
 * never show them, never load them either. Each catalogue's `dashboard` reads them from here.
 */
const installed: { en?: DashboardWords; fr?: DashboardWords } = {};

export function installDashboardWords(words: { en?: DashboardWords; fr?: DashboardWords }): void {
  Object.assign(installed, words);
}

/** Whether `language`'s words are here (the dashboard loads a language's words before showing it). */
export const hasDashboardWords = (language: 'en' | 'fr'): boolean => installed[language] !== undefined;

export function dashboardWords(language: 'en' | 'fr'): DashboardWords {
  const words = installed[language];
  if (!words) throw new Error('The dashboard’s words load with the dashboard (installDashboardWords).');
  return words;
}
