import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { RegistrationField } from '../../shared/api/types.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t, useLanguage, wordsOf } from '../../shared/i18n/index.ts';
import { serverText } from '../../shared/i18n/refusals.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import { fieldsInLanguage } from '../../shared/registration-form/localized-fields.ts';
import { focusField, useFieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import { deskApi, type DeskAttendee } from '../api/desk.ts';
import { Notice } from '../shell/controls.tsx';
import { useExpireOn401 } from '../shell/session.tsx';
import type { ActionOutcome } from './RowActions.tsx';

const words = wordsOf(() => t.dashboard.desk.edit);

/**
 * Edit a person at the desk (issue 39): the event's own registration fields (the walk-in form's controls and
 * hints), filled with what they registered. Only the fields staff changed are sent; the server checks them as it
 * checks a registration and says which it refused, under each. A corrected email gets the ticket again, which the
 * outcome says. The browser's modal <dialog>: Escape closes it and focus returns to the button that opened it.
 */
export function EditAttendeeDialog({
  eventId,
  attendee,
  fields,
  onOutcome,
  onClose,
}: {
  eventId: string;
  attendee: DeskAttendee;
  fields: readonly RegistrationField[];
  onOutcome: (outcome: ActionOutcome) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const language = useLanguage();
  const shown = useMemo(() => fieldsInLanguage(fields, language), [fields, language]);
  const initial = useMemo<Record<string, string>>(
    () => ({ ...attendee.answers, email: attendee.email }),
    [attendee],
  );
  const form = useFieldsForm(shown, initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isApiError = useExpireOn401();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    if (shown[0]) focusField(shown[0].key);
    return () => element?.close();
    // Opened once: the fields it shows are the ones it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!form.validateAll()) return;
    const changes = Object.fromEntries(
      shown
        .map((field) => [field.key, (form.values[field.key] ?? '').trim()] as const)
        .filter(([key, value]) => value !== (initial[key] ?? '').trim()),
    );
    if (Object.keys(changes).length === 0) {
      onOutcome({ tone: 'success', text: `${attendee.name}: ${words.unchanged}` });
      return onClose();
    }
    setBusy(true);
    try {
      const { data } = await deskApi.edit(eventId, attendee.id, changes);
      const resent = data.changed.includes('email') && data.status !== 'canceled';
      onOutcome({
        tone: 'success',
        text: resent ? words.savedAndResent(data.name, data.email) : words.saved(data.name),
      });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      const stray = error.status === 422 ? form.showServerErrors(error.fieldErrors) : [];
      const onFields =
        error.status === 422 && stray.length === 0 && Object.keys(error.fieldErrors).length > 0;
      setFailure(
        onFields
          ? t.dashboard.fixProblems
          : stray.join(' ') || (error.status === 422 ? serverText(error.message) : describeFailure(error)),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="dialog edit-attendee-dialog"
      aria-labelledby="edit-attendee-title"
      data-testid="edit-attendee-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="edit-attendee-title">{words.title(attendee.name)}</h2>
      <form className="dform" noValidate onSubmit={(e) => void submit(e)}>
        <div className="dialog-body">
          {failure && <Notice tone="error">{failure}</Notice>}
          <FormFields fields={shown} form={form} />
          <p className="muted">{words.emailNote}</p>
        </div>
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={busy || undefined}>
            {words.save}
          </button>
          <button type="button" className="dbutton" onClick={onClose}>
            {words.close}
          </button>
        </div>
      </form>
    </dialog>
  );
}
