import { installDashboardWords } from '../shared/i18n/dashboard-words.ts';
import { dashboardEn } from '../shared/i18n/en-dashboard.ts';
import { dashboardFr } from '../shared/i18n/fr-dashboard.ts';

/**
 * The dashboard's words come with its script (shared/i18n/dashboard-words.ts): the kiosk and the public pages never
 * load them. Imported for this effect by DashboardApp.tsx, first, and by tests of the dashboard's modules.
 */
installDashboardWords({ en: dashboardEn, fr: dashboardFr });
