import { useState, type FormEvent } from 'react';
import { describeFailure, Loading } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { mailApi, type MailLimits } from '../api/mail.ts';
import { Notice, TextInput, useSubmit } from '../shell/controls.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { typedNumber } from './mail-draft.ts';
import './mail.css';

const words = wordsOf(() => t.dashboard.mail.limits);

/**
 * The event's email limits in its editor (owners): how many emails one address may get about the event in an hour
 * and a day (server/mail/mail.rules.ts, `recipientCapReached`). Saved on its own, like the brand and the badge: it
 * is this server's mail setting, not part of the event the interface shows.
 */
export function MailLimitsSection({ eventId }: { eventId: string }) {
  const load = useDashboardLoad((signal) => mailApi.eventMail(eventId, signal), [eventId]);
  return (
    <section className="dsection event-mail-limits" aria-labelledby="event-mail-limits">
      <h2 id="event-mail-limits">{words.heading}</h2>
      <p className="muted">{words.intro}</p>
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Notice tone="error">{describeFailure(load.error)}</Notice>}
      {load.status === 'ready' && <MailLimitsForm eventId={eventId} loaded={load.data.limits} />}
    </section>
  );
}

function MailLimitsForm({ eventId, loaded }: { eventId: string; loaded: MailLimits }) {
  const [perHour, setPerHour] = useState(String(loaded.per_address_per_hour));
  const [perDay, setPerDay] = useState(String(loaded.per_address_per_day));
  const [saved, setSaved] = useState<string | null>(null);
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const save = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setSaved(null);
    const limits = await submit.run(
      () =>
        mailApi.setLimits(eventId, {
          per_address_per_hour: typedNumber(perHour),
          per_address_per_day: typedNumber(perDay),
        }),
      isApiError,
    );
    if (limits) setSaved(words.saved(limits.per_address_per_hour, limits.per_address_per_day));
  };
  return (
    <form className="dform dform--grid" noValidate onSubmit={(e) => void save(e)} aria-label={words.heading}>
      <TextInput
        label={words.perHour}
        value={perHour}
        onChange={setPerHour}
        error={submit.error('per_address_per_hour')}
        inputMode="numeric"
      />
      <TextInput
        label={words.perDay}
        value={perDay}
        onChange={setPerDay}
        error={submit.error('per_address_per_day')}
        inputMode="numeric"
      />
      <div className="dactions">
        <button type="submit" className="dbutton" aria-disabled={submit.busy || undefined}>
          {submit.busy ? t.dashboard.saving : words.save}
        </button>
      </div>
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      {saved && <Notice tone="success">{saved}</Notice>}
    </form>
  );
}
