import { parseRoute, usePathname } from './router.ts';
import { KioskShell } from './screens/KioskShell.tsx';
import { NotFoundScreen, OrganizationScreen, StartScreen } from './screens/StartScreen.tsx';

export function App() {
  const route = parseRoute(usePathname());
  switch (route.name) {
    case 'kiosk':
      return <KioskShell key={route.eventId} eventId={route.eventId} screen={route.screen} />;
    case 'start':
      return (
        <main className="page" id="main">
          <StartScreen />
        </main>
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
