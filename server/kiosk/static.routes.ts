import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { TICKET_HEADERS } from '../tickets/ticket.http.ts';

/** electron-vite's renderer output in a checkout (`npm run build`). */
export const DEFAULT_KIOSK_DIR = fileURLToPath(new URL('../../out/renderer/', import.meta.url));

/**
 * The renderer's own pages (its router's paths). Each answers its page's HTML so a deep link or a reload works; every
 * other path stays the API's, with its JSON 404. The kiosk's pages are index.html; the staff dashboard's are
 * dashboard.html, its own script, so a phone opening the desk fetches the dashboard's script with the page rather
 * than after the kiosk's, and a kiosk never loads it.
 */
export const RENDERER_PAGES = ['/', '/kiosk/*', '/org/*'] as const;

/** The dashboard's pages, named one by one so that nothing under /dashboard/api is ever answered with a page. */
export const DASHBOARD_PAGES = [
  '/dashboard',
  '/dashboard/setup',
  '/dashboard/sign-in',
  '/dashboard/events',
  '/dashboard/events/*',
  '/dashboard/people',
  '/dashboard/people/*',
  '/dashboard/staff',
  '/dashboard/sync',
  '/dashboard/mail',
  '/dashboard/developers/*',
] as const;

/**
 * The public pages people open on their own phones (renderer/public.html, its own small script): an event's page
 * (`/e/{event uuid}`) and a ticket's (`/t/{ticket secret}`). A ticket's address is its only key, so neither page
 * names its address to anyone it loads from or links to (the event page leads to the ticket in the same page), and
 * search engines are asked not to keep a ticket.
 */
export const PUBLIC_PAGES = [
  { url: '/e/*', headers: { 'referrer-policy': 'no-referrer' } },
  // The ticket API's own headers (no Referer, noindex, no-store): the page and its data are one address.
  { url: '/t/*', headers: TICKET_HEADERS },
] as const;

/**
 * What the kiosk page may load: its own scripts and styles (html5-qrcode sets inline styles), the QR codes it draws
 * as data: images, the camera stream, and the API on its own origin and on the venue's other servers (a page carries
 * on through one of them when its own stops: failover/), as they stood when the page loaded.
 */
const contentSecurityPolicy = (connectSources: readonly string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob: mediastream:",
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Arrivals</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1>The kiosk screens are not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>
</body></html>
`;

export interface KioskStaticOptions {
  /** The built renderer: its pages (index.html, dashboard.html, public.html) and assets/. */
  root: string;
  /** Other origins the page may call (the venue's servers); none by default. */
  connectSources?: () => readonly string[];
}

/** Serves the built kiosk renderer on the API's own origin, so its API calls need no CORS. */
export const kioskStaticRoutes: FastifyPluginAsync<KioskStaticOptions> = async (
  app,
  { root, connectSources = () => [] },
) => {
  await app.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    index: false,
    // Vite names each asset by its content hash: a changed file gets a new name, so a cached one never goes stale.
    maxAge: '365d',
    immutable: true,
  });

  /**
   * Answers `page` (index.html, dashboard.html or public.html) of the build, if it is built, with its policy: the
   * kiosk's and the dashboard's may call the venue's other servers, the public pages only their own.
   */
  async function serveBuiltPage(reply: FastifyReply, page: string, venue: readonly string[] = []) {
    const file = path.join(root, page);
    // Checked per request: a build made while the server runs is served at the next load.
    const built = await fs.access(file).then(
      () => true,
      () => false,
    );
    // nosniff and X-Frame-Options are on every answer (platform/security-headers.ts); the policy is the page's.
    reply.header('Content-Security-Policy', contentSecurityPolicy(venue));
    if (!built) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    // Revalidated on every load, so a new build's asset names reach the kiosk at once (a ticket's page: not stored).
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(page, root, { cacheControl: false });
  }

  const pages = [
    ...RENDERER_PAGES.map((url) => ({ url, page: 'index.html' })),
    ...DASHBOARD_PAGES.map((url) => ({ url, page: 'dashboard.html' })),
  ];
  for (const { url, page } of pages) {
    app.get(url, { schema: { hide: true } }, async function serveKioskPage(_request, reply) {
      // Origins only (`http://host:port`): nothing in them can close the directive or start another.
      const venue = connectSources().filter((origin) => /^https?:\/\/[a-z0-9.:[\]-]+$/i.test(origin));
      return serveBuiltPage(reply, page, venue);
    });
  }

  for (const { url, headers } of PUBLIC_PAGES) {
    app.get(url, { schema: { hide: true } }, async function servePublicPage(request, reply) {
      reply.headers(headers);
      const preload = url === '/e/*' ? eventPreload(request.url) : null;
      if (preload) reply.header('link', preload);
      return serveBuiltPage(reply, 'public.html');
    });
  }
};

/**
 * For an event's page, a `Link` header that has the browser fetch the event's data while it still loads the page's
 * script (as=fetch, same-origin credentials: the request the script then makes is answered from it). On a phone's
 * slow CPU the script takes a while to start, and the page needs the event before it can show anything. Null for
 * an address that names no event (the page says it does not exist).
 */
export function eventPreload(url: string): string | null {
  const path = url.split(/[?#]/, 1)[0]!;
  const match = /^\/e\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  let uuid: string;
  try {
    uuid = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return `</public/events/${encodeURIComponent(uuid)}/kiosk>; rel=preload; as=fetch; crossorigin=anonymous`;
}
