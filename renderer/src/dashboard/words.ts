import { installDashboardWords } from '../shared/i18n/dashboard-words.ts';
import { dashboardEn } from '../shared/i18n/en-dashboard.ts';
import { dashboardFr } from '../shared/i18n/fr-dashboard.ts';

/**
 * Every language's dashboard words at once, for tests of the dashboard's modules and catalogues (imported for this
 * effect). The page itself loads French only when it shows French (./language.ts).
 */
installDashboardWords({ en: dashboardEn, fr: dashboardFr });
