import { t } from '../../shared/i18n/index.ts';
import { CheckedIn } from '../check-in/CheckedIn.tsx';
import type { PublicProfile } from '../api.ts';
import { Alert } from '../components/Alert.tsx';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { useCountdown } from '../components/useCountdown.ts';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { answersFromProfile } from './profile-code.ts';
import { ProfileCard } from './ProfileCard.tsx';
import type { FinalScan, ScanState } from './useCodeCheckIn.ts';

/** The end of a visit by scanned code: checked in, or why not, until the next code or the timeout. */
export function ScanResult({ state }: { state: FinalScan }) {
  const { finish } = useKioskSession();
  if (state.kind === 'checked-in') {
    const { name, company, checked_in_at: at } = state.checkIn;
    return <CheckedIn name={name} at={at} company={company} holder={{ code: state.code }} />;
  }
  return (
    <ResultPanel
      tone={state.tone}
      title={state.title}
      // The other ways in take reading and a choice: as long as a form is left open; the next code ends it anyway.
      returnAfterMs={state.otherWays ? Math.max(settings.idleMs, settings.resultMs) : settings.resultMs}
      onDone={finish}
      actions={state.otherWays && <OtherWaysIn />}
    >
      <p data-testid="server-message">{state.message}</p>
      {state.note && <p data-testid="result-note">{state.note}</p>}
    </ResultPanel>
  );
}

/** A code the event does not know: the person may be registered all the same, and checks in by email or name. */
function OtherWaysIn() {
  const { go } = useKioskSession();
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => go('check-in')}>
        {t.scan.checkInWithEmail}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => go('check-in', { answers: {}, fromProfile: false, findByName: true })}
      >
        {t.findMe.offer}
      </button>
    </>
  );
}

/** What a scan left on the screen: the lookup under way, a profile to register with, or a problem to scan past. */
export function ScanStatus({ state }: { state: ScanState }) {
  switch (state.kind) {
    case 'looking':
      return <p className="loading">{t.scan.looking}</p>;
    case 'profile':
      return <ProfileOffer profile={state.profile} />;
    case 'refused':
      return <Alert tone={state.tone} title={state.title} message={state.message} announce={false} />;
    default:
      return null;
  }
}

/**
 * A scanned profile (email, employer) and the offer to register with it. It goes with the result timer, like every
 * result: the next person in the queue must not read it while the idle reset is still far off.
 */
function ProfileOffer({ profile }: { profile: PublicProfile }) {
  const { event, go, finish } = useKioskSession();
  const secondsLeft = useCountdown(settings.resultMs, finish);
  return (
    <>
      <ProfileCard profile={profile} />
      {event.is_registration_open && (
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            go('register', {
              answers: answersFromProfile(event.registration_fields, profile),
              fromProfile: true,
            })
          }
        >
          {t.scan.registerWithProfile}
        </button>
      )}
      <p className="countdown" data-testid="profile-countdown">
        {t.app.returningIn(secondsLeft)}
      </p>
    </>
  );
}
