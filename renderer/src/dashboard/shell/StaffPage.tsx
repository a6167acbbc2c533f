import { useState, type FormEvent } from 'react';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { staffApi, type StaffAccount, type StaffRole } from '../api/session.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Notice, SelectInput, TextInput, useSubmit } from './controls.tsx';
import { NewPasswordInput } from './NewPasswordInput.tsx';
import { PageHeader } from './PageHeader.tsx';
import { useDashboardLoad, useExpireOn401, useSession } from './session.tsx';

const words = wordsOf(() => t.dashboard.staff);
/** Read while rendering: the words are the language on screen's. */
const roleOptions = () => [
  { value: 'staff', label: t.dashboard.nav.roles.staff! },
  { value: 'owner', label: t.dashboard.nav.roles.owner! },
];

/** Owners add staff, change roles, reset passwords and remove people. */
export function StaffPage() {
  const { session } = useSession();
  const [version, setVersion] = useState(0);
  const load = useDashboardLoad((signal) => staffApi.list(signal), [version]);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<StaffAccount | null>(null);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const action = useSubmit();
  const isApiError = useExpireOn401();
  const reload = (message: string) => {
    setNotice(message);
    setVersion((v) => v + 1);
  };

  const changeRole = async (member: StaffAccount, role: StaffRole) => {
    const updated = await action.run(() => staffApi.update(member.id, { role }), isApiError);
    if (updated) reload(words.roleChanged(updated.name, t.dashboard.nav.roles[role] ?? role));
  };
  const remove = async (member: StaffAccount) => {
    const done = await action.run(() => staffApi.remove(member.id), isApiError);
    setRemoving(null);
    if (done) reload(words.removed(member.name));
  };

  return (
    <>
      <PageHeader title={words.title} intro={words.intro} />
      {notice && !action.failure && <Notice tone="success">{notice}</Notice>}
      {action.failure && <Notice tone="error">{action.failure}</Notice>}
      {load.status === 'ready' && (
        <table className="dtable">
          <caption className="visually-hidden">{words.title}</caption>
          <thead>
            <tr>
              <th scope="col">{words.name}</th>
              <th scope="col">{words.email}</th>
              <th scope="col">{words.role}</th>
              <th scope="col">{words.created}</th>
              <th scope="col">
                <span className="visually-hidden">{t.dashboard.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.data.map((member) => {
              const isMe = member.id === session.staff.id;
              return (
                <tr key={member.id}>
                  <th scope="row">
                    {member.name} {isMe && <span className="muted">{words.you}</span>}
                  </th>
                  <td>{member.email}</td>
                  <td data-label={words.role}>
                    <select
                      aria-label={`${words.role}: ${member.name}`}
                      value={member.role}
                      disabled={isMe}
                      onChange={(e) => void changeRole(member, e.target.value as StaffRole)}
                    >
                      {roleOptions().map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label={words.created}>{format.dateTime(member.created_at)}</td>
                  <td className="dtable-actions">
                    <button type="button" className="dbutton" onClick={() => setResetting(member)}>
                      {words.resetPassword}
                    </button>
                    {!isMe && (
                      <button
                        type="button"
                        className="dbutton dbutton--danger"
                        onClick={() => setRemoving(member)}
                      >
                        {words.remove}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {resetting && (
        <ResetPassword
          member={resetting}
          onClose={(changed) => {
            setResetting(null);
            if (changed) setNotice(words.passwordReset(resetting.name));
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={words.remove}
          confirmLabel={words.remove}
          danger
          busy={action.busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>{words.confirmRemove(removing.name)}</p>
        </ConfirmDialog>
      )}
      <AddStaff onAdded={(member) => reload(words.added(member.name))} />
    </>
  );
}

function AddStaff({ onAdded }: { onAdded: (member: StaffAccount) => void }) {
  const empty = { name: '', email: '', password: '', role: 'staff' as StaffRole };
  const [form, setForm] = useState(empty);
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const member = await submit.run(() => staffApi.create(form), isApiError);
    if (member) {
      setForm(empty);
      onAdded(member);
    }
  };
  return (
    <section className="dsection" aria-labelledby="add-staff">
      <h2 id="add-staff">{words.add}</h2>
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      <form onSubmit={onSubmit} noValidate className="dform dform--grid">
        <TextInput
          label={words.name}
          value={form.name}
          onChange={set('name')}
          error={submit.error('name')}
          required
        />
        <TextInput
          label={words.email}
          type="email"
          value={form.email}
          onChange={set('email')}
          error={submit.error('email')}
          required
          autoComplete="off"
        />
        <NewPasswordInput
          label={words.password}
          value={form.password}
          onChange={set('password')}
          error={submit.error('password')}
        />
        <SelectInput
          label={words.role}
          value={form.role}
          onChange={set('role')}
          options={roleOptions()}
          error={submit.error('role')}
        />
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={submit.busy || undefined}>
            {words.addSubmit}
          </button>
        </div>
      </form>
    </section>
  );
}

function ResetPassword({ member, onClose }: { member: StaffAccount; onClose: (changed: boolean) => void }) {
  const [password, setPassword] = useState('');
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const save = async () => {
    const updated = await submit.run(() => staffApi.update(member.id, { password }), isApiError);
    if (updated) onClose(true);
  };
  return (
    <ConfirmDialog
      title={`${words.resetPassword}: ${member.name}`}
      confirmLabel={words.resetSubmit}
      busy={submit.busy}
      onConfirm={() => void save()}
      onCancel={() => onClose(false)}
    >
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      <NewPasswordInput
        label={words.newPassword}
        value={password}
        onChange={setPassword}
        error={submit.error('password')}
      />
    </ConfirmDialog>
  );
}
