import { request, segment } from '../shared/api/client.ts';
import type {
  CheckIn,
  EventSummary,
  OrganizationSummary,
  PublicEvent,
  PublicProfile,
  Registration,
} from '../shared/api/types.ts';

/** The public endpoints the kiosk and its start page call: no credentials, the event's UUID in the path. */
export const kioskApi = {
  organizations: (signal?: AbortSignal) =>
    request<{ data: OrganizationSummary[] }>('GET', '/public/organizations', { signal }).then((r) => r.data),

  organizationEvents: (slug: string, signal?: AbortSignal) =>
    request<{ data: EventSummary[] }>('GET', `/public/organizations/${segment(slug)}/events`, {
      signal,
    }).then((r) => r.data),

  event: (uuid: string, signal?: AbortSignal) =>
    request<{ data: PublicEvent }>('GET', `/public/events/${segment(uuid)}`, { signal }).then((r) => r.data),

  register: (uuid: string, answers: Record<string, string>) =>
    request<Registration>('POST', `/public/events/${segment(uuid)}/register`, { body: answers }),

  checkIn: (uuid: string, email: string) =>
    request<CheckIn>('POST', `/public/events/${segment(uuid)}/check-in`, { body: { email } }),

  profile: (code: string, signal?: AbortSignal) =>
    request<{ data: PublicProfile }>('GET', `/public/profile/${segment(code)}`, { signal }).then(
      (r) => r.data,
    ),
};
