import { answer, api } from '../../shared/api/client.ts';
import type { RequestBody, Schema } from '../../shared/api/types.ts';

/** The organization's events (server/events/event.routes.ts): all staff read them, owners write. */

export type { CheckinPeriodType } from '../../shared/api/types.ts';

/**
 * Every setting of an event, as the editor holds them all to send a new event: the create body with nothing left
 * to the server's defaults. Date-times are instants with an offset, or null.
 */
export type EventSettings = Required<RequestBody<'/dashboard/api/events', 'post'>>;
export type EventChanges = RequestBody<'/dashboard/api/events/{event_id}', 'patch'>;

/** The event's accent colour and logo (server/brand/), set beside the event rather than in it. */
export type EventBrand = Schema<'EventBrand'>;

/** An event as the server keeps it: its settings, what they mean now (registration open...) and its counts. */
export type DashboardEvent = Schema<'Event'>;

const event = (eventId: string) => ({ params: { path: { event_id: eventId } } });

export const eventsApi = {
  list: (signal?: AbortSignal) => answer(api.GET('/dashboard/api/events', { signal })).then((r) => r.data),

  get: (eventId: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/events/{event_id}', { ...event(eventId), signal })).then((r) => r.data),

  create: (settings: EventSettings) =>
    answer(api.POST('/dashboard/api/events', { body: settings })).then((r) => r.data),

  update: (eventId: string, changes: EventChanges) =>
    answer(api.PATCH('/dashboard/api/events/{event_id}', { ...event(eventId), body: changes })).then(
      (r) => r.data,
    ),

  brand: (eventId: string, signal?: AbortSignal): Promise<EventBrand> =>
    answer(api.GET('/dashboard/api/events/{event_id}/brand', { ...event(eventId), signal })).then(
      (r) => r.data,
    ),

  /** A colour white text reads on (the server checks), or null for the kiosk's own. */
  setAccent: (eventId: string, accentColor: string | null): Promise<EventBrand> =>
    answer(
      api.PATCH('/dashboard/api/events/{event_id}/brand', {
        ...event(eventId),
        body: { accent_color: accentColor },
      }),
    ).then((r) => r.data),

  /** The file's bytes, base64: the server reads what the file is from them, not from its name. */
  uploadLogo: (eventId: string, imageBase64: string): Promise<EventBrand> =>
    answer(
      api.PUT('/dashboard/api/events/{event_id}/brand/logo', {
        ...event(eventId),
        body: { image: imageBase64 },
      }),
    ).then((r) => r.data),

  removeLogo: (eventId: string): Promise<EventBrand> =>
    answer(api.DELETE('/dashboard/api/events/{event_id}/brand/logo', { ...event(eventId) })).then(
      (r) => r.data,
    ),
};
