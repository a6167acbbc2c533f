import { parsePublicRoute, publicPaths } from '../routes.ts';

/**
 * Where a registration's ticket is, on this server: the path of the ticket page the server named (the register
 * answer's `Location`). A link built on another address (the organization's public one, which the email links to)
 * keeps its path and drops its origin: this page may have been opened at another of the server's names (a LAN
 * address), and the ticket page is served by this same server. Null when the answer names no ticket page.
 */
export function ticketPathOf(ticketUrl: string | null | undefined, origin: string): string | null {
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
