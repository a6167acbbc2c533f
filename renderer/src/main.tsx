import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ErrorBoundary } from './shared/components/ErrorBoundary.tsx';
import { HubBanner } from './kiosk/hub/HubBanner.tsx';
import { kioskLanguage } from './kiosk/shell/language.ts';
import { activateLanguage, t, useLanguage } from './shared/i18n/index.ts';
import { sendWith } from './shared/api/client.ts';
import { keepVenueListed, venueFetch } from './shared/venue/venue.ts';
import './styles.css';

// The kiosk and its start page speak the kiosk's language; the staff dashboard is a page of its own
// (dashboard-main.tsx), in its staff's.
activateLanguage(kioskLanguage());
document.title = t.app.name;
// The venue's other servers, for carrying on through one when this one stops.
sendWith(venueFetch);
keepVenueListed();

/** Every screen reads the words of the language on screen while rendering: a new language renders them all again. */
function Page() {
  useLanguage();
  return (
    <ErrorBoundary>
      <HubBanner />
      <App />
    </ErrorBoundary>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
