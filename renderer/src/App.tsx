import { Suspense, useLayoutEffect } from 'react';
import { isDesktopKiosk } from './kiosk/desktop.ts';
import { kioskLanguage } from './kiosk/shell/language.ts';
import { KioskShell } from './kiosk/shell/KioskShell.tsx';
import { useStaffCorner } from './kiosk/shell/useStaffCorner.ts';
import { NotFoundScreen, OrganizationScreen, StartScreen } from './kiosk/start/StartScreen.tsx';
import { Loading } from './shared/components/Status.tsx';
import { dashboardLanguage } from './shared/i18n/dashboard-language.ts';
import { activateLanguage, t } from './shared/i18n/index.ts';
import { lazyWithPreload } from './shared/lazy.ts';
import { followLink, parseRoute, paths, usePathname } from './shared/router.ts';

/** The staff dashboard is its own script: a kiosk never loads it. */
const DashboardApp = lazyWithPreload(() => import('./dashboard/DashboardApp.tsx'));

/** Read once: the preload sets the bridge before the page's first script runs. */
const desktopKiosk = isDesktopKiosk();

export function App() {
  const route = parseRoute(usePathname());
  useStaffCorner();
  const staffDashboard = route.name === 'dashboard';
  // Moving between the kiosk's pages and the dashboard in one page load: each its own language, before it is painted.
  useLayoutEffect(
    () => activateLanguage(staffDashboard ? dashboardLanguage() : kioskLanguage()),
    [staffDashboard],
  );
  switch (route.name) {
    case 'kiosk':
      return <KioskShell key={route.eventId} eventId={route.eventId} screen={route.screen} />;
    case 'door':
      return (
        <KioskShell
          key={`${route.eventId} ${route.listId}`}
          eventId={route.eventId}
          screen="home"
          door={route.listId}
        />
      );
    case 'dashboard':
      // The desktop kiosk's window never shows the dashboard: the shell opens it in a window of its own.
      if (desktopKiosk) return <NotFoundPage />;
      return (
        <Suspense fallback={<Loading />}>
          <DashboardApp page={route.page} />
        </Suspense>
      );
    case 'start':
      return (
        <>
          <main className="page" id="main">
            <StartScreen />
          </main>
          {!desktopKiosk && <StaffFooter />}
        </>
      );
    case 'organization':
      return (
        <main className="page" id="main">
          <OrganizationScreen slug={route.slug} />
        </main>
      );
    case 'not-found':
      return <NotFoundPage />;
  }
}

function NotFoundPage() {
  return (
    <main className="page" id="main">
      <NotFoundScreen />
    </main>
  );
}

/**
 * Under the start page (which staff use to set a kiosk up): the way to the dashboard, first-run setup included. Not
 * in the desktop kiosk, whose staff reach the dashboard from the staff screen.
 */
function StaffFooter() {
  return (
    <footer className="page page-footer">
      <a href={paths.dashboard({ name: 'home' })} onClick={followLink}>
        {t.start.dashboard}
      </a>
    </footer>
  );
}
