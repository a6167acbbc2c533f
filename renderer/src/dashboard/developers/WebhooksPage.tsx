import { useEffect, useState, type FormEvent } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import { WEBHOOK_EVENT_TYPES, webhooksApi, type WebhookEndpoint } from '../api/developers.ts';
import { Notice, useSubmit } from '../shell/controls.tsx';
import { ListTable } from '../shell/ListTable.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { EndpointForm, NEW_ENDPOINT } from './EndpointForm.tsx';
import { EndpointStatus } from './EndpointStatus.tsx';
import { ShownOnceSecret } from './ShownOnceSecret.tsx';
import { noticeForWebhooks } from './webhook-notice.ts';
import './developers.css';

const words = wordsOf(() => t.dashboard.developers.webhooks);

/** Notifications queue and go out in the background: the counts are asked for again this often while in view. */
const POLL_MS = 2000;

interface Created {
  endpoint: WebhookEndpoint;
  secret: string;
}

/** `/dashboard/developers/webhooks`, owners only: the endpoints, how many notifications wait, a new endpoint. */
export function WebhooksPage() {
  const [version, setVersion] = useState(0);
  const load = useDashboardLoad((signal) => webhooksApi.list(signal), [version]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setVersion((v) => v + 1);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const [notice, setNotice] = useState<string | null>(() => noticeForWebhooks.text);
  useEffect(() => {
    noticeForWebhooks.text = null;
  }, []);
  const [created, setCreated] = useState<Created | null>(null);

  const added = (next: Created) => {
    setNotice(words.added(next.endpoint.url));
    setCreated(next);
    setVersion((v) => v + 1);
  };

  return (
    <>
      <PageHeader title={words.title} intro={words.intro} />
      {notice && <Notice tone="success">{notice}</Notice>}
      {created && (
        <ShownOnceSecret
          heading={words.secretHeading}
          label={words.secretLabel}
          warning={words.secretWarning}
          value={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Problem message={describeFailure(load.error)} />}
      {load.status === 'ready' && (
        <>
          <p className="webhook-waiting" data-testid="waiting-total">
            {words.waiting(load.data.meta.waiting_count)}
          </p>
          {load.data.data.length === 0 ? <p>{words.none}</p> : <EndpointTable endpoints={load.data.data} />}
        </>
      )}
      <AddEndpoint onAdded={added} />
    </>
  );
}

function EndpointTable({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  return (
    <ListTable
      caption={words.title}
      columns={[words.url, words.description, words.eventKinds, words.status, words.waitingColumn]}
    >
      {endpoints.map((endpoint) => (
        <tr key={endpoint.id} data-testid="webhook-row">
          <th scope="row">
            <a
              className="webhook-url"
              href={paths.dashboard({ name: 'webhook', webhookId: endpoint.id })}
              onClick={followLink}
            >
              {endpoint.url}
            </a>
          </th>
          <td>{endpoint.description}</td>
          <td data-label={words.eventKinds}>
            {endpoint.event_types.length === WEBHOOK_EVENT_TYPES.length ? (
              words.allKinds
            ) : (
              <span className="webhook-kinds-list">{endpoint.event_types.join(' ')}</span>
            )}
          </td>
          <td>
            <EndpointStatus endpoint={endpoint} />
          </td>
          <td data-label={words.waitingColumn}>{endpoint.waiting_count}</td>
        </tr>
      ))}
    </ListTable>
  );
}

function AddEndpoint({ onAdded }: { onAdded: (created: Created) => void }) {
  const [draft, setDraft] = useState(NEW_ENDPOINT);
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    const created = await submit.run(() => webhooksApi.create(draft), isApiError);
    if (!created) return;
    setDraft(NEW_ENDPOINT);
    onAdded({ endpoint: created.data, secret: created.secret });
  };
  return (
    <section className="dsection" aria-labelledby="webhook-add">
      <h2 id="webhook-add">{words.add}</h2>
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      <EndpointForm
        draft={draft}
        change={(patch) => setDraft((current) => ({ ...current, ...patch }))}
        error={submit.error}
        label={words.add}
        submitLabel={words.addSubmit}
        busy={submit.busy}
        withEnabled
        onSubmit={(e) => void onSubmit(e)}
      />
    </section>
  );
}
