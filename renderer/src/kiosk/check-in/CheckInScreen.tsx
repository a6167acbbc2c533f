import { useState } from 'react';
import type { ApiError } from '../../shared/api/client.ts';
import type { RegistrationField } from '../../shared/api/types.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t } from '../../shared/i18n/index.ts';
import type { CheckIn } from '../api.ts';
import { kioskApi } from '../api.ts';
import type { AlertContent } from '../components/Alert.tsx';
import { QuestionScreen } from '../components/QuestionScreen.tsx';
import { ResultPanel, type Tone } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { CheckedIn, PrintBadgeButton } from './CheckedIn.tsx';
import { FindByName } from './FindByName.tsx';

/** The one question of a self check-in, in the language on screen. */
const checkInFields = (): readonly RegistrationField[] => [
  { key: 'email', label: t.checkIn.emailLabel, type: 'email', required: true },
];

type Outcome =
  | { kind: 'checked-in'; checkIn: CheckIn; email: string }
  | {
      kind: 'refused';
      tone: Tone;
      title: string;
      message: string;
      offerRegistration?: string;
      /** The email of someone already checked in, whose badge can be printed again. */
      reprint?: string;
    };

/** Self check-in with the email a person registered with. */
export function CheckInScreen() {
  const { event, prefill, go, finish } = useKioskSession();
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** The email that found nobody, once the person asks to be found by name instead. */
  const [findingAfter, setFindingAfter] = useState<string | null>(null);

  async function checkIn(answers: Record<string, string>) {
    const { email } = answers as { email: string };
    setOutcome({ kind: 'checked-in', checkIn: await kioskApi.checkIn(event.id, email), email });
  }

  function refused(error: ApiError, answers: Record<string, string>) {
    const { email } = answers as { email: string };
    switch (error.status) {
      case 409:
        setOutcome({
          kind: 'refused',
          tone: 'already',
          title: t.checkIn.alreadyTitle,
          message: describeFailure(error),
          reprint: email,
        });
        break;
      case 404:
        setOutcome({
          kind: 'refused',
          tone: 'warning',
          title: t.checkIn.notRegisteredTitle,
          message: describeFailure(error),
          offerRegistration: email,
        });
        break;
      case 403:
        setOutcome({
          kind: 'refused',
          tone: 'error',
          title: t.checkIn.refusedTitle,
          message: describeFailure(error),
        });
        break;
      default:
        setAlert({ tone: 'error', message: describeFailure(error), takeFocus: true });
    }
  }

  if (outcome?.kind === 'checked-in') {
    const { name, checked_in_at: at } = outcome.checkIn.data;
    // The company is known when the person came from the registration form; an email alone does not tell it.
    return (
      <CheckedIn
        name={name}
        at={at}
        company={prefill?.answers.company ?? null}
        holder={{ email: outcome.email }}
      />
    );
  }
  if (findingAfter !== null) return <FindByName email={findingAfter} />;
  if (outcome?.kind === 'refused') {
    const email = outcome.offerRegistration;
    // A typo is the likeliest reason an email finds nobody: finding oneself by name comes before registering,
    // which would make a second registration under the mistyped address.
    return (
      <ResultPanel
        tone={outcome.tone}
        title={outcome.title}
        returnAfterMs={settings.resultMs}
        onDone={finish}
        actions={
          outcome.reprint !== undefined && settings.badges ? (
            <PrintBadgeButton holder={{ email: outcome.reprint }} known={null} />
          ) : (
            email !== undefined && (
              <>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => setFindingAfter(email)}
                >
                  {t.findMe.offer}
                </button>
                {event.is_registration_open && (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => go('register', { answers: { email }, fromProfile: false })}
                  >
                    {t.checkIn.registerNow}
                  </button>
                )}
              </>
            )
          )
        }
      >
        <p data-testid="server-message">{outcome.message}</p>
      </ResultPanel>
    );
  }

  return (
    <QuestionScreen
      words={t.checkIn}
      fields={checkInFields()}
      initial={prefill?.answers}
      alert={alert}
      onAttempt={() => setAlert(null)}
      onAnswer={checkIn}
      onRefused={refused}
    />
  );
}
