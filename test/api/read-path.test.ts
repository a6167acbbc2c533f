/**
 * The read path (server/README.md, "The read path"; issue 32: "keep checks of devices off the public paths"): the
 * hooks Fastify runs for the public reads and the token API's lookup, as its own route listing names them. Each
 * costs every request of those paths, which `npm run bench` holds at 0.70 of a bare twin or better: a check that
 * belongs to other routes (a device's credential, a per-device limit, a session) must not reach them, and what
 * every request meets runs as one hook (platform/arrival.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

type Hooks = Record<string, string[]>;

/** `app.printRoutes({ includeHooks: true })` read back: the hooks of each `METHOD /path`. */
function hooksByRoute(listing: string): Map<string, Hooks> {
  const routes = new Map<string, Hooks>();
  const segments: string[] = [];
  let current: Hooks | null = null;
  for (const line of listing.split('\n')) {
    const hook = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (hook && current) {
      current[hook[1]!] = JSON.parse(hook[2]!) as string[];
      continue;
    }
    // A route is `├── segment (GET, HEAD)` under its parent, or `│   segment (POST)` for more methods of it.
    const route = /^([│ ]*)((?:[├└]── )?)([^│├└─\s].*) \(([A-Z, ]+)\)$/.exec(line);
    if (!route) continue;
    const depth = (route[1]!.length + route[2]!.length) / 4 - 1;
    segments.length = depth;
    segments[depth] = route[3]!;
    current = {};
    for (const method of route[4]!.split(', ')) routes.set(`${method} ${segments.join('')}`, current);
  }
  return routes;
}

let t: TestApp;
let routes: Map<string, Hooks>;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  routes = hooksByRoute(t.app.printRoutes({ includeHooks: true, commonPrefix: false }));
});
afterAll(async () => t.close());

const hooksOf = (route: string): Hooks => {
  const hooks = routes.get(route);
  if (!hooks)
    throw new Error(`no route ${route} in the listing: ${[...routes.keys()].slice(0, 20).join(' | ')}`);
  return hooks;
};

describe('the read path', () => {
  it.each([
    ['GET /public/events/:uuid', { onRequest: ['arrival()', 'rateLimit()'] }],
    ['GET /public/events/:uuid/check', { onRequest: ['arrival()', 'rateLimit()'] }],
    ['GET /api/attendees/:id', { onRequest: ['arrival()', 'tokenAuthentication()'] }],
  ])('%s runs the arrival hook and its own limit or token, and nothing else', (route, expected) => {
    // No write gate to enter, no replicas to wake after answering, no device or session to look up.
    expect(hooksOf(route)).toEqual(expected);
  });

  it('a write enters the write gate, is answered once its group has committed, and wakes the replicas', () => {
    expect(hooksOf('POST /public/events/:uuid/check-in')).toMatchObject({
      onRequest: ['arrival()', 'rateLimit()'],
      preHandler: ['enterWriteGate()'],
      onSend: ['waitForCommit()'],
      onResponse: ['nudgeReplicas()'],
    });
  });

  it("a replica's feed is answered only with what has committed (platform/group-commit.ts)", () => {
    expect(hooksOf('GET /sync/changes').onSend).toContain('waitForCommit()');
  });

  it('every route meets the arrival hook first, and no route but the sync ones meets a device check', () => {
    expect(routes.size).toBeGreaterThan(100);
    for (const [route, hooks] of routes) {
      expect(hooks.onRequest?.[0], route).toBe('arrival()');
      if (route.split(' ')[1]!.startsWith('/sync/')) continue;
      for (const names of Object.values(hooks)) {
        for (const name of names) expect(name, `${route}: ${name}`).not.toMatch(/device|sync/i);
      }
    }
  });
});
