import type { Clock } from '../clock.ts';
import { eventSettingsErrors } from '../domain/event-rules.ts';
import { toTimestamp } from '../domain/time.ts';
import type { EventRecord } from '../domain/types.ts';
import { hasFieldErrors, type FieldErrors } from '../domain/validation-messages.ts';
import type { Repositories } from '../repositories/index.ts';
import { applyEventInput, type EventInput } from '../schemas/events.ts';

export type SaveEventOutcome = { ok: true; event: EventRecord } | { ok: false; errors: FieldErrors };

/** Creating and editing events, shared by the token API and the dashboard. */
export function eventService(repos: Repositories, clock: Clock) {
  return {
    create(organizationId: number, input: EventInput): SaveEventOutcome {
      const settings = applyEventInput(null, input);
      const errors = eventSettingsErrors(settings);
      if (hasFieldErrors(errors)) return { ok: false, errors };
      return { ok: true, event: repos.events.create(organizationId, settings, toTimestamp(clock.now())) };
    },
    /** Applies only the keys present; the merged result must still be consistent. */
    update(event: EventRecord, input: EventInput): SaveEventOutcome {
      const settings = applyEventInput(event, input);
      const errors = eventSettingsErrors(settings);
      if (hasFieldErrors(errors)) return { ok: false, errors };
      return { ok: true, event: repos.events.update(event.id, settings, toTimestamp(clock.now())) };
    },
  };
}

export type EventService = ReturnType<typeof eventService>;
