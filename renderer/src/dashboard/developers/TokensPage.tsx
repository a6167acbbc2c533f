import { useState } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { tokensApi, type ApiToken } from '../api/developers.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { Notice, useSubmit } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { ShownOnceSecret } from './ShownOnceSecret.tsx';
import { TokenForm } from './TokenForm.tsx';
import { TokenTable } from './TokenTable.tsx';
import './developers.css';

const words = wordsOf(() => t.dashboard.developers.tokens);

/** `/dashboard/developers/tokens`, owners only: create a token (shown once), see them all, delete one. */
export function TokensPage() {
  const [version, setVersion] = useState(0);
  const load = useDashboardLoad((signal) => tokensApi.list(signal), [version]);
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  const action = useSubmit();
  const isApiError = useExpireOn401();

  const created = (token: ApiToken, value: string) => {
    setNotice(words.createdNotice(token.name));
    setSecret(value);
    setVersion((v) => v + 1);
  };

  const remove = async (token: ApiToken) => {
    const done = await action.run(() => tokensApi.remove(token.id), isApiError);
    setDeleting(null);
    if (!done) return;
    setNotice(words.deleted(token.name));
    setVersion((v) => v + 1);
  };

  return (
    <>
      <PageHeader title={words.title} intro={words.intro} />
      {notice && !action.failure && <Notice tone="success">{notice}</Notice>}
      {action.failure && <Notice tone="error">{action.failure}</Notice>}
      {secret && (
        <ShownOnceSecret
          heading={words.createdHeading}
          label={words.tokenLabel}
          warning={words.createdWarning}
          value={secret}
          onDone={() => setSecret(null)}
        />
      )}
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Problem message={describeFailure(load.error)} />}
      {load.status === 'ready' &&
        (load.data.length === 0 ? (
          <p>{words.none}</p>
        ) : (
          <TokenTable tokens={load.data} onDelete={setDeleting} />
        ))}
      {deleting && (
        <ConfirmDialog
          title={words.confirmDeleteTitle}
          confirmLabel={words.delete}
          danger
          busy={action.busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{words.confirmDelete(deleting.name)}</p>
        </ConfirmDialog>
      )}
      <TokenForm onCreated={created} />
    </>
  );
}
