import { answer, api, ApiError } from '../shared/api/client.ts';
import type { Answer, Schema } from '../shared/api/types.ts';
import type { Language } from '../shared/i18n/index.ts';

/**
 * What the public event and ticket pages ask of the server: the event (its public answer with its times, zone and
 * brand), registration, and a ticket by its secret (its data, its calendar file, its cancellation). No credentials:
 * the event's UUID or the ticket's secret is in the path.
 */

/** The event as the page shows it: the kiosk's event answer (the public event, its times, zone, logo and accent). */
export type PageEvent = Schema<'KioskEvent'>;
export type Registration = Answer<'/public/events/{uuid}/register', 'post'>;

/** A ticket as its page shows it. */
export interface Ticket {
  name: string;
  email: string;
  status: 'confirmed' | 'pending' | 'canceled' | 'no_show';
  checkin_code: string | null;
  checked_in_at: string | null;
  event: {
    id: string;
    name: string;
    starts_at: string | null;
    ends_at: string | null;
    timezone: string;
    location: string | null;
    accent_color: string | null;
    logo_url: string | null;
    organization: { name: string };
  };
}

const ticketPath = (secret: string) => `/public/tickets/${encodeURIComponent(secret)}`;

async function ticketCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, '');
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new ApiError(response.status, body.message ?? '', {}, body);
  return body as T;
}

export const publicApi = {
  event: (uuid: string, signal?: AbortSignal) =>
    answer(api.GET('/public/events/{uuid}/kiosk', { params: { path: { uuid } }, signal })).then(
      (r) => r.data,
    ),

  /** In the page's language, which the server keeps for the registration's emails. */
  register: (uuid: string, answers: Record<string, string>, language: Language) =>
    answer(
      api.POST('/public/events/{uuid}/register', {
        params: { path: { uuid } },
        body: answers,
        headers: { 'accept-language': language },
      }),
    ),

  ticket: (secret: string, signal?: AbortSignal) =>
    ticketCall<{ data: Ticket }>(ticketPath(secret), { signal }).then((r) => r.data),

  cancel: (secret: string) =>
    ticketCall<{ message: string }>(`${ticketPath(secret)}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),

  /** The event as an RFC 5545 calendar file, for the person's own calendar. */
  calendarUrl: (secret: string) => `${ticketPath(secret)}/event.ics`,
};
