import type { ArrivalStep } from '../platform/arrival.ts';
import { TICKET_PATH } from './ticket.rules.ts';

/**
 * What every answer under a ticket's address carries, the page (`/t/{secret}`) and the API
 * (`/public/tickets/{secret}...`) alike, refusals and 404s included: no Referer leaves the page with the secret in
 * it (a click on the organizer's site, the logo), no search engine keeps it, no cache stores it.
 */
export const TICKET_HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
} as const;

/** An arrival step (platform/arrival.ts), after the security headers: these replace their referrer policy. */
export const setTicketHeaders: ArrivalStep = (request, reply) => {
  if (TICKET_PATH.test(request.url)) reply.headers(TICKET_HEADERS);
  return undefined;
};
