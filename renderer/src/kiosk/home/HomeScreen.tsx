import { useEffect, type ComponentType } from 'react';
import { CheckInIcon, RegisterIcon, ScanIcon } from '../../shared/components/Icons.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { format, t } from '../../shared/i18n/index.ts';
import { whenIdle } from '../../shared/lazy.ts';
import { followLink, paths, type KioskScreen } from '../../shared/router.ts';
import { useHandedOffScan } from '../scan/hand-off.ts';
import { ScanStatus } from '../scan/ScanOutcome.tsx';
import { ScanStation, useScanStation } from '../scan/ScanStation.tsx';
import type { ScanState } from '../scan/useCodeCheckIn.ts';
import { isCameraShown } from '../scan/useQrCamera.ts';
import { preloadLaterScreens } from '../shell/later-screens.ts';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';

interface Action {
  screen: Exclude<KioskScreen, 'home'>;
  label: string;
  hint: string;
  Icon: ComponentType<{ size?: number }>;
}

/**
 * The kiosk's home: the event, and a large button for each thing a person can do right now. It reads codes all
 * along: a keyboard-wedge scanner, and the camera when the kiosk has one (`?camera=` in its URL), whose viewfinder
 * is on the home itself, so holding a code up is the whole visit. Each code checks its person in, its result
 * replacing the last one at once.
 */
export function HomeScreen() {
  const station = useScanStation(settings.homeCamera);
  useHandedOffScan(station.scanned);
  // The home is up: fetch the other screens now, so a tap on a button never waits for them.
  useEffect(() => whenIdle(preloadLaterScreens), []);
  const camera = isCameraShown(station.camera);
  return (
    <ScanStation
      station={station}
      className={camera ? 'home home--camera' : 'home'}
      before={<HomeHeading />}
      after={<HomeActions scan={station.state} camera={camera} />}
      caption={t.scan.viewfinder}
    />
  );
}

function HomeHeading() {
  const { event } = useKioskSession();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="home-head">
      {/* The event's name follows as the heading: the logo adds nothing a screen reader should read twice. */}
      {event.logo_url && <img className="home-logo" src={event.logo_url} alt="" data-testid="event-logo" />}
      <h1 ref={heading} tabIndex={-1} className="home-title">
        {event.name}
      </h1>
      {event.description && <p className="lead">{event.description}</p>}
    </div>
  );
}

/** What a person can do here; "Scan my code" only where the home has no camera of its own. */
function HomeActions({ scan, camera }: { scan: ScanState; camera: boolean }) {
  const { event } = useKioskSession();

  const actions: Action[] = [];
  if (event.is_registration_open) {
    actions.push({
      screen: 'register',
      label: t.home.register,
      hint: t.home.registerHint,
      Icon: RegisterIcon,
    });
  }
  const selfCheckIn = event.allow_self_checkin;
  if (event.is_checkin_allowed && selfCheckIn) {
    actions.push({ screen: 'check-in', label: t.home.checkIn, hint: t.home.checkInHint, Icon: CheckInIcon });
  }
  if (!camera) actions.push({ screen: 'scan', label: t.home.scan, hint: t.home.scanHint, Icon: ScanIcon });

  const now = new Date();
  const when = (iso: string) => format.moment(iso, event.timezone, now);
  // Check-in that opens later keeps its place, saying when, so nobody walks off thinking there is none.
  const checkInOpens = selfCheckIn && !event.is_checkin_allowed && event.checkin_opens_at;
  let registrationNotice: string | null = null;
  if (!event.is_registration_open) {
    registrationNotice = event.registration_opens_at
      ? t.home.registrationOpens(when(event.registration_opens_at))
      : t.home.registrationClosed;
  }

  return (
    <div className="home-rest">
      <section
        className="scan-result home-scan"
        aria-live="polite"
        aria-busy={scan.kind === 'looking'}
        aria-label={t.home.scanned}
      >
        <ScanStatus state={scan} />
      </section>
      <nav aria-label={t.home.actions}>
        <ul className="tiles">
          {actions.map(({ screen, label, hint, Icon }) => (
            <li key={screen}>
              <a
                className={`tile tile--${screen}`}
                href={paths.kiosk(event.id, screen)}
                onClick={followLink}
                aria-labelledby={`label-${screen}`}
                aria-describedby={`hint-${screen}`}
              >
                <Icon size={56} />
                <span className="tile-label" id={`label-${screen}`}>
                  {label}
                </span>
                <span className="tile-hint" id={`hint-${screen}`}>
                  {hint}
                </span>
              </a>
            </li>
          ))}
          {checkInOpens && (
            <li>
              <p className="tile tile--later" data-testid="check-in-opens">
                <CheckInIcon size={56} />
                <span className="tile-label">{t.home.checkIn}</span>
                <span className="tile-hint">{t.home.checkInOpens(when(checkInOpens))}</span>
              </p>
            </li>
          )}
        </ul>
      </nav>
      {registrationNotice && (
        <p className="notice" data-testid="registration-notice">
          {registrationNotice}
        </p>
      )}
      {!event.allow_self_checkin && (
        <p className="notice" data-testid="staff-check-in">
          {t.home.staffCheckIn}
        </p>
      )}
    </div>
  );
}
