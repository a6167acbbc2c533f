import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ErrorBoundary } from './shared/components/ErrorBoundary.tsx';
import { HubBanner } from './kiosk/hub/HubBanner.tsx';
import { t } from './shared/i18n/index.ts';
import './styles.css';

document.documentElement.lang = t.locale;
document.title = t.app.name;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <HubBanner />
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
