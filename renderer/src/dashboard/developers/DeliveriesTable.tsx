import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import type { Delivery, DeliveryStatus } from '../api/developers.ts';
import { Pill, type PillTone } from '../shell/controls.tsx';
import { ListTable, RowActionCell } from '../shell/ListTable.tsx';

const words = wordsOf(() => t.dashboard.developers.webhook);

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
    <ListTable
      caption={words.deliveries}
      className="deliveries-table"
      columns={[
        words.time,
        words.kind,
        words.result,
        words.statusCode,
        words.duration,
        words.attempt,
        words.response,
      ]}
      actionsHeading={words.redeliver}
    >
      {deliveries.map((delivery) => {
        const attempt = delivery.last_attempt;
        const time = format.dateTime(attempt?.attempted_at ?? delivery.created_at);
        return (
          <tr key={delivery.id} data-testid="delivery-row">
            <th scope="row">{time}</th>
            <td data-label={words.kind}>
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
            <td data-label={words.statusCode}>
              {!attempt
                ? words.notYet
                : (attempt.status_code ??
                  (attempt.error ? words.noAnswerBecause(attempt.error) : words.noAnswer))}
            </td>
            <td data-label={attempt ? words.duration : undefined}>
              {attempt ? words.durationMs(attempt.duration_ms) : ''}
            </td>
            <td>{attempt ? words.attemptOf(attempt.number) : ''}</td>
            <td>{attempt?.response_excerpt && <ResponseExcerpt text={attempt.response_excerpt} />}</td>
            <RowActionCell
              label={words.redeliver}
              subject={`${delivery.type}, ${time}`}
              busy={busy}
              onClick={() => onRedeliver(delivery)}
            />
          </tr>
        );
      })}
    </ListTable>
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
