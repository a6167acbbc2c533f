import { useEffect, useState, type FormEvent } from 'react';
import { reach } from '../api/lan-origin.ts';
import { RetryWaitingButton } from './TicketMail.tsx';
import { SMTP_SECURITY } from '../../shared/api/vocabulary.ts';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { mailApi, type MailSettings, type TestMailResult } from '../api/mail.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { Checkbox, Notice, SelectInput, TextInput, useSubmit } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401, useSession } from '../shell/session.tsx';
import {
  dropsPassword,
  mailDraft,
  mailSettingsInput,
  securityForPort,
  type MailDraft,
} from './mail-draft.ts';
import './mail.css';

const words = wordsOf(() => t.dashboard.mail.settings);
/** Read while rendering: the words are the language on screen's. */
const securityOptions = () =>
  SMTP_SECURITY.map((value) => ({ value, label: words.securities[value] ?? value }));

/**
 * `/dashboard/mail`, owners only: the organization's mail server (SMTP), the sender, the public address ticket
 * links start with, who gets an email, the outbox's state, and a test email that shows the server's own answer.
 */
export function MailSettingsPage() {
  const load = useDashboardLoad((signal) => mailApi.settings(signal), []);
  // What the server holds since the last save or removal here (its answer), once there is one.
  const [current, setCurrent] = useState<{ settings: MailSettings | null; version: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const changed = (settings: MailSettings | null, said: string) => {
    setNotice(said);
    setCurrent((c) => ({ settings, version: (c?.version ?? 0) + 1 }));
  };
  return (
    <>
      <PageHeader title={words.title} intro={words.intro} />
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Problem message={describeFailure(load.error)} />}
      {load.status === 'ready' && (
        <MailSettingsForm
          // A new form for what the server now holds: after a save or a removal, the draft starts from it.
          key={current?.version ?? 0}
          settings={current ? current.settings : load.data}
          notice={notice}
          onSaving={() => setNotice(null)}
          onChanged={changed}
        />
      )}
    </>
  );
}

