import { format, t } from '../../shared/i18n/index.ts';
import type { Delivery, DeliveryStatus } from '../api/developers.ts';
import { Pill, type PillTone } from '../shell/controls.tsx';

const words = t.dashboard.developers.webhook;

const DELIVERY_TONES: Record<DeliveryStatus, PillTone | undefined> = {
  pending: undefined,
  delivered: 'good',
  failed: 'bad',
};

/** Recent deliveries, newest first: when, what, how it went (the last attempt's answer), and Redeliver. */
export function DeliveriesTable({
  deliveries,
  busy,
  onRedeliver,
}: {
  deliveries: Delivery[];
  busy: boolean;
  onRedeliver: (delivery: Delivery) => void;
}) {
  return (
    <table className="dtable deliveries-table">
      <caption className="visually-hidden">{words.deliveries}</caption>
      <thead>
        <tr>
          <th scope="col">{words.time}</th>
          <th scope="col">{words.kind}</th>
          <th scope="col">{words.result}</th>
          <th scope="col">{words.statusCode}</th>
          <th scope="col">{words.duration}</th>
          <th scope="col">{words.attempt}</th>
          <th scope="col">{words.response}</th>
          <th scope="col">
            <span className="visually-hidden">{words.redeliver}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => {
          const attempt = delivery.last_attempt;
          const time = format.dateTime(attempt?.attempted_at ?? delivery.created_at);
          return (
            <tr key={delivery.id} data-testid="delivery-row">
              <th scope="row">{time}</th>
              <td>
                <code>{delivery.type}</code>
              </td>
              <td>
                <Pill tone={DELIVERY_TONES[delivery.status]}>
                  {words.deliveryStatus[delivery.status] ?? delivery.status}
                </Pill>
                {delivery.status === 'pending' && delivery.next_attempt_at && (
                  <span className="muted delivery-next">
                    {words.nextAttempt(format.dateTime(delivery.next_attempt_at))}
                  </span>
                )}
              </td>
              <td>
                {!attempt
                  ? words.notYet
                  : (attempt.status_code ?? `${words.noAnswer}${attempt.error ? `: ${attempt.error}` : ''}`)}
              </td>
              <td>{attempt ? words.durationMs(attempt.duration_ms) : ''}</td>
              <td>{attempt ? words.attemptOf(attempt.number) : ''}</td>
              <td>{attempt?.response_excerpt && <ResponseExcerpt text={attempt.response_excerpt} />}</td>
              <td>
                <div className="dtable-actions">
                  <button
                    type="button"
                    className="dbutton"
                    aria-disabled={busy || undefined}
                    onClick={() => !busy && onRedeliver(delivery)}
                  >
                    {words.redeliver}
                    <span className="visually-hidden">
                      {' '}
                      {delivery.type}, {time}
                    </span>
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Past this many characters an answer's body opens on request, so one chatty receiver cannot stretch the table. */
const SHORT_EXCERPT = 80;

function ResponseExcerpt({ text }: { text: string }) {
  if (text.length <= SHORT_EXCERPT) return <code className="delivery-excerpt">{text}</code>;
  return (
    <details>
      <summary>
        <code className="delivery-excerpt">{text.slice(0, SHORT_EXCERPT)}…</code>
      </summary>
      <code className="delivery-excerpt">{text}</code>
    </details>
  );
}
