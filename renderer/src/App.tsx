import { isDesktopKiosk } from './kiosk/desktop.ts';
import { KioskShell } from './kiosk/shell/KioskShell.tsx';
import { useStaffCorner } from './kiosk/shell/useStaffCorner.ts';
import { OrganizationScreen, StartScreen } from './kiosk/start/StartScreen.tsx';
import { NotFoundPage } from './shared/components/NotFoundPage.tsx';
import { OtherPage } from './shared/components/OtherPage.tsx';
import { t } from './shared/i18n/index.ts';
import { parseRoute, paths, usePathname } from './shared/router.ts';

/** Read once: the preload sets the bridge before the page's first script runs. */
const desktopKiosk = isDesktopKiosk();

export function App() {
  const route = parseRoute(usePathname());
  useStaffCorner();
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
      // Its own page (dashboard.html), so a kiosk never loads its script.
      return <OtherPage />;
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

/**
 * Under the start page (which staff use to set a kiosk up): the way to the dashboard, first-run setup included. Not
 * in the desktop kiosk, whose staff reach the dashboard from the staff screen.
 */
function StaffFooter() {
  return (
    <footer className="page page-footer">
      {/* The dashboard is a page of its own: loaded from the server, not drawn in this one. */}
      <a href={paths.dashboard({ name: 'home' })}>{t.start.dashboard}</a>
    </footer>
  );
}
