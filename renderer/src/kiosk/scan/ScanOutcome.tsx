import { t } from '../../shared/i18n/index.ts';
import { CheckedIn } from '../check-in/CheckedIn.tsx';
import { Alert } from '../components/Alert.tsx';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { answersFromProfile } from './profile-code.ts';
import { ProfileCard } from './ProfileCard.tsx';
import type { ScanState } from './useCodeCheckIn.ts';

/** The end of a visit by scanned code: checked in, or why not. */
export function ScanResult({ state }: { state: ScanState }) {
  const { finish } = useKioskSession();
  if (state.kind === 'checked-in') {
    const { name, company, checked_in_at: at } = state.checkIn;
    return <CheckedIn name={name} at={at} company={company} />;
  }
  if (state.kind !== 'result') return null;
  return (
    <ResultPanel tone={state.tone} title={state.title} returnAfterMs={settings.resultMs} onDone={finish}>
      <p data-testid="server-message">{state.message}</p>
    </ResultPanel>
  );
}

/** What a scan left on the screen: the lookup under way, a profile to register with, or a problem to scan past. */
export function ScanStatus({ state }: { state: ScanState }) {
  const { event, go } = useKioskSession();
  switch (state.kind) {
    case 'looking':
      return <p className="loading">{t.scan.looking}</p>;
    case 'profile':
      return (
        <>
          <ProfileCard profile={state.profile} />
          {event.is_registration_open && (
            <button
              type="button"
              className="button button--primary"
              onClick={() =>
                go('register', {
                  answers: answersFromProfile(event.registration_fields, state.profile),
                  fromProfile: true,
                })
              }
            >
              {t.scan.registerWithProfile}
            </button>
          )}
        </>
      );
    case 'refused':
      return <Alert tone={state.tone} title={state.title} message={state.message} announce={false} />;
    default:
      return null;
  }
}
