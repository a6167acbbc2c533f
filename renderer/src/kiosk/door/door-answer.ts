import { format, t } from '../../shared/i18n/index.ts';
import type { DoorScan, ScanDirection } from '../api.ts';
import type { ScanState } from '../scan/useCodeCheckIn.ts';

/** Which way this door scans: `?direction=exit` in the kiosk's URL, set by staff; entries otherwise. */
export function doorDirection(search: string): ScanDirection {
  return new URLSearchParams(search).get('direction')?.trim().toLowerCase() === 'exit' ? 'exit' : 'entry';
}

/** Names of lists as the language on screen offers a choice: "Workshop B or Workshop C". */
function oneOf(names: string[]): string {
  return new Intl.ListFormat(t.locale, { type: 'disjunction' }).format(names);
}

/**
 * What a door says to the person in front of it, in the language on screen, from the scan's reason code and what
 * comes with it (the server's own sentence is English only): green when they may go through, violet when they did
 * already, amber when it is a matter of time or place, red when staff must see to it. Times in the event's zone,
 * "today" measured against the moment of the scan.
 */
export function doorAnswer(scan: DoorScan, timeZone: string): ScanState {
  const words = t.door;
  const list = scan.list.name;
  const name = scan.attendee?.name ?? '';
  const at = new Date(scan.scanned_at);
  const result = (tone: 'success' | 'already' | 'warning' | 'error', title: string, message: string) =>
    ({ kind: 'result', tone, title, message }) as const;
  switch (scan.result) {
    case 'admitted':
      return result('success', words.welcome(name), words.admitted(list));
    case 'reentered':
      return result('success', words.welcomeBack(name), words.admitted(list));
    case 'exit_recorded':
      return result('success', words.goodbye(name), words.exitRecorded(list));
    case 'unknown_code':
      return result('warning', t.checkIn.notRegisteredTitle, t.refusals.codeNotFound);
    case 'canceled':
      return result('error', t.checkIn.refusedTitle, t.refusals.checkInCanceled);
    case 'pending':
      return result('error', t.checkIn.refusedTitle, t.refusals.checkInPendingApproval);
    case 'not_on_list': {
      const elsewhere = scan.belongs_to.map((other) => other.name);
      return result(
        'error',
        words.notOnListTitle(list),
        elsewhere.length > 0 ? words.goTo(oneOf(elsewhere)) : words.seeStaff,
      );
    }
    case 'not_now':
      return scan.opens_at
        ? result(
            'warning',
            words.opensTitle(list, format.moment(scan.opens_at, timeZone, at)),
            words.opensMessage,
          )
        : result('warning', words.closedTitle(list), words.seeStaff);
    case 'already_entered':
      return result(
        'already',
        words.alreadyTitle,
        scan.entered_at ? words.alreadyEntered(format.moment(scan.entered_at, timeZone, at)) : words.seeStaff,
      );
    case 'full':
      return result('error', words.fullTitle(list), words.fullMessage);
  }
}
