import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/database.ts';
import { eventSettingsErrors } from './event.rules.ts';
import { toTimestamp } from '../platform/time.ts';
import type { EventRecord } from '../platform/types.ts';
import { hasFieldErrors, type FieldErrors } from '../platform/field-errors.ts';
import type { WebhookEventType } from '../webhooks/webhook.rules.ts';
import type { Repositories } from '../store.ts';
import { applyEventInput, presentEvent, type EventInput } from './event.schemas.ts';
import type { WebhookOutbox } from '../webhooks/webhook.service.ts';

export type SaveEventOutcome = { ok: true; event: EventRecord } | { ok: false; errors: FieldErrors };

/** Creating and editing events, shared by the token API and the dashboard; each save is notified with it. */
export function eventService(db: Db, repos: Repositories, clock: Clock, outbox: WebhookOutbox) {
  /** Stores the event and its notification in one transaction. */
  function save(type: WebhookEventType, write: (now: Date) => EventRecord): EventRecord {
    const now = clock.now();
    return db
      .transaction(() => {
        const event = write(now);
        outbox.enqueue(event.organizationId, type, presentEvent(event, now));
        return event;
      })
      .immediate();
  }

  return {
    create(organizationId: number, input: EventInput): SaveEventOutcome {
      const settings = applyEventInput(null, input);
      const errors = eventSettingsErrors(settings);
      if (hasFieldErrors(errors)) return { ok: false, errors };
      return {
        ok: true,
        event: save('event.created', (now) =>
          repos.events.create(organizationId, settings, toTimestamp(now)),
        ),
      };
    },
    /** Applies only the keys present; the merged result must still be consistent. */
    update(event: EventRecord, input: EventInput): SaveEventOutcome {
      const settings = applyEventInput(event, input);
      const errors = eventSettingsErrors(settings);
      if (hasFieldErrors(errors)) return { ok: false, errors };
      return {
        ok: true,
        event: save('event.updated', (now) => repos.events.update(event.id, settings, toTimestamp(now))),
      };
    },
  };
}

export type EventService = ReturnType<typeof eventService>;