function MailSettingsForm({
  settings,
  notice,
  onSaving,
  onChanged,
}: {
  settings: MailSettings | null;
  /** What the last save or removal came to: shown beside the buttons, where the owner is looking. */
  notice: string | null;
  onSaving: () => void;
  /** Saved or removed: what the server now holds, and what to say about it. */
  onChanged: (settings: MailSettings | null, notice: string) => void;
}) {
  const [draft, setDraft] = useState(() => mailDraft(settings));
  // The security follows the port until the owner picks one by hand.
  const [securityChosen, setSecurityChosen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [retried, setRetried] = useState<string | null>(null);
  // A first setup starts from the address this dashboard was opened at (a LAN one where it was opened as
  // localhost): that is where people's phones reach this server, unless it sits behind another name.
  useEffect(() => {
    if (settings) return;
    let live = true;
    void reach().then(({ origin }) => {
      if (live) setDraft((d) => (d.public_url === '' ? { ...d, public_url: origin } : d));
    });
    return () => {
      live = false;
    };
  }, [settings]);
  const save = useSubmit();
  const remove = useSubmit();
  const isApiError = useExpireOn401();
  const set =
    <K extends keyof MailDraft>(key: K) =>
    (value: MailDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    onSaving();
    const saved = await save.run(() => mailApi.save(mailSettingsInput(draft)), isApiError);
    if (saved) onChanged(saved, words.saved);
  };
  const onRemove = async () => {
    const done = await remove.run(() => mailApi.remove(), isApiError);
    setRemoving(false);
    if (done) onChanged(null, words.removed);
  };

  return (
    <>
      {!settings && <Notice tone="info">{words.notSetUp}</Notice>}
      {settings && (
        <OutboxSummary
          outbox={settings.outbox}
          retried={retried}
          onRetried={(waiting) => setRetried(words.retried(waiting))}
        />
      )}
      <form onSubmit={onSubmit} noValidate className="dform mail-form" aria-label={words.title}>
        {save.failure && <Notice tone="error">{save.failure}</Notice>}
        <fieldset className="dfieldset">
          <legend>{words.serverHeading}</legend>
          <TextInput
            label={words.host}
            hint={words.hostHint}
            value={draft.host}
            onChange={set('host')}
            error={save.error('host')}
            required
            autoComplete="off"
            spellCheck={false}
          />
          <TextInput
            label={words.port}
            hint={words.portHint}
            value={draft.port}
            onChange={(port) =>
              setDraft((d) => ({
                ...d,
                port,
                security: securityChosen ? d.security : securityForPort(port, settings?.security ?? 'none'),
              }))
            }
            error={save.error('port')}
            required
            inputMode="numeric"
          />
          <SelectInput
            label={words.security}
            value={draft.security}
            onChange={(value) => {
              setSecurityChosen(true);
              set('security')(value as MailDraft['security']);
            }}
            options={securityOptions()}
            hint={words.securityFollowsPort}
            error={save.error('security')}
          />
          <TextInput
            label={words.username}
            hint={words.usernameHint}
            value={draft.username}
            onChange={set('username')}
            error={save.error('username')}
            autoComplete="off"
          />
          <TextInput
            label={words.password}
            hint={settings?.has_password ? words.passwordStored : words.passwordNone}
            type="password"
            value={draft.password}
            onChange={set('password')}
            error={save.error('password')}
            autoComplete="new-password"
          />
          {settings?.has_password && (
            <Checkbox
              label={words.removePassword}
              checked={draft.removePassword}
              onChange={set('removePassword')}
            />
          )}
          {dropsPassword(settings, draft) && (
            <div data-testid="mail-password-dropped">
              <Notice tone="info">
                {draft.security === 'none' ? words.passwordDroppedNone : words.passwordDropped}
              </Notice>
            </div>
          )}
        </fieldset>
        <fieldset className="dfieldset">
          <legend>{words.senderHeading}</legend>
          <TextInput
            label={words.fromAddress}
            type="email"
            value={draft.from_address}
            onChange={set('from_address')}
            error={save.error('from_address')}
            required
          />
          <TextInput
            label={words.fromName}
            hint={words.fromNameHint}
            value={draft.from_name}
            onChange={set('from_name')}
            error={save.error('from_name')}
          />
          <TextInput
            label={words.replyTo}
            hint={words.replyToHint}
            type="email"
            value={draft.reply_to}
            onChange={set('reply_to')}
            error={save.error('reply_to')}
          />
        </fieldset>
        <fieldset className="dfieldset">
          <legend>{words.linksHeading}</legend>
          <TextInput
            label={words.publicUrl}
            hint={words.publicUrlHint}
            type="url"
            value={draft.public_url}
            onChange={set('public_url')}
            error={save.error('public_url')}
            required
            placeholder="https://tickets.example.org"
          />
        </fieldset>
        <fieldset className="dfieldset">
          <legend>{words.whoHeading}</legend>
          <p className="dfield-hint">{words.whoIntro}</p>
          <Checkbox
            label={words.kioskRegistrations}
            hint={words.kioskRegistrationsHint}
            checked={draft.mail_kiosk_registrations}
            onChange={set('mail_kiosk_registrations')}
            error={save.error('mail_kiosk_registrations')}
          />
          <Checkbox
            label={words.imports}
            hint={words.importsHint}
            checked={draft.mail_imports}
            onChange={set('mail_imports')}
            error={save.error('mail_imports')}
          />
          <TextInput
            label={words.maxPerMinute}
            hint={words.maxPerMinuteHint}
            value={draft.max_per_minute}
            onChange={set('max_per_minute')}
            error={save.error('max_per_minute')}
            inputMode="numeric"
          />
        </fieldset>
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={save.busy || undefined}>
            {save.busy ? t.dashboard.saving : words.save}
          </button>
          {settings && (
            <button type="button" className="dbutton" onClick={() => setRemoving(true)}>
              {words.remove}
            </button>
          )}
        </div>
        {notice && (
          <div data-testid="mail-settings-saved">
            <Notice tone="success">{notice}</Notice>
          </div>
        )}
      </form>
      {remove.failure && <Notice tone="error">{remove.failure}</Notice>}
      {removing && (
        <ConfirmDialog
          title={words.confirmRemoveTitle}
          confirmLabel={words.remove}
          danger
          busy={remove.busy}
          onConfirm={() => void onRemove()}
          onCancel={() => setRemoving(false)}
        >
          <p>{words.confirmRemove}</p>
        </ConfirmDialog>
      )}
      <TestEmail configured={settings !== null} />
    </>
  );
}

function OutboxSummary({
  outbox,
  retried,
  onRetried,
}: {
  outbox: MailSettings['outbox'];
  retried: string | null;
  onRetried: (waiting: number) => void;
}) {
  return (
    <section className="dsection" aria-labelledby="mail-outbox">
      <h2 id="mail-outbox">{words.outboxHeading}</h2>
      <p data-testid="mail-outbox">{words.outbox(outbox.queued, outbox.failed)}</p>
      {outbox.queued > 0 && (
        <div className="dactions">
          <RetryWaitingButton onDone={onRetried} />
        </div>
      )}
      {retried && (
        <div data-testid="mail-retried">
          <Notice tone="success">{retried}</Notice>
        </div>
      )}
      {outbox.last_error && outbox.last_error_at && (
        <p className="mail-server-reply" data-testid="mail-last-error">
          {words.lastError(format.dateTime(outbox.last_error_at), outbox.last_error)}
        </p>
      )}
    </section>
  );
}

type TestOutcome = { tone: 'success' | 'error'; text: string };

/** One email now, and the mail server's own words: its acceptance, its refusal, or why nothing answered. */
function describeTest(result: TestMailResult): TestOutcome {
  if (result.sent) return { tone: 'success', text: words.testSent(result.reply) };
  const hint = result.hint ? ` ${words.hints[result.hint]}` : '';
  if (result.reply) return { tone: 'error', text: words.testRefused(result.reply) + hint };
  return { tone: 'error', text: words.testNoAnswer(result.detail ?? t.app.somethingWrong) + hint };
}

function TestEmail({ configured }: { configured: boolean }) {
  const { session } = useSession();
  const [to, setTo] = useState(session.staff.email);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const send = useSubmit();
  const isApiError = useExpireOn401();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const answer = await send.run(() => mailApi.sendTest(to.trim()), isApiError);
    if (answer) setOutcome(describeTest(answer.data));
  };
  return (
    <section className="dsection" aria-labelledby="mail-test">
      <h2 id="mail-test">{words.testHeading}</h2>
      <p className="dfield-hint">{words.testIntro}</p>
      {!configured && <p>{words.saveFirst}</p>}
      <form onSubmit={onSubmit} noValidate className="dform dform--grid" aria-labelledby="mail-test">
        <TextInput
          label={words.testTo}
          type="email"
          value={to}
          onChange={setTo}
          error={send.error('to')}
          required
        />
        <div className="dactions">
          <button type="submit" className="dbutton" aria-disabled={send.busy || undefined}>
            {send.busy ? words.testSending : words.testSubmit}
          </button>
        </div>
      </form>
      <div data-testid="mail-test-result">
        {send.failure && <Notice tone="error">{send.failure}</Notice>}
        {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      </div>
    </section>
  );
}
