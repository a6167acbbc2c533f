import { parsePublicRoute, publicPaths } from '../routes.ts';

/**
 * Where a registration's ticket is, on this server: the path of the `ticket_url` the server answered with. That URL
 * is built on the organization's public address (what the email links to), which may not be the one this page was
 * opened at (a LAN address, a second name): the ticket page is served by this same server, so its path is kept and
 * the origin dropped. Null when the answer carries no ticket.
 */
export function ticketPathOf(ticketUrl: string | undefined, origin: string): string | null {
  if (!ticketUrl) return null;
  let url: URL;
  try {
    url = new URL(ticketUrl, origin);
  } catch {
    return null;
  }
  const route = parsePublicRoute(url.pathname);
  return route.name === 'ticket' ? publicPaths.ticket(route.secret) : null;
}
