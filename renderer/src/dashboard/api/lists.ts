import { answer, api } from '../../shared/api/client.ts';
import type { Answer, RequestBody, Schema } from '../../shared/api/types.ts';

/**
 * An event's check-in lists (server/lists/list.routes.ts, issue 38): staff read them, scan on them and see who is
 * inside; owners make, change and delete them.
 */

export type CheckInList = Schema<'CheckInList'>;
export type ListSettings = RequestBody<'/dashboard/api/events/{event_id}/check-in-lists', 'post'>;
export type ListChanges = RequestBody<'/dashboard/api/events/{event_id}/check-in-lists/{list_id}', 'patch'>;
export type EntryRule = CheckInList['entry_rule'];
export type ListWindow = CheckInList['windows'][number];
/** A scan at the desk on a list: the reason code, the person, the list's count after it. */
export type ListScan = Answer<'/dashboard/api/events/{event_id}/check-in-lists/{list_id}/scans', 'post'>;
export type ScanDirection = ListScan['data']['direction'];
export type InsideNow = Answer<'/dashboard/api/events/{event_id}/inside-now', 'get'>['data'];
export type InsideChart = Answer<'/dashboard/api/events/{event_id}/inside-now/chart', 'get'>['data'];
/** One recorded scan of a person, as their history shows it. */
export type ScanRecord = Schema<'CheckInListScanRecord'>;

const event = (eventId: string) => ({ params: { path: { event_id: eventId } } });
const list = (eventId: string, listId: string) => ({
  params: { path: { event_id: eventId, list_id: listId } },
});

export const listsApi = {
  lists: (eventId: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/events/{event_id}/check-in-lists', { ...event(eventId), signal })).then(
      (r) => r.data,
    ),

  create: (eventId: string, settings: ListSettings) =>
    answer(
      api.POST('/dashboard/api/events/{event_id}/check-in-lists', { ...event(eventId), body: settings }),
    ).then((r) => r.data),

  update: (eventId: string, listId: string, changes: ListChanges) =>
    answer(
      api.PATCH('/dashboard/api/events/{event_id}/check-in-lists/{list_id}', {
        ...list(eventId, listId),
        body: changes,
      }),
    ).then((r) => r.data),

  remove: (eventId: string, listId: string) =>
    answer(api.DELETE('/dashboard/api/events/{event_id}/check-in-lists/{list_id}', list(eventId, listId))),

  /** By what a scanner read, or by the person's id (a row of the desk); `force` admits over the list's rules. */
  scan: (
    eventId: string,
    listId: string,
    target: { code: string } | { attendee_id: string },
    direction: ScanDirection,
    force: boolean,
  ) =>
    answer(
      api.POST('/dashboard/api/events/{event_id}/check-in-lists/{list_id}/scans', {
        ...list(eventId, listId),
        body: { ...target, direction, force },
      }),
    ),

  insideNow: (eventId: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/events/{event_id}/inside-now', { ...event(eventId), signal })).then(
      (r) => r.data,
    ),

  chart: (eventId: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/events/{event_id}/inside-now/chart', { ...event(eventId), signal })).then(
      (r) => r.data,
    ),

  history: (eventId: string, attendeeId: string, signal?: AbortSignal) =>
    answer(
      api.GET('/dashboard/api/events/{event_id}/attendees/{attendee_id}/scans', {
        params: { path: { event_id: eventId, attendee_id: attendeeId } },
        signal,
      }),
    ).then((r) => r.data),

  exportUrl: (eventId: string, listId: string) =>
    `/dashboard/api/events/${encodeURIComponent(eventId)}/check-in-lists/${encodeURIComponent(listId)}/scans.csv`,
};
