import { paths } from '../shared/routes.ts';

/**
 * The public pages' addresses, as pure data (the unit tests read them): an event's page, `/e/{event uuid}`, and a
 * ticket's, `/t/{ticket secret}`. The server answers both with public.html (server/kiosk/static.routes.ts). They are
 * stable: ticket links go out in emails and event links onto posters.
 */
export type PublicRoute =
  { name: 'event'; eventId: string } | { name: 'ticket'; secret: string } | { name: 'not-found' };

export const publicPaths = {
  event: paths.eventPage,
  ticket: (secret: string) => `/t/${encodeURIComponent(secret)}`,
};

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function parsePublicRoute(pathname: string): PublicRoute {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length !== 2) return { name: 'not-found' };
  const value = decoded(parts[1]!);
  if (!value) return { name: 'not-found' };
  if (parts[0] === 'e') return { name: 'event', eventId: value };
  if (parts[0] === 't') return { name: 'ticket', secret: value };
  return { name: 'not-found' };
}
