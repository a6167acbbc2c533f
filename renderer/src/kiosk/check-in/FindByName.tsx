import { useState, type ReactNode } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import type { RegistrationField } from '../../shared/api/types.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t } from '../../shared/i18n/index.ts';
import { kioskApi, type FoundCheckIn, type NameMatch } from '../api.ts';
import { Alert, type AlertContent } from '../components/Alert.tsx';
import { QuestionScreen } from '../components/QuestionScreen.tsx';
import { ResultPanel, type Tone } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { CheckedIn } from './CheckedIn.tsx';

/** The one question of a search by name, in the language on screen. */
const searchFields = (): readonly RegistrationField[] => [
  { key: 'name', label: t.findMe.nameLabel, type: 'text', required: true },
];

type Step =
  | { kind: 'search' }
  | { kind: 'matches'; matches: NameMatch[]; tooMany: boolean }
  | { kind: 'confirm'; match: NameMatch }
  | { kind: 'checked-in'; checkIn: FoundCheckIn }
  | { kind: 'refused'; tone: Tone; title: string; message: string };

/**
 * A second way to find oneself after an email found nobody (a typo, most often): a last name, a few masked
 * matches, and the match confirmed by choosing how one's email address ends (the server's rules:
 * server/attendees/find-by-name.rules.ts). Checking in then answers as any self check-in does. `email` is what
 * was typed before, offered to registration if nobody here is the person ('' when none was: after a scanned code).
 */
export function FindByName({ email }: { email: string }) {
  const { event, go, finish } = useKioskSession();
  const [step, setStep] = useState<Step>({ kind: 'search' });
  const [alert, setAlert] = useState<AlertContent | null>(null);

  const refused = (error: ApiError): Step => {
    switch (error.status) {
      case 409:
        return {
          kind: 'refused',
          tone: 'already',
          title: t.checkIn.alreadyTitle,
          message: describeFailure(error),
        };
      case 404:
        return {
          kind: 'refused',
          tone: 'warning',
          title: t.findMe.expiredTitle,
          message: describeFailure(error),
        };
      default:
        return {
          kind: 'refused',
          tone: 'error',
          title: t.checkIn.refusedTitle,
          message: describeFailure(error),
        };
    }
  };

  async function search(answers: Record<string, string>) {
    const { name } = answers as { name: string };
    const found = await kioskApi.findByName(event.id, name);
    setAlert(null);
    setStep({ kind: 'matches', matches: found.matches, tooMany: found.too_many });
  }

  const registerNow = event.is_registration_open && (
    <button
      type="button"
      className="button button--secondary"
      onClick={() =>
        email === ''
          ? go('register')
          : go('register', { answers: { email }, fromProfile: false, checkEmail: true })
      }
    >
      {t.checkIn.registerNow}
    </button>
  );
  const searchAgain = (
    <button type="button" className="button button--secondary" onClick={() => setStep({ kind: 'search' })}>
      {t.findMe.searchAgain}
    </button>
  );

  switch (step.kind) {
    case 'search':
      return (
        <QuestionScreen
          words={t.findMe}
          fields={searchFields()}
          alert={alert}
          onAnswer={search}
          onRefused={(error) => {
            // A refusal of the event (check-in closed meanwhile) ends the visit like any refused check-in; a limit
            // or a network failure leaves the search to try again.
            if (error.status === 403 || error.status === 404) setStep(refused(error));
            else setAlert({ tone: 'error', message: describeFailure(error), takeFocus: true });
          }}
        />
      );
    case 'matches':
      return (
        <MatchList
          matches={step.matches}
          tooMany={step.tooMany}
          onChoose={(match) => setStep({ kind: 'confirm', match })}
          actions={
            <>
              {searchAgain}
              {registerNow}
            </>
          }
        />
      );
    case 'confirm':
      return (
        <DomainChoice
          match={step.match}
          onCheckedIn={(checkIn) => setStep({ kind: 'checked-in', checkIn })}
          onRefused={(error) => setStep(refused(error))}
          actions={searchAgain}
        />
      );
    case 'checked-in': {
      const { name, company, checked_in_at: at } = step.checkIn.data;
      // Found by name, the person showed no email or code to ask for the server's badge by: the screen draws it.
      return <CheckedIn name={name} at={at} company={company} holder={null} />;
    }
    case 'refused':
      return (
        <ResultPanel
          tone={step.tone}
          title={step.title}
          returnAfterMs={settings.resultMs}
          onDone={finish}
          actions={step.tone === 'warning' && searchAgain}
        >
          <p data-testid="server-message">{step.message}</p>
        </ResultPanel>
      );
  }
}

