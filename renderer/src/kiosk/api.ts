import { answer, api } from '../shared/api/client.ts';
import type { Answer, Schema } from '../shared/api/types.ts';

/** The public endpoints the kiosk and its start page call: no credentials, the event's UUID in the path. */

export type PublicEvent = Schema<'PublicEvent'>;
/** The public event with what a kiosk adds: the event's time zone, its times, and when things open. */
export type KioskEvent = Schema<'KioskEvent'>;
export type OrganizationSummary = Schema<'PublicOrganization'>;
export type EventSummary = Schema<'PublicEventSummary'>;
export type PublicProfile = Schema<'PublicProfile'>;
export type Registration = Answer<'/public/events/{uuid}/register', 'post'>;
export type CheckIn = Answer<'/public/events/{uuid}/check-in', 'post'>;

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

  register: (uuid: string, answers: Record<string, string>) =>
    answer(api.POST('/public/events/{uuid}/register', { params: { path: { uuid } }, body: answers })),

  checkIn: (uuid: string, email: string) =>
    answer(api.POST('/public/events/{uuid}/check-in', { params: { path: { uuid } }, body: { email } })),

  profile: (code: string, signal?: AbortSignal) =>
    answer(api.GET('/public/profile/{code}', { params: { path: { code } }, signal })).then((r) => r.data),
};
