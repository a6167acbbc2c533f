import type { FastifyInstance } from 'fastify';

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
 */
export function registerVenueCors(app: FastifyInstance, isVenueOrigin: (origin: string) => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined || !isKioskPath(request.url)) return;
    reply.header('Vary', 'Origin');
    if (!isVenueOrigin(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, POST')
        .header('Access-Control-Allow-Headers', 'accept, content-type, idempotency-key')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
  });
}