function MatchList({
  matches,
  tooMany,
  onChoose,
  actions,
}: {
  matches: NameMatch[];
  tooMany: boolean;
  onChoose: (match: NameMatch) => void;
  actions: ReactNode;
}) {
  const { finish } = useKioskSession();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const title =
    matches.length > 0 ? t.findMe.matchesTitle : tooMany ? t.findMe.tooManyTitle : t.findMe.noneTitle;
  return (
    <div className="form-screen">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {matches.length > 0 ? (
        <>
          <p className="lead">{t.findMe.matchesIntro}</p>
          <ul className="event-list" data-testid="name-matches">
            {matches.map((match, index) => (
              <li key={match.handle ?? `staff-${index}`}>
                <button type="button" className="event-card match-card" onClick={() => onChoose(match)}>
                  <span className="event-card-name">{match.name}</span>
                  <span className="event-card-details">{t.findMe.matchEmail(match.email)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="lead" data-testid="find-none">
          {tooMany ? t.findMe.tooMany : t.findMe.none}
        </p>
      )}
      <div className="actions">
        {actions}
        {matches.length > 0 ? (
          <button type="button" className="button button--ghost" onClick={finish}>
            {t.findMe.notMe}
          </button>
        ) : (
          <button type="button" className="button button--ghost" onClick={finish}>
            {t.app.done}
          </button>
        )}
      </div>
    </div>
  );
}

function DomainChoice({
  match,
  onCheckedIn,
  onRefused,
  actions,
}: {
  match: NameMatch;
  onCheckedIn: (checkIn: FoundCheckIn) => void;
  onRefused: (error: ApiError) => void;
  actions: ReactNode;
}) {
  const { event } = useKioskSession();
  const [submitting, setSubmitting] = useState(false);
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  async function choose(handle: string, domain: string) {
    if (submitting) return;
    setSubmitting(true);
    setAlert(null);
    try {
      onCheckedIn(await kioskApi.checkInFound(event.id, handle, domain));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A limit or a network failure keeps the choice open; the server's answers about the person end here.
      if (error.isNetworkFailure || error.status === 429 || error.status >= 500) {
        setAlert({ tone: 'error', message: describeFailure(error), takeFocus: true });
      } else onRefused(error);
    } finally {
      setSubmitting(false);
    }
  }

  // A registration whose email domain has too few others of its kind to hide among is confirmed by staff only.
  const { handle } = match;
  if (handle === null) {
    return (
      <div className="form-screen">
        <h1 ref={heading} tabIndex={-1}>
          {t.findMe.confirmTitle}
        </h1>
        <p className="lead" data-testid="find-staff-only">
          {t.findMe.staffOnly(match.name)}
        </p>
        <div className="actions">{actions}</div>
      </div>
    );
  }

  return (
    <div className="form-screen">
      <h1 ref={heading} tabIndex={-1}>
        {t.findMe.confirmTitle}
      </h1>
      <p className="lead">{t.findMe.confirmIntro(match.name)}</p>
      {alert && <Alert {...alert} />}
      <div role="group" aria-label={t.findMe.domainChoices} className="domain-choices">
        {match.domains.map((domain) => (
          <button
            key={domain}
            type="button"
            className="button button--primary"
            aria-disabled={submitting}
            onClick={() => void choose(handle, domain)}
          >
            {t.findMe.domain(domain)}
          </button>
        ))}
      </div>
      {submitting && <p role="status">{t.findMe.confirming}</p>}
      <div className="actions">{actions}</div>
    </div>
  );
}
