import type { ArrivalStep } from '../platform/arrival.ts';

/**
 * The paths a kiosk page calls, which a page that moved to another of the venue's servers calls across origins
 * (docs/pages-that-move.md): the public event endpoints, the kiosk's own, the status its banner polls, and the
 * venue's list. Not `/public/profile/` (open to any origin already, people/public-profile.routes.ts) and never the
 * dashboard's API, whose session cookie must not ride on a call from another origin.
 */
const KIOSK_PATHS = [
  '/public/events/',
  '/public/organizations',
  '/kiosk/api/',
  '/satellite/status',
  '/venue/servers',
];

const isKioskPath = (url: string) => KIOSK_PATHS.some((prefix) => url.startsWith(prefix));

/**
 * CORS for the kiosk's paths, for pages of the venue's own servers only (`isVenueOrigin`, failover.rules.ts): their
 * answers may be read by such a page; no credentials are allowed, so no cookie rides along. A preflight is answered
 * at once, before the rate limits count it. Another origin gets no CORS header, so its page cannot read the answer.
 * An arrival step (platform/arrival.ts) that answers a preflight itself.
 */
export function venueCors(isVenueOrigin: (origin: string) => boolean): ArrivalStep {
  return (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined || !isKioskPath(request.url)) return undefined;
    reply.header('Vary', 'Origin');
    if (!isVenueOrigin(origin)) return undefined;
    reply.header('Access-Control-Allow-Origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      void reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, POST')
        .header('Access-Control-Allow-Headers', 'accept, content-type, idempotency-key')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
    return undefined;
  };
}
