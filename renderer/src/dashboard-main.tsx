import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import DashboardApp from './dashboard/DashboardApp.tsx';
import { loadDashboardEarly } from './dashboard/early.ts';
import { loadDashboardWords } from './dashboard/language.ts';
import { isDesktopKiosk } from './kiosk/desktop.ts';
import { HubBanner } from './kiosk/hub/HubBanner.tsx';
import { sendWith } from './shared/api/client.ts';
import { ErrorBoundary } from './shared/components/ErrorBoundary.tsx';
import { NotFoundPage } from './shared/components/NotFoundPage.tsx';
import { OtherPage } from './shared/components/OtherPage.tsx';
import { dashboardLanguage } from './shared/i18n/dashboard-language.ts';
import { activateLanguage, t, useLanguage } from './shared/i18n/index.ts';
import { parseRoute, usePathname } from './shared/router.ts';
import { keepVenueListed, venueFetch } from './shared/venue/venue.ts';
import './styles.css';

/**
 * The staff dashboard's own page (dashboard.html, served for `/dashboard/*`): its script is in the HTML the server
 * answers, so a phone fetches all of it at once, and loads none of the kiosk's screens. The kiosk's page
 * (main.tsx) never loads the dashboard's script either.
 */
const language = dashboardLanguage();
activateLanguage(language);
document.title = t.app.name;
// The venue's other servers, for carrying on through one when this one stops (the desk roams with them).
sendWith(venueFetch);
keepVenueListed();

/** Read once: the preload sets the bridge before the page's first script runs. */
const desktopKiosk = isDesktopKiosk();
{
  const route = parseRoute(window.location.pathname);
  if (route.name === 'dashboard' && !desktopKiosk) {
    // The dashboard's type size (DashboardApp keeps it while it shows), set before anything is laid out: set after
    // the first render, it lays the whole page out again, a tenth of a second on a phone.
    document.documentElement.classList.add('dashboard-root');
    // The first screen renders once, with what it shows and in its language: asked for at once, before it renders
    // (dashboard/early.ts).
    await Promise.all([
      loadDashboardEarly(route.page),
      // Words that cannot load (a server updated under the page): English rather than nothing.
      loadDashboardWords(language).catch(() => activateLanguage('en')),
    ]);
  }
}

function Dashboard() {
  const route = parseRoute(usePathname());
  switch (route.name) {
    case 'dashboard':
      // The desktop kiosk's window never shows the dashboard: the shell opens it in a window of its own.
      return desktopKiosk ? <NotFoundPage /> : <DashboardApp page={route.page} />;
    case 'not-found':
      return <NotFoundPage />;
    default:
      // The kiosk's pages (the dashboard's Kiosk link, Back): the kiosk's own page.
      return <OtherPage />;
  }
}

/** Every screen reads the words of the language on screen while rendering: a new language renders them all again. */
function Page() {
  useLanguage();
  return (
    <ErrorBoundary>
      <HubBanner />
      <Dashboard />
    </ErrorBoundary>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
