// First: the words every module of the dashboard reads.
import './language.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { describeFailure, Loading, Problem } from '../shared/components/Status.tsx';
import { t, useLanguage } from '../shared/i18n/index.ts';
import { navigate, paths, type DashboardPage } from '../shared/router.ts';
import { sessionApi, type Session } from './api/session.ts';
import { DeskPage } from './desk/DeskPage.tsx';
import { ImportPage } from './desk/ImportPage.tsx';
import { LanIntegrationsPage } from './developers/LanIntegrationsPage.tsx';
import { MailSettingsPage } from './mail/MailSettingsPage.tsx';
import { TokensPage } from './developers/TokensPage.tsx';
import { SyncPage } from './sync/SyncPage.tsx';
import { WebhookPage } from './developers/WebhookPage.tsx';
import { WebhooksPage } from './developers/WebhooksPage.tsx';
import { EventEditorPage } from './events/EventEditorPage.tsx';
import { EventsPage } from './events/EventsPage.tsx';
import { PeoplePage } from './people/PeoplePage.tsx';
import { PersonPage } from './people/PersonPage.tsx';
import { Layout } from './shell/Layout.tsx';
import { forgetEarlyAnswers, useEarlyAnswer } from './shell/early-answers.ts';
import { EARLY_GATE, failedGate, findGate, type Gate } from './shell/gate.ts';
import { SessionContext, type SessionContextValue } from './shell/session.tsx';
import { SetupPage } from './shell/SetupPage.tsx';
import { SignInPage } from './shell/SignInPage.tsx';
import { StaffPage } from './shell/StaffPage.tsx';
import './dashboard.css';

/** Pages a staff member (not an owner) may open: the events and their desks. */
const STAFF_PAGES: DashboardPage['name'][] = ['home', 'setup', 'sign-in', 'events', 'desk'];
const FIRST_PAGE: DashboardPage = { name: 'events' };

/**
 * `/dashboard/*`: the staff dashboard. Until a staff account exists it shows first-run setup; signed out, the
 * sign-in (and afterwards the page that was asked for); signed in, the page inside the dashboard's frame.
 */
export default function DashboardApp({ page }: { page: DashboardPage }) {
  // Found as the page's script started, mostly (dashboard/early.ts).
  const early = useEarlyAnswer<Gate>(EARLY_GATE);
  const [gate, setGate] = useState<Gate>(early ?? { status: 'loading' });
  const language = useLanguage();
  // The page asked for before signing in, opened once signed in.
  const wanted = useRef<DashboardPage | null>(null);
  const foundEarly = useRef(early !== null);

  useEffect(() => {
    document.documentElement.classList.add('dashboard-root');
    // The first render is on screen: what comes later asks the server itself.
    forgetEarlyAnswers();
    const controller = new AbortController();
    if (!foundEarly.current) {
      findGate(controller.signal).then(setGate, (error: unknown) => {
        if (!controller.signal.aborted) setGate(failedGate(error));
      });
    }
    return () => {
      controller.abort();
      document.documentElement.classList.remove('dashboard-root');
    };
  }, []);

  // The address follows the gate: /dashboard/setup on first run, /dashboard/sign-in when signed out.
  useEffect(() => {
    if (gate.status === 'needs-setup' && page.name !== 'setup') {
      navigate(paths.dashboard({ name: 'setup' }), { replace: true });
    } else if (gate.status === 'signed-out' && page.name !== 'sign-in') {
      if (page.name !== 'home' && page.name !== 'setup') wanted.current = page;
      navigate(paths.dashboard({ name: 'sign-in' }), { replace: true });
    } else if (
      gate.status === 'signed-in' &&
      (page.name === 'home' || page.name === 'sign-in' || page.name === 'setup')
    ) {
      navigate(paths.dashboard(wanted.current ?? FIRST_PAGE), { replace: true });
      wanted.current = null;
    }
  }, [gate.status, page]);

  const signedIn = useCallback((session: Session) => setGate({ status: 'signed-in', session }), []);
  const expire = useCallback(() => setGate({ status: 'signed-out', notice: 'sessionExpired' }), []);
  const signOut = useCallback(async () => {
    await sessionApi.signOut().catch(() => undefined);
    setGate({ status: 'signed-out', notice: 'signedOut' });
  }, []);

  const session = gate.status === 'signed-in' ? gate.session : null;
  const context = useMemo<SessionContextValue | null>(
    () => session && { session, isOwner: session.staff.role === 'owner', expire, signOut },
    [session, expire, signOut],
  );

  switch (gate.status) {
    case 'loading':
      return <Loading />;
    case 'failed':
      return <Problem message={describeFailure(gate.error)} />;
    case 'needs-setup':
      return (
        <SetupPage
          needsSetupCode={gate.needsSetupCode}
          onDone={signedIn}
          onAlreadyDone={() => setGate({ status: 'signed-out' })}
        />
      );
    case 'signed-out':
      return (
        <SignInPage
          notice={
            gate.notice === 'sessionExpired'
              ? t.dashboard.sessionExpired
              : gate.notice === 'signedOut'
                ? t.dashboard.signIn.signedOut
                : undefined
          }
          onDone={signedIn}
        />
      );
    case 'signed-in':
      return (
        <SessionContext.Provider value={context}>
          <Layout current={page}>
            {context!.isOwner || STAFF_PAGES.includes(page.name) ? (
              // A new language starts the page afresh: nothing it holds keeps the old words.
              <PageBody key={language} page={page} />
            ) : (
              <Problem message={t.dashboard.ownersOnly} />
            )}
          </Layout>
        </SessionContext.Provider>
      );
  }
}

function PageBody({ page }: { page: DashboardPage }) {
  switch (page.name) {
    case 'home':
    case 'setup':
    case 'sign-in':
      // On the way to the first page (see the effect above).
      return <Loading />;
    case 'events':
      return <EventsPage />;
    case 'event-new':
      return <EventEditorPage />;
    case 'event':
      return <EventEditorPage key={page.eventId} eventId={page.eventId} />;
    case 'desk':
      return <DeskPage key={page.eventId} eventId={page.eventId} />;
    case 'import':
      return <ImportPage key={page.eventId} eventId={page.eventId} />;
    case 'people':
      return <PeoplePage />;
    case 'person-new':
      return <PersonPage />;
    case 'person':
      return <PersonPage key={page.userId} userId={page.userId} />;
    case 'staff':
      return <StaffPage />;
    case 'sync':
      return <SyncPage />;
    case 'mail':
      return <MailSettingsPage />;
    case 'tokens':
      return <TokensPage />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'webhook':
      return <WebhookPage key={page.webhookId} webhookId={page.webhookId} />;
    case 'lan-integrations':
      return <LanIntegrationsPage />;
  }
}
