import { t } from '../i18n/index.ts';
import { followLink, paths } from '../router.ts';
import { Problem } from './Status.tsx';

/** An address no page answers, in the kiosk's page and the dashboard's alike: the way back is the start page. */
export function NotFoundPage() {
  return (
    <main className="page" id="main">
      <Problem message={t.app.pageNotFound}>
        <a className="button button--secondary" href={paths.start()} onClick={followLink}>
          {t.app.goToStart}
        </a>
      </Problem>
    </main>
  );
}
