import { hasFieldErrors, type FieldErrors } from '../platform/field-errors.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import { defaultListOf } from '../lists/presence.service.ts';
import { applyEventInput } from './event.input.ts';
import { eventSettingsErrors } from './event.rules.ts';
import type { EventInput } from './event.schemas.ts';
import type { EventRecord, EventSettings } from './event.types.ts';

export type SaveEventOutcome = { ok: true; event: EventRecord } | { ok: false; errors: FieldErrors };

/** Events: reading them, and creating and editing them for the token API and the dashboard alike. */
export function eventService(store: Store, notify: ChangeNotifier) {
  const { repos, clock } = store;

  /** Any event by its UUID, published or not; the caller decides who may see it. */
  function findEvent(uuid: string): EventRecord | null {
    return repos.events.findByUuid(uuid);
  }

  function findEventById(id: number): EventRecord | null {
    return repos.events.findById(id);
  }

  /** An event the public may see: unpublished events do not exist for them. */
  function findPublishedEvent(uuid: string): EventRecord | null {
    const event = repos.events.findByUuid(uuid);
    return event?.isPublished ? event : null;
  }

  function listEvents(organizationId: number, options: { publishedOnly?: boolean } = {}): EventRecord[] {
    return repos.events.listForOrganization(organizationId, options);
  }

  /** Stores the event and its notification in one transaction. */
  function save(
    type: 'event.created' | 'event.updated',
    settings: EventSettings,
    write: (now: string) => EventRecord,
  ) {
    const errors = eventSettingsErrors(settings);
    if (hasFieldErrors(errors)) return { ok: false, errors } as const;
    const now = clock.now();
    const event = store.inTransaction(() => {
      const saved = write(toTimestamp(now));
      notify.eventChanged(type, saved, now);
      return saved;
    });
    return { ok: true, event } as const;
  }

  function createEvent(organizationId: number, input: EventInput): SaveEventOutcome {
    const settings = applyEventInput(null, input);
    return save('event.created', settings, (now) => {
      const event = repos.events.create(organizationId, settings, now);
      // Every event has its default list, holding today's check-in (server/lists/).
      defaultListOf(repos, event);
      return event;
    });
  }

  /** Applies only the keys present; the merged result must still be consistent. */
  function updateEvent(event: EventRecord, input: EventInput): SaveEventOutcome {
    const settings = applyEventInput(event, input);
    return save('event.updated', settings, (now) => repos.events.update(event.id, settings, now));
  }

  return { findEvent, findEventById, findPublishedEvent, listEvents, createEvent, updateEvent };
}

export type EventService = ReturnType<typeof eventService>;
