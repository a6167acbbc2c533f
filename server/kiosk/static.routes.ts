import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** electron-vite's renderer output in a checkout (`npm run build`). */
export const DEFAULT_KIOSK_DIR = fileURLToPath(new URL('../../out/renderer/', import.meta.url));

/**
 * The renderer's own pages (its router's paths). Each answers index.html so a deep link or a reload works; every
 * other path stays the API's, with its JSON 404.
 */
export const RENDERER_PAGES = [
  '/',
  '/kiosk/*',
  '/org/*',
  // The dashboard's pages, named one by one so that nothing under /dashboard/api is ever answered with a page.
  '/dashboard',
  '/dashboard/setup',
  '/dashboard/sign-in',
  '/dashboard/events',
  '/dashboard/events/*',
  '/dashboard/people',
  '/dashboard/people/*',
  '/dashboard/staff',
  '/dashboard/sync',
  '/dashboard/developers/*',
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
  /** The built renderer: index.html and assets/. */
  root: string;
  /** Other origins the page may call (the venue's servers); none by default. */
  connectSources?: () => readonly string[];
}

/** Serves the built kiosk renderer on the API's own origin, so its API calls need no CORS. */
export const kioskStaticRoutes: FastifyPluginAsync<KioskStaticOptions> = async (
  app,
  { root, connectSources = () => [] },
) => {
  const indexFile = path.join(root, 'index.html');

  await app.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    index: false,
    // Vite names each asset by its content hash: a changed file gets a new name, so a cached one never goes stale.
    maxAge: '365d',
    immutable: true,
  });

  for (const url of RENDERER_PAGES) {
    app.get(url, { schema: { hide: true } }, async function serveKioskPage(_request, reply) {
      // Checked per request: a build made while the server runs is served at the next load.
      const built = await fs.access(indexFile).then(
        () => true,
        () => false,
      );
      // nosniff and X-Frame-Options are on every answer (platform/security-headers.ts); the policy is the page's.
      // Origins only (`http://host:port`): nothing in them can close the directive or start another.
      const venue = connectSources().filter((origin) => /^https?:\/\/[a-z0-9.:[\]-]+$/i.test(origin));
      reply.header('Content-Security-Policy', contentSecurityPolicy(venue));
      if (!built) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
      // Revalidated on every load, so a new build's asset names reach the kiosk at once.
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', root, { cacheControl: false });
    });
  }
};
