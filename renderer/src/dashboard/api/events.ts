import { request, segment } from '../../shared/api/client.ts';
import type { CheckinPeriodType, RegistrationField } from '../../shared/api/types.ts';
import { DASHBOARD_API } from './session.ts';

/** The organization's events (server/routes/dashboard/events.ts): all staff read them, owners write. */

export type { CheckinPeriodType };

/** Every setting of an event, as the server keeps it; date-times are instants with an offset, or null. */
export interface EventSettings {
  name: string;
  description: string;
  starts_at: string | null;
  ends_at: string | null;
  location: string | null;
  /** IANA zone of the venue: date-times are entered and shown on its clocks. */
  timezone: string;
  /** Null: unlimited. */
  seats: number | null;
  requires_approval: boolean;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  is_published: boolean;
  checkin_period_type: CheckinPeriodType;
  checkin_starts_at: string | null;
  checkin_ends_at: string | null;
  allow_self_checkin: boolean;
  /** Where a registrant is sent, `{code}` standing for their attendee code. */
  redirect_url: string | null;
  registration_fields: RegistrationField[];
}

export interface DashboardEvent extends EventSettings {
  id: string;
  is_registration_open: boolean;
  is_checkin_allowed: boolean;
  attendees_count: number;
  created_at: string;
  updated_at: string;
}

const eventsPath = (rest = '') => `${DASHBOARD_API}/events${rest}`;

export const eventsApi = {
  list: (signal?: AbortSignal) =>
    request<{ data: DashboardEvent[] }>('GET', eventsPath(), { signal }).then((r) => r.data),

  get: (eventId: string, signal?: AbortSignal) =>
    request<{ data: DashboardEvent }>('GET', eventsPath(`/${segment(eventId)}`), { signal }).then(
      (r) => r.data,
    ),

  create: (settings: EventSettings) =>
    request<{ data: DashboardEvent }>('POST', eventsPath(), { body: settings }).then((r) => r.data),

  update: (eventId: string, changes: Partial<EventSettings>) =>
    request<{ data: DashboardEvent }>('PATCH', eventsPath(`/${segment(eventId)}`), { body: changes }).then(
      (r) => r.data,
    ),
};
