import { useState, type FormEvent } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { lanIntegrationsApi, type LanIntegration, type LanIntegrationInput } from '../api/developers.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { Notice, TextInput, useSubmit } from '../shell/controls.tsx';
import { ListTable, RowActionCell } from '../shell/ListTable.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import './developers.css';

const words = wordsOf(() => t.dashboard.developers.lan);

const NEW_HOST: Required<LanIntegrationInput> = { host: '', description: '' };

/**
 * `/dashboard/developers/lan-integrations`, owners only: the hosts on the venue network (or this computer) that
 * webhooks may reach. The server refuses every other non-public destination, when an endpoint is saved and again
 * when each delivery connects.
 */
export function LanIntegrationsPage() {
  const [version, setVersion] = useState(0);
  const load = useDashboardLoad((signal) => lanIntegrationsApi.list(signal), [version]);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LanIntegration | null>(null);
  const action = useSubmit();
  const isApiError = useExpireOn401();

  const remove = async (entry: LanIntegration) => {
    const done = await action.run(() => lanIntegrationsApi.remove(entry.id), isApiError);
    setRemoving(null);
    if (!done) return;
    setNotice(words.removed(entry.host));
    setVersion((v) => v + 1);
  };

  const added = (entry: LanIntegration) => {
    setNotice(words.allowed(entry.host));
    setVersion((v) => v + 1);
  };

  return (
    <>
      <PageHeader title={words.title} intro={words.intro} />
      {notice && !action.failure && <Notice tone="success">{notice}</Notice>}
      {action.failure && <Notice tone="error">{action.failure}</Notice>}
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Problem message={describeFailure(load.error)} />}
      {load.status === 'ready' &&
        (load.data.length === 0 ? (
          <p>{words.none}</p>
        ) : (
          <LanIntegrationTable entries={load.data} onRemove={setRemoving} />
        ))}
      {removing && (
        <ConfirmDialog
          title={words.confirmRemoveTitle}
          confirmLabel={words.remove}
          danger
          busy={action.busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>{words.confirmRemove(removing.host)}</p>
        </ConfirmDialog>
      )}
      <AllowHost onAdded={added} />
    </>
  );
}

function LanIntegrationTable({
  entries,
  onRemove,
}: {
  entries: LanIntegration[];
  onRemove: (entry: LanIntegration) => void;
}) {
  return (
    <ListTable
      caption={words.title}
      columns={[words.host, words.description, words.added]}
      actionsHeading={words.remove}
    >
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="lan-row">
          <th scope="row">
            <span className="lan-host">{entry.host}</span>
          </th>
          <td>{entry.description}</td>
          <td data-label={words.added}>{format.dateTime(entry.created_at)}</td>
          <RowActionCell label={words.remove} subject={entry.host} danger onClick={() => onRemove(entry)} />
        </tr>
      ))}
    </ListTable>
  );
}

function AllowHost({ onAdded }: { onAdded: (entry: LanIntegration) => void }) {
  const [draft, setDraft] = useState(NEW_HOST);
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const change = (patch: Partial<typeof NEW_HOST>) => setDraft((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    const entry = await submit.run(() => lanIntegrationsApi.add(draft), isApiError);
    if (!entry) return;
    setDraft(NEW_HOST);
    onAdded(entry);
  };

  return (
    <section className="dsection" aria-labelledby="lan-add">
      <h2 id="lan-add">{words.add}</h2>
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      <form className="dform" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="lan-add">
        <TextInput
          label={words.host}
          value={draft.host}
          onChange={(host) => change({ host })}
          hint={words.hostHint}
          error={submit.error('host')}
          required
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label={words.description}
          value={draft.description}
          onChange={(description) => change({ description })}
          hint={words.descriptionHint}
          error={submit.error('description')}
          autoComplete="off"
        />
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={submit.busy || undefined}>
            {submit.busy ? t.dashboard.saving : words.addSubmit}
          </button>
        </div>
      </form>
    </section>
  );
}
