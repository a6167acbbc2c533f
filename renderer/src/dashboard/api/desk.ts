import { type ApiError, request, segment } from '../../shared/api/client.ts';
import type { AttendeeStatus, RegistrationField } from '../../shared/api/types.ts';
import { DASHBOARD_API } from './session.ts';

/** The attendee desk of one event (server/routes/dashboard/desk.ts): the list, the live counts and the actions. */

/** What the desk needs of the event (the whole event is GET /dashboard/api/events/:id). */
export interface DeskEvent {
  id: string;
  name: string;
  timezone: string;
  registration_fields: RegistrationField[];
  allow_self_checkin: boolean;
  is_checkin_allowed: boolean;
}

export interface DeskAttendee {
  id: string;
  number: number;
  name: string;
  email: string;
  status: AttendeeStatus;
  registered_at: string;
  checked_in_at: string | null;
  answers: Record<string, string>;
}

export interface DeskQuery {
  q: string;
  status: AttendeeStatus | '';
  checkedIn: '' | 'true' | 'false';
  page: number;
}

export const PER_PAGE = 50;

export interface DeskList {
  data: DeskAttendee[];
  meta: { total: number; page: number; per_page: number };
}

export interface LiveStats {
  counts: Record<AttendeeStatus, number> & { checked_in: number; total: number };
  arrivals_last_15_min: number;
  still_expected: number;
  checkins_per_5_min: { start: string; count: number }[];
}

export interface ImportRowError {
  /** 1-based position in the rows sent. */
  row: number;
  errors: Record<string, string[]>;
}

interface Done {
  message: string;
}

const eventPath = (eventId: string, rest = '') => `${DASHBOARD_API}/events/${segment(eventId)}${rest}`;
const attendeePath = (eventId: string, attendeeId: string, action: string) =>
  eventPath(eventId, `/attendees/${segment(attendeeId)}/${action}`);

function listSearch(query: DeskQuery): string {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(PER_PAGE) });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.status) params.set('status', query.status);
  if (query.checkedIn) params.set('checked_in', query.checkedIn);
  return params.toString();
}

export type AttendeeAction = 'check-in' | 'undo-check-in' | 'approve' | 'cancel' | 'no-show';

export const deskApi = {
  event: (eventId: string, signal?: AbortSignal) =>
    request<{ data: DeskEvent }>('GET', eventPath(eventId), { signal }).then((r) => r.data),

  list: (eventId: string, query: DeskQuery, signal?: AbortSignal) =>
    request<DeskList>('GET', eventPath(eventId, `/attendees?${listSearch(query)}`), { signal }),

  stats: (eventId: string, signal?: AbortSignal) =>
    request<{ data: LiveStats }>('GET', eventPath(eventId, '/stats'), { signal }).then((r) => r.data),

  addWalkIn: (eventId: string, answers: Record<string, string>) =>
    request<Done & { data: DeskAttendee }>('POST', eventPath(eventId, '/attendees'), { body: answers }),

  /** Every action answers with the server's message (check-in, undo and approve also with the attendee). */
  act: (eventId: string, attendeeId: string, action: AttendeeAction) =>
    request<Done>('POST', attendeePath(eventId, attendeeId, action)),

  bulkNoShowCount: (eventId: string) =>
    request<{ data: { count: number } }>('GET', eventPath(eventId, '/bulk-no-show')).then(
      (r) => r.data.count,
    ),

  bulkNoShow: (eventId: string, expectedCount: number) =>
    request<Done & { success_count: number; failed_count: number }>(
      'POST',
      eventPath(eventId, '/bulk-no-show'),
      { body: { expected_count: expectedCount } },
    ),

  exportUrl: (eventId: string) => eventPath(eventId, '/attendees.csv'),

  /** All or nothing: a refusal's per-row report is read with `importRefusalRows`. */
  importRows: (eventId: string, rows: Record<string, string>[]) =>
    request<Done & { imported: number }>('POST', eventPath(eventId, '/import'), { body: { rows } }),
};

/** The per-row report of a refused import, or none when the refusal was about something else (seats). */
export function importRefusalRows(error: ApiError): ImportRowError[] {
  const body = error.body as { rows?: unknown } | undefined;
  return Array.isArray(body?.rows) ? (body.rows as ImportRowError[]) : [];
}
