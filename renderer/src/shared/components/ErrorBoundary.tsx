import { Component, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { Problem } from './Status.tsx';

/** An unattended kiosk must not sit on a blank page: after a fault it says so, then starts itself again. */
const RESTART_AFTER_MS = 15_000;

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  private restart: number | undefined;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.restart = window.setTimeout(() => window.location.reload(), RESTART_AFTER_MS);
  }

  override componentWillUnmount() {
    window.clearTimeout(this.restart);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page" id="main">
        <Problem message={t.app.somethingWrong}>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t.app.tryAgain}
          </button>
        </Problem>
      </main>
    );
  }
}
