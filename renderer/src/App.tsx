import { Suspense } from 'react';
import { KioskShell } from './kiosk/shell/KioskShell.tsx';
import { NotFoundScreen, OrganizationScreen, StartScreen } from './kiosk/start/StartScreen.tsx';
import { Loading } from './shared/components/Status.tsx';
import { t } from './shared/i18n/index.ts';
import { lazyWithPreload } from './shared/lazy.ts';
import { followLink, parseRoute, paths, usePathname } from './shared/router.ts';

/** The staff dashboard is its own script: a kiosk never loads it. */
const DashboardApp = lazyWithPreload(() => import('./dashboard/DashboardApp.tsx'));

export function App() {
  const route = parseRoute(usePathname());
  switch (route.name) {
    case 'kiosk':
      return <KioskShell key={route.eventId} eventId={route.eventId} screen={route.screen} />;
    case 'dashboard':
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
          <StaffFooter />
        </>
      );
    case 'organization':
      return (
        <main className="page" id="main">
          <OrganizationScreen slug={route.slug} />
        </main>
      );
    case 'not-found':
      return (
        <main className="page" id="main">
          <NotFoundScreen />
        </main>
      );
  }
}

/** Under the start page (which staff use to set a kiosk up): the way to the dashboard, first-run setup included. */
function StaffFooter() {
  return (
    <footer className="page page-footer">
      <a href={paths.dashboard({ name: 'home' })} onClick={followLink}>
        {t.start.dashboard}
      </a>
    </footer>
  );
}
