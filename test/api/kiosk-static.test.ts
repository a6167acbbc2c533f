import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

/** A stand-in for electron-vite's out/renderer: the tests need no build. */
function fakeRendererBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-kiosk-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'dashboard.html'),
    '<!doctype html><html><body><div id="root" data-page="dashboard"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'public.html'),
    '<!doctype html><html><body><div id="root" data-page="public"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-Bx1yZ2.js'), 'console.log("kiosk")');
  return dir;
}

let t: TestApp;
let kioskDir: string;

beforeEach(async () => {
  kioskDir = fakeRendererBuild();
  t = await startTestApp({ kioskDir });
});
afterEach(async () => {
  await t.close();
  fs.rmSync(kioskDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the kiosk renderer on the API origin', () => {
  it.each(['/', '/kiosk/4f1c2e4e-0000-4000-8000-000000000000', '/kiosk/any/scan', '/org/city-hall'])(
    'answers %s with index.html, revalidated on every load',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each([
    '/dashboard',
    '/dashboard/sign-in',
    '/dashboard/events/4f1c2e4e-0000-4000-8000-000000000000/desk',
    '/dashboard/people/new',
    '/dashboard/mail',
    '/dashboard/developers/tokens',
  ])("answers the dashboard's %s with dashboard.html, revalidated on every load", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.body).toContain('data-page="dashboard"');
  });

  it.each(['/e/4f1c2e4e-0000-4000-8000-000000000000', '/e/any?lang=fr'])(
    'answers the event page %s with public.html, sending no Referer on',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-page="public"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      // It leads to the ticket in the same page: what it loads after that must not name the ticket's address.
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toBeUndefined();
    },
  );

  it("has the browser fetch an event page's event while the page's script loads", async () => {
    const res = await get('/e/4f1c2e4e-0000-4000-8000-000000000000?lang=fr');
    expect(res.headers.link).toBe(
      '</public/events/4f1c2e4e-0000-4000-8000-000000000000/kiosk>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    // What the path says is escaped as a path segment; a path that names no event gets no preload.
    expect((await get('/e/a%3Eb%2Cc')).headers.link).toBe(
      '</public/events/a%3Eb%2Cc/kiosk>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect((await get('/e/a/b')).headers.link).toBeUndefined();
    expect((await get('/t/Zq3xV8mP0aLr2cT9wK5yB1')).headers.link).toBeUndefined();
  });

  it('answers a ticket page with public.html, no Referer and noindex', async () => {
    const res = await get('/t/Zq3xV8mP0aLr2cT9wK5yB1nH7dJ4sF6g');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-page="public"');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each(['/e', '/t'])('leaves %s, a public page without its id, to the JSON 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await get('/assets/index-Bx1yZ2.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("kiosk")');
  });

  it('answers revalidation with 304', async () => {
    const first = await get('/kiosk/x');
    const again = await get('/kiosk/x', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/assets/missing.js',
    '/public/nothing',
    '/api/nothing',
    '/favicon.ico',
    '/kiosks',
    '/dashboard/api/nothing',
    '/dashboard/api/events/x/nothing',
  ])('leaves %s to the API: a JSON 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('never shadows the API, its documents or the profile pages', async () => {
    expect((await get('/openapi.json')).json()).toHaveProperty('openapi');
    expect((await get('/docs')).statusCode).toBeLessThan(400);
    expect((await get('/public/events/unknown')).json()).toEqual({
      message: 'Event not found or not available.',
    });
    expect((await get('/p/unknown')).body).toContain('Profile not found.');
    expect((await get('/api/organization')).statusCode).toBe(401);
    expect((await get('/dashboard/api/session')).statusCode).toBe(401);
    expect((await get('/dashboard/api/setup')).json()).toEqual({
      data: { needs_setup: true, needs_setup_code: false },
    });
  });

  it('does not list its pages in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/openapi.json')).json().paths);
    const pages = paths.filter(
      (p) => p === '/' || (p.startsWith('/kiosk') && !p.startsWith('/kiosk/api/')) || p.startsWith('/assets'),
    );
    expect(pages).toEqual([]);
  });

  it("never answers a path of the kiosk's API with a page", async () => {
    const res = await get('/kiosk/api/events/x/scan');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('says how to build the screens when they are not built yet', async () => {
    fs.rmSync(path.join(kioskDir, 'index.html'));
    const res = await get('/kiosk/x');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });

  it('serves nothing at / with kioskDir: false', async () => {
    await t.close();
    t = await startTestApp({ kioskDir: false });
    expect((await get('/')).json()).toEqual({ message: 'Not found.' });
  });
});
