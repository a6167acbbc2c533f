import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, navigate, paths } from '../../shared/router.ts';
import { eventsApi, type DashboardEvent } from '../api/events.ts';
import { Notice, useSubmit } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { CheckInListsSection } from '../lists/CheckInListsSection.tsx';
import { MailLimitsSection } from '../mail/MailLimitsSection.tsx';
import { BadgeSection } from './BadgeSection.tsx';
import { BrandSection } from './BrandSection.tsx';
import { CheckInPeriodSection } from './CheckInPeriodSection.tsx';
import { EventDetailsSection } from './EventDetailsSection.tsx';
import {
  applyDraftChange,
  eventDraft,
  eventSettings,
  fieldErrorsByRow,
  newEventDraft,
  type EventDraft,
} from './event-draft.ts';
import { EventPageLink } from './EventPageLink.tsx';
import { KioskLink } from './KioskLink.tsx';
import { KioskPreview } from './KioskPreview.tsx';
import { RegistrationFieldsEditor } from './RegistrationFieldsEditor.tsx';
import { PublishPanel, RegistrationSection } from './RegistrationSection.tsx';
import './events.css';

const words = wordsOf(() => t.dashboard.events);

/**
 * What to say on the page a new event lands on: creating one moves to its own address, which mounts a new
 * editor (DashboardApp keys the page by event), so the notice waits here for it.
 */
let noticeForNextEditor: string | null = null;

/** `/dashboard/events/new` and `/dashboard/events/{id}`, owners only: every setting, with a kiosk preview. */
export function EventEditorPage({ eventId }: { eventId?: string }) {
  if (!eventId) return <EventEditor event={null} />;
  return <ExistingEvent eventId={eventId} />;
}

function ExistingEvent({ eventId }: { eventId: string }) {
  const load = useDashboardLoad((signal) => eventsApi.get(eventId, signal), [eventId]);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <Problem message={describeFailure(load.error)} />;
  return <EventEditor event={load.data} />;
}

function EventEditor({ event: loaded }: { event: DashboardEvent | null }) {
  const [event, setEvent] = useState(loaded);
  const [draft, setDraft] = useState<EventDraft>(() => (loaded ? eventDraft(loaded) : newEventDraft()));
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(eventSettings(draft)));
  const [notice, setNotice] = useState<string | null>(() => noticeForNextEditor);
  useEffect(() => {
    noticeForNextEditor = null;
  }, []);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState(0);
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const submit = useSubmit();
  const isApiError = useExpireOn401();

  const settings = useMemo(() => eventSettings(draft), [draft]);
  const dirty = JSON.stringify(settings) !== savedJson;
  useWarnBeforeLeaving(dirty);

  // After a refusal the cursor goes to the first problem, wherever on the long form it is.
  useEffect(() => {
    if (refusals === 0) return;
    document
      .querySelector<HTMLElement>('.event-editor [aria-invalid="true"], .event-editor .event-fields-error')
      ?.focus();
  }, [refusals]);

  const change = (patch: Partial<EventDraft>) => {
    setNotice(null);
    setDraft((current) => applyDraftChange(current, patch));
  };

  const save = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (submit.busy) return;
    setNotice(null);
    const sent = draft.fields;
    setRowErrors({});
    const saved = await submit.run(
      () => (event ? eventsApi.update(event.id, settings) : eventsApi.create(settings)),
      (error) => {
        if (!isApiError(error)) return false;
        setRowErrors(fieldErrorsByRow(error.fieldErrors, sent));
        setRefusals((n) => n + 1);
        return true;
      },
    );
    if (!saved) return;
    if (!event) {
      noticeForNextEditor = words.editor.created(saved.name);
      // Saved, so nothing is lost by leaving.
      setSavedJson(JSON.stringify(settings));
      navigate(paths.dashboard({ name: 'event', eventId: saved.id }), { replace: true });
      return;
    }
    const next = eventDraft(saved);
    setEvent(saved);
    setDraft(next);
    setSavedJson(JSON.stringify(eventSettings(next)));
    setNotice(words.editor.saved(saved.name));
  };

  const failure = submit.failure === t.dashboard.fixProblems ? words.editor.fixProblems : submit.failure;

  return (
    <>
      <PageHeader
        title={event ? words.editor.editTitle(event.name) : words.editor.newTitle}
        intro={words.editor.intro}
        actions={
          event && (
            <>
              <a
                className="dbutton"
                href={paths.dashboard({ name: 'desk', eventId: event.id })}
                onClick={followLink}
              >
                {words.editor.desk}
              </a>
              <a className="dbutton" href={paths.kiosk(event.id)} onClick={followLink}>
                {words.editor.openKiosk}
              </a>
            </>
          )
        }
      />
      <div className="event-editor">
        <div className="event-editor-main">
          <section className="event-kiosk-link" aria-labelledby="event-page-link">
            <h2 id="event-page-link">{words.eventPage.heading}</h2>
            {event ? <EventPageLink event={event} /> : <p className="muted">{words.eventPage.afterSave}</p>}
          </section>
          <section className="event-kiosk-link" aria-labelledby="event-kiosk-link">
            <h2 id="event-kiosk-link">{words.kioskLink.heading}</h2>
            {event ? <KioskLink event={event} /> : <p className="muted">{words.kioskLink.afterSave}</p>}
          </section>
          <form noValidate onSubmit={(e) => void save(e)} aria-label={words.editor.formLabel}>
            <PublishPanel draft={draft} change={change} error={submit.error} />
            <EventDetailsSection draft={draft} change={change} error={submit.error} />
            <RegistrationSection draft={draft} change={change} error={submit.error} />
            <CheckInPeriodSection draft={draft} change={change} error={submit.error} />
            <RegistrationFieldsEditor
              fields={draft.fields}
              onChange={(fields) => change({ fields })}
              rowError={(key) => rowErrors[key]}
              listError={submit.error('registration_fields')}
            />
            <div className="event-savebar">
              <button
                type="submit"
                className="dbutton dbutton--primary"
                aria-disabled={submit.busy || undefined}
              >
                {submit.busy ? t.dashboard.saving : event ? words.editor.save : words.editor.create}
              </button>
              {dirty && !submit.busy && <span className="muted">{words.editor.unsaved}</span>}
              <div className="event-savebar-notice">
                {notice && !failure && <Notice tone="success">{notice}</Notice>}
                {failure && <Notice tone="error">{failure}</Notice>}
              </div>
            </div>
          </form>
          {event && (
            <>
              <CheckInListsSection
                eventId={event.id}
                timeZone={event.timezone}
                fields={event.registration_fields}
              />
              <BrandSection eventId={event.id} onBrand={(brand) => setLogoUrl(brand.logo_url)} />
              <BadgeSection
                eventId={event.id}
                eventName={event.name}
                fields={event.registration_fields}
                logoUrl={logoUrl}
              />
              <MailLimitsSection eventId={event.id} />
            </>
          )}
        </div>
        <div className="event-editor-preview">
          <KioskPreview eventName={draft.name} fields={draft.fields} />
        </div>
      </div>
    </>
  );
}

/** Closing or reloading the tab with unsaved changes asks first (the browser's own question). */
function useWarnBeforeLeaving(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
