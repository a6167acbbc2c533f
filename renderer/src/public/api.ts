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

/** A ticket as its page shows it (GET /public/tickets/{secret}). */
export interface Ticket {
  status: 'pending' | 'confirmed' | 'canceled';
  name: string;
  email: string;
  registered_at: string;
  checked_in_at: string | null;
  /** While the ticket can check its holder in; else null. */
  checkin_code: string | null;
  /** What the QR code carries (`ARV1:` and the code). */
  qr_text: string | null;
  language: 'en' | 'fr';
  can_cancel: boolean;
  calendar_url: string | null;
  event: {
    id: string;
    name: string;
    description: string;
    timezone: string;
    starts_at: string | null;
    ends_at: string | null;
    location: string | null;
    organization: { name: string; slug: string };
    accent_color: string | null;
    logo_url: string | null;
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

/** Event answers asked for before the page's first render (main.tsx), each taken once by the page that needs it. */
const earlyEvents = new Map<string, Promise<PageEvent>>();

/**
 * Asks for the event as the script starts, before React renders anything: on a phone's slow CPU, the first render
 * and its effects come a good while after, and the page waits for this answer either way.
 */
export function loadEventEarly(uuid: string): void {
  const loading = publicApi.event(uuid);
  // Unhandled here: the page that takes it handles it.
  loading.catch(() => undefined);
  earlyEvents.set(uuid, loading);
}

/** The early answer for `uuid`, once; a retry or another visit to the page asks again. */
export function takeEarlyEvent(uuid: string): Promise<PageEvent> | null {
  const loading = earlyEvents.get(uuid) ?? null;
  earlyEvents.delete(uuid);
  return loading;
}

export const publicApi = {
  event: (uuid: string, signal?: AbortSignal) =>
    answer(api.GET('/public/events/{uuid}/kiosk', { params: { path: { uuid } }, signal })).then(
      (r) => r.data,
    ),

  /**
   * In the page's language, which the server keeps for the registration's emails and ticket. The answer is the
   * interface's, and `ticket`: the ticket page the server names in its `Location` header (null from a server that
   * has no tickets).
   */
  register: async (uuid: string, answers: Record<string, string>, language: Language) => {
    const { data, response } = await api.POST('/public/events/{uuid}/register', {
      params: { path: { uuid } },
      body: answers,
      headers: { 'accept-language': language },
    });
    return { ...(data as Registration), ticket: response.headers.get('location') };
  },

  ticket: (secret: string, signal?: AbortSignal) =>
    ticketCall<{ data: Ticket }>(ticketPath(secret), { signal }).then((r) => r.data),

  cancel: (secret: string) =>
    ticketCall<{ message: string }>(`${ticketPath(secret)}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
};
