import { Suspense, useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { BackIcon } from '../../shared/components/Icons.tsx';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { t, useLanguage } from '../../shared/i18n/index.ts';
import { followLink, navigate, paths, type KioskScreen } from '../../shared/router.ts';
import { kioskApi } from '../api.ts';
import { HomeScreen } from '../home/HomeScreen.tsx';
import { LanguageSwitch } from '../home/LanguageSwitch.tsx';
import { OnScreenKeyboard } from '../keyboard/OnScreenKeyboard.tsx';
import { resetKioskLanguage } from './language.ts';
import { LATER_SCREENS } from './later-screens.ts';
import { KioskSessionContext, type KioskSession, type Prefill } from './session.ts';
import { settings } from './settings.ts';
import { StillThere } from './StillThere.tsx';
import { useIdleReset } from './useIdleReset.ts';
import { lazyWithPreload } from '../../shared/lazy.ts';

const SCREENS = { home: HomeScreen, ...LATER_SCREENS };

/** A door's screen is its own script: the kiosks of the main entrance never load it. */
const DoorScreen = lazyWithPreload(() =>
  import('../door/DoorScreen.tsx').then((m) => ({ default: m.DoorScreen })),
);

/** How often a kiosk that could not load its event tries again by itself (the hub back, the network back). */
const RETRY_MS = 3_000;

/**
 * The event's accent as the kiosk's brand colour: buttons, tiles and focus rings. The server has checked that white
 * text reads on it; the outcome screens keep their own colours (green, purple, amber, red), which carry meaning.
 */
function accentStyle(accent: string | null): CSSProperties | undefined {
  if (!accent) return undefined;
  return {
    '--brand': accent,
    '--brand-dark': `color-mix(in srgb, ${accent} 70%, black)`,
    '--focus': `color-mix(in srgb, ${accent} 70%, black)`,
  } as CSSProperties;
}

/** A form on the screen with something typed or chosen in it: what an idle reset would throw away. */
function hasHalfFilledForm(): boolean {
  const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    '.kiosk-main form input, .kiosk-main form select, .kiosk-main form textarea',
  );
  return [...fields].some((field) =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
      ? field.checked
      : field.value.trim() !== '',
  );
}

/**
 * `/kiosk/{event}/...`: one event's kiosk. Holds the visit in progress and forgets it all at once — on Back, on
 * Done, when a result screen times out and after the idle timeout — by remounting every screen under a new key.
 * A visit that ends (Done, a result's timeout, the idle reset) also puts the kiosk back in its default language;
 * Back keeps the language the person picked. With `door` (a check-in list's id) the kiosk is that door's, and its
 * home is the door's screen.
 */
export function KioskShell({
  eventId,
  screen,
  door,
}: {
  eventId: string;
  screen: KioskScreen;
  door?: string | undefined;
}) {
  const [visit, setVisit] = useState(0);
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  const [attempt, setAttempt] = useState(0);
  const atHome = screen === 'home';
  // The event's state (registration open, check-in allowed) changes over a day: read it again at every return home.
  const load = useLoad((signal) => kioskApi.event(eventId, signal), [eventId, visit, attempt]);

  // Nobody may be there to press "Try again": a kiosk on an error page comes back by itself once the server does.
  // An event that is not available (404) stays so until staff change it.
  const retrying = load.status === 'failed' && load.error.status !== 404;
  useEffect(() => {
    if (!retrying) return;
    const timer = window.setTimeout(() => setAttempt((a) => a + 1), RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [retrying, attempt]);

  const language = useLanguage();

  const goHome = useCallback(() => {
    setPrefill(null);
    setVisit((v) => v + 1);
    navigate(door ? paths.door(eventId, door) : paths.kiosk(eventId), { replace: true });
  }, [eventId, door]);
  const finish = useCallback(() => {
    resetKioskLanguage();
    goHome();
  }, [goHome]);
  // Only while a screen is up: the problem page holds nothing of anyone to forget, and a kiosk that comes back
  // after a long outage must come back to the screen it was on (its route), not be sent home meanwhile.
  const stillThere = useIdleReset(load.status === 'ready' ? settings.idleMs : null, finish, {
    warnMs: settings.stillThereMs,
    worthWarning: hasHalfFilledForm,
  });

  const session = useMemo<KioskSession | null>(
    () =>
      load.status === 'ready'
        ? {
            event: load.data,
            prefill,
            finish,
            go(next, carried) {
              setPrefill(carried ?? null);
              navigate(paths.kiosk(eventId, next));
            },
          }
        : null,
    [load, prefill, finish, eventId],
  );

  if (!session) {
    return (
      <main className="page" id="main">
        {load.status === 'failed' ? (
          load.error.status === 404 ? (
            <Problem message={t.home.eventUnavailable}>
              <a className="button button--secondary" href={paths.start()} onClick={followLink}>
                {t.home.chooseEvent}
              </a>
            </Problem>
          ) : (
            <Problem message={describeFailure(load.error)}>
              <button type="button" className="button" onClick={() => setAttempt((a) => a + 1)}>
                {t.app.tryAgain}
              </button>
            </Problem>
          )
        ) : (
          <Loading />
        )}
      </main>
    );
  }

  const Screen = SCREENS[screen];
  return (
    <KioskSessionContext.Provider value={session}>
      <div className="kiosk" key={visit} style={accentStyle(session.event.accent_color)}>
        <header className="topbar">
          {atHome ? (
            <LanguageSwitch />
          ) : (
            <button type="button" className="button button--ghost" onClick={goHome}>
              <BackIcon size={28} />
              {t.app.back}
            </button>
          )}
          <p className="topbar-title">
            <span className="topbar-org">{session.event.organization.name}</span>
            {!atHome && <span className="topbar-event">{session.event.name}</span>}
          </p>
        </header>
        <main className="kiosk-main" id="main">
          <Suspense fallback={<Loading />}>
            {/* A new language starts the screen afresh: nothing it holds keeps the old words. */}
            {door ? <DoorScreen key={language} listId={door} /> : <Screen key={language} />}
          </Suspense>
        </main>
        {settings.onScreenKeyboard && <OnScreenKeyboard />}
        {stillThere && <StillThere ms={settings.stillThereMs} />}
      </div>
    </KioskSessionContext.Provider>
  );
}
