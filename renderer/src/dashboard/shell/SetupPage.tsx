import { useState, type FormEvent } from 'react';
import { t } from '../../shared/i18n/index.ts';
import { sessionApi, type Session } from '../api/session.ts';
import { Checkbox, Notice, TextInput, useSubmit } from './controls.tsx';
import { MIN_PASSWORD_LENGTH, NewPasswordInput } from './NewPasswordInput.tsx';
import { DashboardLanguageSwitch } from './DashboardLanguageSwitch.tsx';
import { PageHeader } from './PageHeader.tsx';
import { browserTimeZone } from '../events/zoned-time.ts';

/**
 * First run: the organization and its first owner, optionally with the demo event. From any device but the
 * server's own machine, the server also asks for the one-time setup code it printed when it started.
 */
export function SetupPage({
  needsSetupCode,
  onDone,
  onAlreadyDone,
}: {
  needsSetupCode: boolean;
  onDone: (session: Session) => void;
  onAlreadyDone: () => void;
}) {
  const words = t.dashboard.setup;
  const [form, setForm] = useState({
    organization_name: '',
    name: '',
    email: '',
    password: '',
    load_demo: false,
    setup_code: '',
  });
  const submit = useSubmit();
  const set = (key: keyof typeof form) => (value: string | boolean) =>
    setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const session = await submit.run(
      () => {
        const { setup_code, ...typed } = form;
        // The demo event is on the organizer's clocks, not the server's.
        const rest = { ...typed, timezone: browserTimeZone() };
        return sessionApi.setUp(needsSetupCode ? { ...rest, setup_code } : rest);
      },
      (error) => {
        // Someone else finished the setup meanwhile: sign in instead.
        if (error.status !== 409) return true;
        onAlreadyDone();
        return false;
      },
    );
    if (session) onDone(session);
  };

  return (
    <main className="dashboard-narrow" id="content">
      <DashboardLanguageSwitch />
      <PageHeader title={words.title} intro={words.intro} />
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      <form onSubmit={onSubmit} noValidate className="dform">
        {needsSetupCode && (
          <TextInput
            label={words.setupCode}
            value={form.setup_code}
            onChange={set('setup_code')}
            hint={words.setupCodeHint}
            error={submit.error('setup_code')}
            required
            maxLength={64}
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
          />
        )}
        <TextInput
          label={words.organizationName}
          value={form.organization_name}
          onChange={set('organization_name')}
          error={submit.error('organization_name')}
          required
          maxLength={255}
          autoComplete="organization"
        />
        <TextInput
          label={words.name}
          value={form.name}
          onChange={set('name')}
          error={submit.error('name')}
          required
          maxLength={255}
          autoComplete="name"
        />
        <TextInput
          label={words.email}
          type="email"
          value={form.email}
          onChange={set('email')}
          error={submit.error('email')}
          required
          autoComplete="username"
        />
        <NewPasswordInput
          label={words.password}
          value={form.password}
          onChange={set('password')}
          error={submit.error('password')}
          minLength={MIN_PASSWORD_LENGTH}
        />
        <Checkbox label={words.loadDemo} checked={form.load_demo} onChange={set('load_demo')} />
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={submit.busy || undefined}>
            {submit.busy ? t.dashboard.saving : words.submit}
          </button>
        </div>
      </form>
    </main>
  );
}
