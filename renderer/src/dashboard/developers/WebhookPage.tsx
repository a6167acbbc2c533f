import { useState, type FormEvent } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, navigate, paths } from '../../shared/router.ts';
import { webhooksApi, type Delivery, type EndpointInput, type WebhookEndpoint } from '../api/developers.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { Notice, useSubmit } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { EndpointForm } from './EndpointForm.tsx';
import { EndpointStatus } from './EndpointStatus.tsx';
import { ShownOnceSecret } from './ShownOnceSecret.tsx';
import { useEndpointActivity } from './useEndpointActivity.ts';
import { noticeForWebhooks } from './webhook-notice.ts';
import './developers.css';
import { serverText } from '../../shared/i18n/refusals.ts';

const words = wordsOf(() => t.dashboard.developers.webhook);
const listWords = wordsOf(() => t.dashboard.developers.webhooks);

/** `/dashboard/developers/webhooks/{id}`, owners only: one endpoint, its deliveries, and what can be done to it. */
export function WebhookPage({ webhookId }: { webhookId: string }) {
  const load = useDashboardLoad((signal) => webhooksApi.get(webhookId, signal), [webhookId]);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <Problem message={describeFailure(load.error)} />;
  return <Endpoint initial={load.data} />;
}

function Endpoint({ initial }: { initial: WebhookEndpoint }) {
  const { endpoint, setEndpoint, deliveries, failure, refresh } = useEndpointActivity(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const action = useSubmit();
  const isApiError = useExpireOn401();

  /** Runs a button's request; on success says `done` (a text, or one made from the answer). */
  const act = async <T,>(send: () => Promise<T>, done: (result: T) => string) => {
    if (action.busy) return;
    setNotice(null);
    const result = await action.run(send, isApiError);
    if (result === undefined) return;
    setNotice(done(result));
    refresh();
  };

  const sendTest = () =>
    act(
      () => webhooksApi.sendTest(endpoint.id),
      (r) => serverText(r.message),
    );
  const redeliver = (delivery: Delivery) =>
    act(
      () => webhooksApi.redeliver(endpoint.id, delivery.id),
      (r) => serverText(r.message),
    );
  const toggle = () =>
    act(
      () => webhooksApi.update(endpoint.id, { enabled: !endpoint.enabled }),
      (updated) => {
        setEndpoint(updated);
        return updated.enabled ? words.nowEnabled : words.nowDisabled;
      },
    );
  // The dialog closes first: closing hands focus back to the Rotate button, and it must go to the new secret.
  const rotate = () => {
    setConfirming(null);
    return act(
      () => webhooksApi.rotateSecret(endpoint.id),
      (rotated) => {
        setEndpoint(rotated.data);
        setSecret(rotated.secret);
        return words.rotated;
      },
    );
  };
  const remove = async () => {
    const done = await action.run(() => webhooksApi.remove(endpoint.id), isApiError);
    setConfirming(null);
    if (!done) return;
    noticeForWebhooks.text = words.deleted(endpoint.url);
    navigate(paths.dashboard({ name: 'webhooks' }));
  };

  return (
    <>
      <PageHeader
        title={endpoint.url}
        intro={endpoint.description || undefined}
        actions={
          <a className="dbutton" href={paths.dashboard({ name: 'webhooks' })} onClick={followLink}>
            {words.back}
          </a>
        }
      />
      {notice && !action.failure && <Notice tone="success">{notice}</Notice>}
      {action.failure && <Notice tone="error">{action.failure}</Notice>}
      {failure && <Notice tone="error">{describeFailure(failure)}</Notice>}
      {secret && (
        <ShownOnceSecret
          heading={listWords.secretHeading}
          label={listWords.secretLabel}
          warning={listWords.secretWarning}
          value={secret}
          onDone={() => setSecret(null)}
        />
      )}
      <div className="webhook-summary">
        <EndpointStatus endpoint={endpoint} />
        <span data-testid="waiting-count">{listWords.waiting(endpoint.waiting_count)}</span>
      </div>
      <div className="dactions webhook-actions">
        <button type="button" className="dbutton dbutton--primary" onClick={() => void sendTest()}>
          {words.sendTest}
        </button>
        <button type="button" className="dbutton" onClick={() => void toggle()}>
          {endpoint.enabled ? words.disable : words.enable}
        </button>
        <button type="button" className="dbutton" onClick={() => setConfirming('rotate')}>
          {words.rotate}
        </button>
        <button type="button" className="dbutton dbutton--danger" onClick={() => setConfirming('delete')}>
          {words.delete}
        </button>
      </div>
      <section className="dsection" aria-labelledby="webhook-deliveries">
        <h2 id="webhook-deliveries">{words.deliveries}</h2>
        <p className="muted">{words.deliveriesIntro}</p>
        {deliveries &&
          (deliveries.data.length === 0 ? (
            <p>{words.noDeliveries}</p>
          ) : (
            <>
              <p>{words.deliveriesShown(deliveries.data.length, deliveries.meta.total)}</p>
              <DeliveriesTable
                deliveries={deliveries.data}
                busy={action.busy}
                onRedeliver={(d) => void redeliver(d)}
              />
            </>
          ))}
      </section>
      <EndpointSettings endpoint={initial} onSaved={setEndpoint} />
      {confirming === 'rotate' && (
        <ConfirmDialog
          title={words.rotateTitle}
          confirmLabel={words.rotate}
          busy={action.busy}
          onConfirm={() => void rotate()}
          onCancel={() => setConfirming(null)}
        >
          <p>{words.rotateBody}</p>
        </ConfirmDialog>
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          title={words.deleteTitle}
          confirmLabel={words.delete}
          danger
          busy={action.busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(null)}
        >
          <p>{words.deleteBody(endpoint.url)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The endpoint's URL, description and kinds; its own notices, as it sits below the rest. */
function EndpointSettings({
  endpoint,
  onSaved,
}: {
  endpoint: WebhookEndpoint;
  onSaved: (endpoint: WebhookEndpoint) => void;
}) {
  const [draft, setDraft] = useState<EndpointInput>(() => ({
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.event_types,
    enabled: endpoint.enabled,
  }));
  const [saved, setSaved] = useState(false);
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    setSaved(false);
    const { url, description, event_types } = draft;
    const updated = await submit.run(
      () => webhooksApi.update(endpoint.id, { url, description, event_types }),
      isApiError,
    );
    if (!updated) return;
    onSaved(updated);
    setSaved(true);
  };
  const failure = submit.failure === t.dashboard.fixProblems ? words.fixProblems : submit.failure;
  return (
    <section className="dsection" aria-labelledby="webhook-settings">
      <h2 id="webhook-settings">{words.settings}</h2>
      {saved && <Notice tone="success">{words.saved}</Notice>}
      {failure && <Notice tone="error">{failure}</Notice>}
      <EndpointForm
        draft={draft}
        change={(patch) => {
          setSaved(false);
          setDraft((current) => ({ ...current, ...patch }));
        }}
        error={submit.error}
        label={words.formLabel}
        submitLabel={words.save}
        busy={submit.busy}
        onSubmit={(e) => void save(e)}
      />
    </section>
  );
}
