import type { ApiError } from '../../shared/api/client.ts';
import type { Schema } from '../../shared/api/types.ts';
import { format, t } from '../../shared/i18n/index.ts';
import type { KioskEvent } from '../api.ts';

/**
 * What the kiosk's scan saw, beside its refusal's message (server/attendees/refusals.http.ts `scanRefusal`): the
 * event a ticket of another event of the organization is for, and whose, when and where a ticket used before was
 * used. Absent from a server of before issue 39: the kiosk then says what the message says.
 */

type UsedTicket = Schema<'UsedTicket'>;

/** The event a ticket of another event of the organization is for, from a 404 of the scan. */
export function ticketEventOf(refusal: ApiError): string | null {
  const named = (refusal.body as { other_event?: { name?: unknown } } | undefined)?.other_event?.name;
  return refusal.status === 404 && typeof named === 'string' ? named : null;
}

/** A ticket used before, from a 409 of the scan. */
export function usedTicketOf(refusal: ApiError): UsedTicket | null {
  const used = (refusal.body as { checked_in?: UsedTicket } | undefined)?.checked_in;
  return refusal.status === 409 && used && typeof used.checked_in_at === 'string' ? used : null;
}

/** "Ada checked in at 10:42 AM at the desk.", in the language on screen and the event's zone. */
export function usedTicketWords(used: UsedTicket, event: KioskEvent, now = new Date()): string {
  const when = format.moment(used.checked_in_at, event.timezone, now);
  return t.scan.usedTicket(used.first_name, when, used.place, used.device);
}
