import { answer, api, type ApiError } from '../../shared/api/client.ts';
import type { paths } from '../../shared/api/schema.d.ts';
import type { Answer, AttendeeStatus, Refusal, RequestBody, Schema } from '../../shared/api/types.ts';

export type MailState = Schema<'PeopleByMailState'> extends infer People ? keyof People & string : never;

/** The attendee desk of one event (server/attendees/desk.routes.ts): the list, the live counts and the actions. */

/** What the desk needs of the event (the whole event is GET /dashboard/api/events/:id). */
export type DeskEvent = Pick<
  Schema<'Event'>,
  'id' | 'name' | 'timezone' | 'registration_fields' | 'allow_self_checkin' | 'is_checkin_allowed'
>;

export type DeskAttendee = Schema<'DeskAttendee'>;
/** A row of the desk's list: the attendee and its newest mail. */
export type DeskListAttendee = Schema<'DeskListAttendee'>;
export type BadgeSettings = Schema<'BadgeSettings'>;

/** The list's search and filters as the desk's controls hold them ('' for any). */
export interface DeskQuery {
  q: string;
  status: AttendeeStatus | '';
  checkedIn: '' | 'true' | 'false';
  /** Where the person's mail stands (the mail filter, where this server mails the event). */
  mail: MailState | '';
  page: number;
}

export const PER_PAGE = 50;

export type DeskList = Answer<'/dashboard/api/events/{event_id}/attendees', 'get'>;
export type LiveStats = Schema<'LiveStats'>;

export type ImportMode = NonNullable<RequestBody<'/dashboard/api/events/{event_id}/import', 'post'>['mode']>;

/** One refused row of an import: its 1-based position in the rows sent and its problems by field. */
export type ImportRowError = NonNullable<
  Refusal<'/dashboard/api/events/{event_id}/import', 'post', 422>['rows']
>[number];

/** What can be done to one attendee: each a POST to `.../attendees/{attendee_id}/{action}`. */
export type AttendeeAction = {
  [
    Path in keyof paths
  ]: Path extends `/dashboard/api/events/{event_id}/attendees/{attendee_id}/${infer Action}`
    ? [NonNullable<paths[Path]['post']>] extends [never]
      ? never
      : Action
    : never;
}[keyof paths];

const event = (eventId: string) => ({ params: { path: { event_id: eventId } } });

function listQuery(query: DeskQuery) {
  const q = query.q.trim();
  return {
    page: query.page,
    per_page: PER_PAGE,
    ...(q ? { q } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.checkedIn ? { checked_in: query.checkedIn } : {}),
    ...(query.mail ? { mail: query.mail } : {}),
  };
}

export const deskApi = {
  event: (eventId: string, signal?: AbortSignal): Promise<DeskEvent> =>
    answer(api.GET('/dashboard/api/events/{event_id}', { ...event(eventId), signal })).then((r) => r.data),

  list: (eventId: string, query: DeskQuery, signal?: AbortSignal) =>
    answer(
      api.GET('/dashboard/api/events/{event_id}/attendees', {
        params: { path: { event_id: eventId }, query: listQuery(query) },
        signal,
      }),
    ),

  /** How the event's badges are laid out (chosen in the event editor). */
  badgeSettings: (eventId: string, signal?: AbortSignal): Promise<BadgeSettings> =>
    answer(api.GET('/dashboard/api/events/{event_id}/badge', { ...event(eventId), signal })).then(
      (r) => r.data,
    ),

  setBadgeSettings: (eventId: string, settings: BadgeSettings): Promise<BadgeSettings> =>
    answer(api.PATCH('/dashboard/api/events/{event_id}/badge', { ...event(eventId), body: settings })).then(
      (r) => r.data,
    ),

  stats: (eventId: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/events/{event_id}/stats', { ...event(eventId), signal })).then(
      (r) => r.data,
    ),

  addWalkIn: (eventId: string, answers: Record<string, string>) =>
    answer(api.POST('/dashboard/api/events/{event_id}/attendees', { ...event(eventId), body: answers })),

  /** Checks in whoever `code` names: what a scanner read (`ARV1:...`, a profile URL) or a code typed. */
  scan: (eventId: string, code: string) =>
    answer(api.POST('/dashboard/api/events/{event_id}/scan', { ...event(eventId), body: { code } })),

  /** Every action answers with the server's message (check-in, undo and approve also with the attendee). */
  act: (eventId: string, attendeeId: string, action: AttendeeAction) =>
    answer(
      api.POST(`/dashboard/api/events/{event_id}/attendees/{attendee_id}/${action}`, {
        params: { path: { event_id: eventId, attendee_id: attendeeId } },
      }),
    ),

  /** Changes the fields in `changes` (an empty string clears one); answers the attendee as edited. */
  edit: (eventId: string, attendeeId: string, changes: Record<string, string>) =>
    answer(
      api.PATCH('/dashboard/api/events/{event_id}/attendees/{attendee_id}', {
        params: { path: { event_id: eventId, attendee_id: attendeeId } },
        body: changes,
      }),
    ),

  bulkNoShowCount: (eventId: string) =>
    answer(api.GET('/dashboard/api/events/{event_id}/bulk-no-show', event(eventId))).then(
      (r) => r.data.count,
    ),

  bulkNoShow: (eventId: string, expectedCount: number) =>
    answer(
      api.POST('/dashboard/api/events/{event_id}/bulk-no-show', {
        ...event(eventId),
        body: { expected_count: expectedCount },
      }),
    ),

  exportUrl: (eventId: string) => `/dashboard/api/events/${encodeURIComponent(eventId)}/attendees.csv`,

  /** All or nothing: a refusal's per-row report is read with `importRefusalRows`. */
  /** `mode`: whether a refused row stops the import, or is left out and reported. */
  importRows: (eventId: string, rows: Record<string, string>[], mode: ImportMode) =>
    answer(api.POST('/dashboard/api/events/{event_id}/import', { ...event(eventId), body: { rows, mode } })),

  /** What importing `rows` would do, checked by the server in one pass, writing nothing. */
  previewImport: (eventId: string, rows: Record<string, string>[], signal?: AbortSignal) =>
    answer(
      api.POST('/dashboard/api/events/{event_id}/import/preview', {
        ...event(eventId),
        body: { rows },
        signal,
      }),
    ).then((r) => r.data),
};

export type ImportPreview = Schema<'ImportPreview'>;

/** The per-row report of a refused import, or none when the refusal was about something else (seats). */
export function importRefusalRows(error: ApiError): ImportRowError[] {
  const body = error.body as { rows?: unknown } | undefined;
  return Array.isArray(body?.rows) ? (body.rows as ImportRowError[]) : [];
}
