import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../shared/components/ErrorBoundary.tsx';
import { Problem } from '../shared/components/Status.tsx';
import { activateLanguage, t, useLanguage } from '../shared/i18n/index.ts';
import { usePathname } from '../shared/router.ts';
import { loadEventEarly } from './api.ts';
import { EventPage } from './event/EventPage.tsx';
import { pageLanguage } from './language.ts';
import { PageFrame } from './PageFrame.tsx';
import { parsePublicRoute } from './routes.ts';
import { TicketPage } from './ticket/TicketPage.tsx';
import './public.css';

/**
 * The public pages' own entry (public.html): an event's page and a ticket's, for people on their own phones. It
 * loads none of the kiosk's or the dashboard's code (a lint fence keeps it so), only what they share.
 */
activateLanguage(pageLanguage(window.location.search, navigator.languages));
{
  const route = parsePublicRoute(window.location.pathname);
  if (route.name === 'event') await loadEventEarly(route.eventId);
}

function PublicPages() {
  // Every page reads the words of the language on screen while rendering: a new language renders them all again,
  // keeping what a person has typed so far.
  useLanguage();
  const route = parsePublicRoute(usePathname());
  switch (route.name) {
    case 'event':
      return <EventPage key={route.eventId} eventId={route.eventId} />;
    case 'ticket':
      return <TicketPage key={route.secret} secret={route.secret} />;
    case 'not-found':
      return (
        <PageFrame>
          <Problem message={t.app.pageNotFound} />
        </PageFrame>
      );
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <PublicPages />
    </ErrorBoundary>
  </StrictMode>,
);
