import { useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
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
import { NotRegistered } from './NotRegistered.tsx';
import { checkInOpensAt, opensLaterWords } from './opening.ts';

/** The one question of a self check-in, in the language on screen. */
const checkInFields = (): readonly RegistrationField[] => [
  { key: 'email', label: t.checkIn.emailLabel, type: 'email', required: true },
];

type Outcome =
  | { kind: 'checked-in'; checkIn: CheckIn; email: string }
  /** `attempt` counts the addresses tried: each that finds nobody is an answer of its own (sound, focus). */
  | { kind: 'not-registered'; email: string; message: string; attempt: number }
  | {
      kind: 'refused';
      tone: Tone;
      title: string;
      message: string;
      /** The email of someone already checked in, whose badge can be printed again. */
      reprint?: string;
    };

/** Self check-in with the email a person registered with. */
export function CheckInScreen() {
  const { event, prefill, finish } = useKioskSession();
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /**
   * Once the person asks to be found by name instead: the email that found nobody, or '' when they came from a code
   * the event did not know (no email typed).
   */
  const [findingAfter, setFindingAfter] = useState<string | null>(prefill?.findByName ? '' : null);

  async function checkIn(email: string) {
    setOutcome({ kind: 'checked-in', checkIn: await kioskApi.checkIn(event.id, email), email });
  }

  /** The server's answer about this person, as the outcome it is; null for a problem to show on the form. */
  function outcomeOf(error: ApiError, email: string): Outcome | null {
    switch (error.status) {
      case 409:
        return {
          kind: 'refused',
          tone: 'already',
          title: t.checkIn.alreadyTitle,
          message: describeFailure(error),
          reprint: email,
        };
      case 404:
        return {
          kind: 'not-registered',
          email,
          message: describeFailure(error),
          attempt: outcome?.kind === 'not-registered' ? outcome.attempt + 1 : 0,
        };
      case 403: {
        const opensAt = checkInOpensAt(error, event.checkin_opens_at, new Date());
        return opensAt
          ? { kind: 'refused', tone: 'warning', ...opensLaterWords(opensAt, event) }
          : {
              kind: 'refused',
              tone: 'error',
              title: t.checkIn.refusedTitle,
              message: describeFailure(error),
            };
      }
      default:
        return null;
    }
  }

  function refused(error: ApiError, answers: Record<string, string>) {
    const next = outcomeOf(error, answers.email!);
    if (next) setOutcome(next);
    else setAlert({ tone: 'error', message: describeFailure(error), takeFocus: true });
  }

  /** A corrected address tried from the "not registered" screen; other problems stay on that screen. */
  async function checkInAgain(email: string) {
    try {
      await checkIn(email);
    } catch (error) {
      const next = error instanceof ApiError ? outcomeOf(error, email) : null;
      if (!next) throw error;
      setOutcome(next);
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
  if (outcome?.kind === 'not-registered') {
    return (
      <NotRegistered
        key={outcome.attempt}
        email={outcome.email}
        message={outcome.message}
        onCheckIn={checkInAgain}
        onFindByName={setFindingAfter}
      />
    );
  }
  if (outcome?.kind === 'refused') {
    return (
      <ResultPanel
        tone={outcome.tone}
        title={outcome.title}
        returnAfterMs={settings.resultMs}
        onDone={finish}
        actions={
          outcome.reprint !== undefined &&
          settings.badges && <PrintBadgeButton holder={{ email: outcome.reprint }} known={null} />
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
      onAnswer={(answers) => checkIn(answers.email!)}
      onRefused={refused}
    />
  );
}
