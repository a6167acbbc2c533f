import type Database from 'better-sqlite3';
import type { RegisterResult } from '../../server/attendees/attendee.repository.ts';
import { ledgerService } from '../../server/attendees/ledger.service.ts';
import { recordRegistration } from '../../server/attendees/registration.service.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { createStore } from '../../server/store.ts';
import { rootJournal } from '../../server/sync/journal.ts';
import { silentNotifier } from '../../server/webhooks/notifier.ts';

/**
 * A confirmed registration written through `connection`, as another process (the CLI, a second server) would write
 * it, inside whatever transaction the connection holds: the ledger's own code, without the answers' checks.
 */
export function registerOn(
  connection: Database.Database,
  eventId: number,
  person: { email: string; name?: string; answers?: Record<string, string> },
): RegisterResult {
  const store = createStore(connection, systemClock);
  const event = store.repos.events.findById(eventId);
  if (!event) throw new Error(`no event ${eventId}`);
  return recordRegistration(
    store,
    ledgerService(store, store.repos.ledger, silentNotifier),
    rootJournal,
    'walk_in',
    event,
    {
      email: person.email,
      name: person.name ?? person.email,
      answers: person.answers ?? { email: person.email },
      status: 'confirmed',
      now: new Date(),
    },
  );
}
