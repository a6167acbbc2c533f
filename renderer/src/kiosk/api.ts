import { answer, api } from '../shared/api/client.ts';
import type { Answer, Schema } from '../shared/api/types.ts';

/**
 * The endpoints the kiosk and its start page call: the public ones, and the kiosk's own under `/kiosk/api`
 * (registration that answers with the check-in code, check-in by scanned code). No credentials, the event's UUID
 * in the path.
 */

export type PublicEvent = Schema<'PublicEvent'>;
/** The public event with what a kiosk adds: the event's time zone, its times, and when things open. */
export type KioskEvent = Schema<'KioskEvent'>;
export type OrganizationSummary = Schema<'PublicOrganization'>;
export type EventSummary = Schema<'PublicEventSummary'>;
export type PublicProfile = Schema<'PublicProfile'>;
/** A registration made at this kiosk: the public answer and the person's check-in code. */
export type Registration = Answer<'/kiosk/api/events/{uuid}/register', 'post'>;
export type CheckIn = Answer<'/public/events/{uuid}/check-in', 'post'>;
/** A check-in by a scanned code: who it was (name and company), not the email. */
export type ScanCheckIn = Answer<'/kiosk/api/events/{uuid}/scan', 'post'>;
/** A registration a name found, masked: a first name and initial, part of the email, its domain among others. */
export type NameMatch = Schema<'NameMatch'>;
/** A check-in as a registration found by name: as a scan's, without the email. */
export type FoundCheckIn = Answer<'/kiosk/api/events/{uuid}/find/check-in', 'post'>;

/** The check-in list a door kiosk scans on: its name, whether it records exits, when it opens. */
export type KioskDoor = Schema<'KioskCheckInList'>;
/** A scan at a door: the list's reason code and what goes with it (the person by name and company only). */
export type DoorScan = Answer<'/kiosk/api/events/{uuid}/check-in-lists/{list_id}/scan', 'post'>['data'];
export type ScanDirection = DoorScan['direction'];

export const kioskApi = {
  organizations: (signal?: AbortSignal) =>
    answer(api.GET('/public/organizations', { signal })).then((r) => r.data),

  organizationEvents: (slug: string, signal?: AbortSignal) =>
    answer(api.GET('/public/organizations/{slug}/events', { params: { path: { slug } }, signal })).then(
      (r) => r.data,
    ),

  event: (uuid: string, signal?: AbortSignal) =>
    answer(api.GET('/public/events/{uuid}/kiosk', { params: { path: { uuid } }, signal })).then(
      (r) => r.data,
    ),

  /** In the language on screen (`en`, `fr`), which the server keeps for the registration's emails and ticket. */
  register: (uuid: string, answers: Record<string, string>, language: string) =>
    answer(
      api.POST('/kiosk/api/events/{uuid}/register', {
        params: { path: { uuid } },
        body: answers,
        headers: { 'accept-language': language },
      }),
    ),

  checkIn: (uuid: string, email: string) =>
    answer(api.POST('/public/events/{uuid}/check-in', { params: { path: { uuid } }, body: { email } })),

  /** `code` as the scanner read it (`ARV1:...`, a profile URL, a bare code): the server tells them apart. */
  scan: (uuid: string, code: string, signal?: AbortSignal) =>
    answer(api.POST('/kiosk/api/events/{uuid}/scan', { params: { path: { uuid } }, body: { code }, signal })),

  /** A checked-in person's badge, by the email they typed or the code they scanned. */
  badge: (uuid: string, holder: { email: string } | { code: string }) =>
    answer(api.POST('/kiosk/api/events/{uuid}/badge', { params: { path: { uuid } }, body: holder })),
  /** The registrations a last name (and first name, to narrow) finds, masked, each with a short-lived handle. */
  findByName: (uuid: string, name: string) =>
    answer(api.POST('/kiosk/api/events/{uuid}/find', { params: { path: { uuid } }, body: { name } })).then(
      (r) => r.data,
    ),

  /** Check in as the match `handle` names, proved by choosing its email's `domain`. */
  checkInFound: (uuid: string, handle: string, domain: string) =>
    answer(
      api.POST('/kiosk/api/events/{uuid}/find/check-in', {
        params: { path: { uuid } },
        body: { handle, domain },
      }),
    ),

  profile: (code: string, signal?: AbortSignal) =>
    answer(api.GET('/public/profile/{code}', { params: { path: { code } }, signal })).then((r) => r.data),

  door: (uuid: string, listId: string, signal?: AbortSignal) =>
    answer(
      api.GET('/kiosk/api/events/{uuid}/check-in-lists/{list_id}', {
        params: { path: { uuid, list_id: listId } },
        signal,
      }),
    ).then((r) => r.data),

  /** `code` as the scanner read it; the list's rules decide, every decision a 200 with its reason. */
  doorScan: (uuid: string, listId: string, code: string, direction: ScanDirection, signal?: AbortSignal) =>
    answer(
      api.POST('/kiosk/api/events/{uuid}/check-in-lists/{list_id}/scan', {
        params: { path: { uuid, list_id: listId } },
        body: { code, direction },
        signal,
      }),
    ).then((r) => r.data),
};
