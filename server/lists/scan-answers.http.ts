import type { EventRecord } from '../events/event.types.ts';
import { messages } from '../platform/messages.ts';
import { formatHumanDateTime } from '../platform/time.ts';
import type { ScanOutcome } from './list.types.ts';

/**
 * The sentence a door shows for each answer of a scan on a check-in list (the contract's messages, byte for byte),
 * with times in the event's zone as today's 409 writes them (`Nov 21, 2026 10:42 AM`).
 */
export function scanMessage(outcome: ScanOutcome, event: EventRecord): string {
  const name = outcome.attendee?.name ?? '';
  const list = outcome.list.name;
  const when = (iso: string) => formatHumanDateTime(iso, event.timezone);
  switch (outcome.result) {
    case 'admitted':
      return messages.scanAdmitted(name);
    case 'reentered':
      return messages.scanReentered(name);
    case 'exit_recorded':
      return messages.scanExitRecorded(name);
    case 'unknown_code':
      return messages.codeNotFound;
    case 'canceled':
      return messages.checkInCanceled;
    case 'pending':
      return messages.checkInPendingApproval;
    case 'not_on_list':
      return outcome.belongsTo.length === 0
        ? messages.scanNotOnList(list)
        : messages.scanNotOnListGoTo(list, outcome.belongsTo.map((other) => other.name).join(', '));
    case 'not_now':
      return outcome.opensAt === null
        ? messages.scanClosed(list)
        : messages.scanOpensAt(list, when(outcome.opensAt));
    case 'already_entered':
      return messages.scanAlreadyEntered(when(outcome.enteredAt!));
    case 'full':
      return messages.scanFull(list);
  }
}
