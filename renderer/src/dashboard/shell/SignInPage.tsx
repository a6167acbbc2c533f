import { useState, type FormEvent } from 'react';
import { t } from '../../shared/i18n/index.ts';
import { sessionApi, type Session } from '../api/session.ts';
import { Notice, TextInput, useSubmit } from './controls.tsx';
import { DashboardLanguageSwitch } from './DashboardLanguageSwitch.tsx';
import { PageHeader } from './PageHeader.tsx';

/** Sign-in with email and password; the server answers a wrong pair with one message under the email. */
export function SignInPage({
  notice,
  onDone,
}: {
  notice?: string | undefined;
  onDone: (s: Session) => void;
}) {
  const words = t.dashboard.signIn;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const session = await submit.run(() => sessionApi.signIn(email, password));
    if (session) onDone(session);
  };

  // A wrong email or password comes back as the email field's message; said once, above the form.
  const failure = submit.error('email') ?? submit.failure;
  return (
    <main className="dashboard-narrow" id="content">
      <DashboardLanguageSwitch />
      <PageHeader title={words.title} intro={words.intro} />
      {notice && !failure && <Notice tone="info">{notice}</Notice>}
      {failure && <Notice tone="error">{failure}</Notice>}
      <form onSubmit={onSubmit} noValidate className="dform">
        <TextInput
          label={words.email}
          type="email"
          value={email}
          onChange={setEmail}
          required
          autoComplete="username"
        />
        <TextInput
          label={words.password}
          type="password"
          value={password}
          onChange={setPassword}
          error={submit.error('password')}
          required
          autoComplete="current-password"
        />
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={submit.busy || undefined}>
            {words.submit}
          </button>
        </div>
      </form>
    </main>
  );
}
