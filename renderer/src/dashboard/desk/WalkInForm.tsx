import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { type ApiError } from '../../shared/api/client.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t, useLanguage, wordsOf } from '../../shared/i18n/index.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import { fieldsInLanguage } from '../../shared/registration-form/localized-fields.ts';
import { focusField, useFieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import { deskApi, type DeskAttendee, type DeskEvent } from '../api/desk.ts';
import { Notice } from '../shell/controls.tsx';
import { useExpireOn401 } from '../shell/session.tsx';

const words = wordsOf(() => t.dashboard.desk.walkIn);

/** What became of a walk-in: the notice says whether they were checked in too. */
type Added = { name: string; checkIn: 'not-asked' | 'done' | { problem: string } };

/**
 * A walk-in, registered by staff with the event's own registration fields (the kiosk's FormField and
 * useFieldsForm: the same controls and hints). The server adds them as confirmed; while check-in is open, "Add and
 * check in" (the form's first button, so Enter takes it) checks them in too. After each one the form empties and
 * the first field takes the cursor for the next person.
 */
export function WalkInForm({
  event,
  onAdded,
}: {
  event: DeskEvent;
  onAdded: (attendee: DeskAttendee) => void;
}) {
  // Each walk-in added empties the form (a new round of fields) and says who was added.
  const [added, setAdded] = useState<(Added & { round: number }) | null>(null);
  const round = added?.round ?? 0;
  return (
    <section className="dsection desk-walkin" aria-labelledby="desk-walkin">
      <h2 id="desk-walkin">{words.heading}</h2>
      <p className="muted">{words.intro}</p>
      {added && <AddedNotice added={added} />}
      <WalkInFields
        key={round}
        event={event}
        onAdded={(attendee, result) => {
          setAdded({ ...result, round: round + 1 });
          onAdded(attendee);
        }}
      />
    </section>
  );
}

function AddedNotice({ added: { name, checkIn } }: { added: Added }) {
  if (checkIn === 'not-asked') return <Notice tone="success">{words.added(name)}</Notice>;
  if (checkIn === 'done') return <Notice tone="success">{words.addedAndCheckedIn(name)}</Notice>;
  return <Notice tone="error">{words.addedNotCheckedIn(name, checkIn.problem)}</Notice>;
}

const CHECK_IN = 'check-in';

function WalkInFields({
  event,
  onAdded,
}: {
  event: DeskEvent;
  onAdded: (attendee: DeskAttendee, result: Added) => void;
}) {
  // The form as a kiosk in the desk's language asks it: in French, the editor's French labels.
  const language = useLanguage();
  const fields = useMemo(
    () => fieldsInLanguage(event.registration_fields, language),
    [event.registration_fields, language],
  );
  const form = useFieldsForm(fields);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isApiError = useExpireOn401();

  useEffect(() => {
    if (fields[0]) focusField(fields[0].key);
  }, [fields]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!form.validateAll()) return;
    const checkInToo = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === CHECK_IN;
    setBusy(true);
    try {
      const { data } = await deskApi.addWalkIn(event.id, form.answers());
      if (!checkInToo) return onAdded(data, { name: data.name, checkIn: 'not-asked' });
      try {
        await deskApi.act(event.id, data.id, 'check-in');
        onAdded(data, { name: data.name, checkIn: 'done' });
      } catch (error) {
        // Added all the same: they are in the list, to check in once it can be done.
        if (isApiError(error))
          onAdded(data, { name: data.name, checkIn: { problem: describeFailure(error) } });
      }
    } catch (error) {
      if (!isApiError(error)) return;
      const stray = error.status === 422 ? form.showServerErrors(error.fieldErrors) : [];
      const onFields = error.status === 422 && stray.length === 0 && hasFieldErrors(error);
      setFailure(onFields ? t.dashboard.fixProblems : stray.join(' ') || describeFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="dform dform--grid desk-walkin-form" noValidate onSubmit={(e) => void submit(e)}>
      {failure && <Notice tone="error">{failure}</Notice>}
      <FormFields fields={fields} form={form} />
      <div className="dactions">
        {event.is_checkin_allowed && (
          <button
            type="submit"
            value={CHECK_IN}
            className="dbutton dbutton--primary"
            aria-disabled={busy || undefined}
          >
            {words.submitAndCheckIn}
          </button>
        )}
        <button
          type="submit"
          className={`dbutton${event.is_checkin_allowed ? '' : ' dbutton--primary'}`}
          aria-disabled={busy || undefined}
        >
          {words.submit}
        </button>
      </div>
    </form>
  );
}

const hasFieldErrors = (error: ApiError) => Object.keys(error.fieldErrors).length > 0;
