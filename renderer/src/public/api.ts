import { answer, api, ApiError } from '../shared/api/client.ts';
import type { Answer, Schema } from '../shared/api/types.ts';
import type { Load } from '../shared/hooks/useLoad.ts';
import type { Language } from '../shared/i18n/index.ts';

/**
 * What the public event and ticket pages ask of the server: the event (its public answer with its times, zone and
 * brand), registration, and a ticket by its secret (its data, its calendar file, its cancellation). No credentials:
 * the event's UUID or the ticket's secret is in the path.
 */

/** The event as the page shows it: the kiosk's event answer (the public event, its times, zone, logo and accent). */
export type PageEvent = Schema<'KioskEvent'>;
export type Registration = Answer<'/public/events/{uuid}/register', 'post'>;

/** A ticket as its page shows it: the registration, its code while it can check in, the event. */
export type Ticket = Schema<'Ticket'>;

/** Event answers asked for before the page's first render (main.tsx). */
const earlyEvents = new Map<string, Load<PageEvent>>();

/**
 * Asks for the event as the script starts and waits for its answer before the page's first render, so the page
 * renders once, with its event: the server has the browser fetch it while the script still loads (a `Link: rel=
 * preload` header, server/kiosk/static.routes.ts), and on a phone's slow CPU a render is worth saving.
 */
export async function loadEventEarly(uuid: string): Promise<void> {
  try {
    earlyEvents.set(uuid, { status: 'ready', data: await publicApi.event(uuid) });
  } catch (error) {
    earlyEvents.set(uuid, {
      status: 'failed',
      error: error instanceof ApiError ? error : new ApiError(0, String(error)),
    });
  }
}

/** The answer main.tsx waited for, if it asked for `uuid`'s event. */
export const earlyEvent = (uuid: string): Load<PageEvent> | null => earlyEvents.get(uuid) ?? null;

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

  /** "Send my ticket again": answered alike for every address (the server tells nobody who is registered). */
  ticketAgain: (uuid: string, email: string) =>
    answer(api.POST('/public/events/{uuid}/ticket-again', { params: { path: { uuid } }, body: { email } })),

  ticket: (secret: string, signal?: AbortSignal) =>
    answer(api.GET('/public/tickets/{secret}', { params: { path: { secret } }, signal })).then((r) => r.data),

  /** "Wrong address?": the ticket's email corrected, for a day after registering; answers the ticket as it is now. */
  correctEmail: (secret: string, email: string) =>
    answer(api.PATCH('/public/tickets/{secret}', { params: { path: { secret } }, body: { email } })).then(
      (r) => r.data,
    ),

  /** By the ticket's own secret: the rules and answers of the public cancel. */
  cancel: (secret: string) =>
    answer(api.POST('/public/tickets/{secret}/cancel', { params: { path: { secret } } })),
};
