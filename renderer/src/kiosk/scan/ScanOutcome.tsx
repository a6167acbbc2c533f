import { t } from '../../shared/i18n/index.ts';
import { CheckedIn, PrintBadgeButton } from '../check-in/CheckedIn.tsx';
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
  const { reprint } = state;
  return (
    <ResultPanel
      tone={state.tone}
      title={state.title}
      returnAfterMs={settings.resultMs}
      onDone={finish}
      actions={
        settings.badges &&
        reprint !== undefined && <PrintBadgeButton holder={{ code: reprint }} known={null} />
      }
    >
      <p data-testid="server-message">{state.message}</p>
    </ResultPanel>
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
