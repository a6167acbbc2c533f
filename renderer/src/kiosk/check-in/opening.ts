import type { ApiError } from '../../shared/api/client.ts';
import { en } from '../../shared/i18n/en.ts';
import { format, t } from '../../shared/i18n/index.ts';
import type { KioskEvent } from '../api.ts';

/**
 * When check-in opens, if `refusal` is a check-in tried before then: the kiosk scan's `opens_at`, else (the public
 * check-in says no more than the interface's message) the opening the kiosk's event announced (`announced`, its
 * `checkin_opens_at`), while still ahead. Null for any other refusal, and once check-in has closed: nothing opens
 * any more.
 */
export function checkInOpensAt(refusal: ApiError, announced: string | null, now: Date): string | null {
  if (refusal.status !== 403 || refusal.message !== en.refusals.checkInNotAvailable) return null;
  const said = (refusal.body as { opens_at?: unknown } | undefined)?.opens_at;
  if (typeof said === 'string') return said;
  return announced !== null && Date.parse(announced) > now.getTime() ? announced : null;
}

/**
 * "Check-in opens at 18:30": amber, like a ticket that is not valid yet at pretixSCAN, rather than a red refusal.
 * The time is the event's, in the language on screen.
 */
export function opensLaterWords(opensAt: string, event: KioskEvent): { title: string; message: string } {
  return {
    title: t.checkIn.opensTitle(format.moment(opensAt, event.timezone, new Date())),
    message: t.checkIn.opensMessage,
  };
}
