import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { eventSettingsErrors } from '../domain/event-rules.ts';
import { toTimestamp } from '../domain/time.ts';
import type { EventRecord } from '../domain/types.ts';
import { hasFieldErrors, type FieldErrors } from '../domain/validation-messages.ts';
import type { WebhookEventType } from '../domain/webhooks.ts';
import type { Repositories } from '../repositories/index.ts';
import { applyEventInput, presentEvent, type EventInput } from '../schemas/events.ts';
import type { WebhookOutbox } from './webhooks.ts';

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
