import { useId, useState, type FormEvent } from 'react';
import { BADGE_LAYOUTS } from '../../shared/api/vocabulary.ts';
import type { RegistrationField } from '../../shared/api/types.ts';
import { badgeFor, type BadgeLayout } from '../../shared/badge/badge.ts';
import { BadgePreview } from '../../shared/badge/BadgePreview.tsx';
import { describeFailure, Loading } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { deskApi } from '../api/desk.ts';
import { Notice } from '../shell/controls.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';

const words = wordsOf(() => t.dashboard.events.badges);

/** A made-up attendee for the preview, answering the ticket field with its first option. */
function sampleAttendee(fields: readonly RegistrationField[]) {
  const answers: Record<string, string> = { company: words.sampleCompany };
  for (const field of fields) {
    const first = field.options?.[0];
    if (field.type === 'select' && first) answers[field.key] = first.value;
  }
  return { name: words.sampleName, answers, checkin_code: 'Sample0Code0Badge' };
}

/**
 * The event's badge layout, with a preview of each as it prints. Saved on its own (the badge is a dashboard
 * setting, not part of the event the interface shows), so it has its own button.
 */
export function BadgeSection({
  eventId,
  eventName,
  fields,
  logoUrl,
}: {
  eventId: string;
  eventName: string;
  fields: readonly RegistrationField[];
  /** The event's logo, as the brand section above has it. */
  logoUrl: string | null;
}) {
  const load = useDashboardLoad((signal) => deskApi.badgeSettings(eventId, signal), [eventId]);
  return (
    <section className="dsection event-badges" aria-labelledby="event-badges">
      <h2 id="event-badges">{words.heading}</h2>
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Notice tone="error">{describeFailure(load.error)}</Notice>}
      {load.status === 'ready' && (
        <BadgeForm
          eventId={eventId}
          eventName={eventName}
          fields={fields}
          saved={load.data.layout}
          logoUrl={logoUrl}
        />
      )}
    </section>
  );
}

function BadgeForm({
  eventId,
  eventName,
  fields,
  saved: loaded,
  logoUrl,
}: {
  eventId: string;
  eventName: string;
  fields: readonly RegistrationField[];
  saved: BadgeLayout;
  logoUrl: string | null;
}) {
  const id = useId();
  const [saved, setSaved] = useState(loaded);
  const [layout, setLayout] = useState(loaded);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const isApiError = useExpireOn401();

  const save = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const settings = await deskApi.setBadgeSettings(eventId, { layout });
      setSaved(settings.layout);
      setOutcome({ tone: 'success', text: words.saved(words.names[settings.layout]) });
    } catch (error) {
      if (isApiError(error)) setOutcome({ tone: 'error', text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="event-badge-form" noValidate onSubmit={(e) => void save(e)} aria-label={words.heading}>
      <fieldset className="dfieldset">
        <legend>{words.layout}</legend>
        {BADGE_LAYOUTS.map((option) => (
          <div className="dcheck" key={option}>
            <input
              id={`${id}-${option}`}
              type="radio"
              name={`${id}-layout`}
              value={option}
              checked={layout === option}
              onChange={() => {
                setOutcome(null);
                setLayout(option);
              }}
            />
            <label htmlFor={`${id}-${option}`}>{words.layouts[option]}</label>
          </div>
        ))}
      </fieldset>
      <BadgePreview
        badge={badgeFor(
          { name: eventName, registration_fields: fields },
          layout,
          sampleAttendee(fields),
          logoUrl,
        )}
        label={words.preview(words.names[layout])}
      />
      <div className="dactions">
        <button type="submit" className="dbutton" aria-disabled={busy || undefined}>
          {words.save}
        </button>
        {layout !== saved && <span className="muted">{words.unsaved}</span>}
      </div>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </form>
  );
}
