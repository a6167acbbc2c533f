import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The page side of carrying on through another server (renderer/src/shared/venue/venue.ts), in Node with the page's
 * few globals stubbed: `fetch` is the venue's servers as the test has them, time is vitest's.
 */
const HUB = 'http://10.0.0.1:8787';
const DOOR2 = 'http://10.0.0.2:8787';
const EVENT = '0b7c6f3e-1d2a-4c55-9a8e-2f0c1b7d9e10';
const SERVERS = [
  { role: 'hub', device_id: null, name: 'hub', origins: [HUB], events: null, last_seen_at: null },
  { role: 'kiosk', device_id: 'd2', name: 'Door 2', origins: [DOOR2], events: [EVENT], last_seen_at: null },
];

type Behaviour = 'answers' | 'refuses' | 'silent';
let servers: Record<string, Behaviour>;
let calls: { url: string; key: string | null; mode: string | undefined }[];

function stubPage() {
  const storage = new Map<string, string>([['arrivals.venue.servers', JSON.stringify(SERVERS)]]);
  vi.stubGlobal('window', { location: { origin: HUB, protocol: 'http:' } });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
  });
  vi.stubGlobal('document', { documentElement: { dataset: {} as Record<string, string> } });
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = input.startsWith('http') ? input : HUB + input;
    const origin = new URL(url).origin;
    const headers = new Headers(init.headers);
    calls.push({ url, key: headers.get('idempotency-key'), mode: init.mode });
    const behaviour = servers[origin] ?? 'refuses';
    if (behaviour === 'refuses') return Promise.reject(new TypeError('Failed to fetch'));
    if (behaviour === 'silent') {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    }
    const body = url.endsWith('/venue/servers')
      ? { data: { servers: SERVERS } }
      : { message: `from ${origin}` };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
}

/** `AbortSignal.timeout` on vitest's clock, which fakes timers but not that: a status probe's timeout too. */
function timeoutsOnTheFakeClock() {
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('The probe timed out.', 'TimeoutError')), ms);
    return controller.signal;
  });
}

async function loadVenue() {
  vi.resetModules();
  return import('../../../renderer/src/shared/venue/venue.ts');
}

const checkIn = () =>
  new Request(`${HUB}/public/events/${EVENT}/check-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"email":"ada@example.com"}',
  });

beforeEach(() => {
  calls = [];
  servers = { [HUB]: 'answers', [DOOR2]: 'answers' };
  stubPage();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a kiosk call whose server stops', () => {
  it('is made again at once on the server that answers, with the same idempotency key, and stays there', async () => {
    const venue = await loadVenue();
    servers[HUB] = 'refuses';
    const answer = await venue.venueFetch(checkIn());
    expect(await answer.json()).toEqual({ message: `from ${DOOR2}` });
    const sent = calls.filter((c) => c.url.endsWith('/check-in'));
    expect(sent.map((c) => c.url)).toEqual([
      `${HUB}/public/events/${EVENT}/check-in`,
      `${DOOR2}/public/events/${EVENT}/check-in`,
    ]);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.mode).toBe('cors');
    expect(venue.currentServer()).toBe(DOOR2);
  });

  it('moves when its server goes silent, after the watchdog, and no sooner', async () => {
    const venue = await loadVenue();
    servers[HUB] = 'silent';
    const answered = venue.venueFetch(checkIn());
    let settled = false;
    void answered.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1_499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_001 + 10);
    expect(await (await answered).json()).toEqual({ message: `from ${DOOR2}` });
  });

  it('keeps a slow call on a server whose status still answers', async () => {
    const venue = await loadVenue();
    // The call itself hangs, the status answers: a busy server, not a gone one.
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      calls.push({ url: input, key: null, mode: init.mode });
      if (input.endsWith('/satellite/status')) return Promise.resolve(new Response('{}', { status: 200 }));
      return new Promise(() => {});
    });
    void venue.venueFetch(checkIn());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c.url.includes('/check-in'))).toHaveLength(1);
    expect(venue.currentServer()).toBe(HUB);
  });

  it('waits for a silent server when no other answers: too busy to answer is not gone', async () => {
    timeoutsOnTheFakeClock();
    const venue = await loadVenue();
    servers = { [HUB]: 'silent', [DOOR2]: 'refuses' };
    const answered = venue.venueFetch(checkIn());
    let settled = false;
    answered.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
    expect(calls.filter((c) => c.url.endsWith('/check-in'))).toHaveLength(1);
    expect(venue.currentServer()).toBe(HUB);
  });

  it('gives a call up when its server refuses its status, and fails when no other answers', async () => {
    timeoutsOnTheFakeClock();
    const venue = await loadVenue();
    servers[DOOR2] = 'refuses';
    // The call hangs until given up; the status is refused: the server is going away, not busy.
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      calls.push({ url: input, key: null, mode: init.mode });
      if (input.includes('/check-in')) {
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        });
      }
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const answered = venue.venueFetch(checkIn());
    const failed = expect(answered).rejects.toThrow('The server stopped answering.');
    await vi.advanceTimersByTimeAsync(1_500);
    await failed;
    expect(venue.currentServer()).toBe(HUB);
  });

  it('comes back to its own server once it has answered twice in a row', async () => {
    const venue = await loadVenue();
    servers[HUB] = 'refuses';
    await venue.venueFetch(checkIn());
    expect(venue.currentServer()).toBe(DOOR2);
    servers[HUB] = 'answers';
    await vi.advanceTimersByTimeAsync(2_000);
    expect(venue.currentServer()).toBe(DOOR2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(venue.currentServer()).toBe(HUB);
  });

  it('fails as before when no server answers', async () => {
    const venue = await loadVenue();
    servers = { [HUB]: 'refuses', [DOOR2]: 'refuses' };
    await expect(venue.venueFetch(checkIn())).rejects.toThrow('Failed to fetch');
    expect(venue.currentServer()).toBe(HUB);
  });
});

describe('a dashboard call', () => {
  it('never leaves its server, and tells who listens that the server did not answer', async () => {
    const venue = await loadVenue();
    servers[HUB] = 'refuses';
    const told: unknown[] = [];
    venue.onServerUnreachable((failed) => told.push(failed));
    const request = new Request(`${HUB}/dashboard/api/events/${EVENT}/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"code":"ARV1:abc"}',
    });
    await expect(venue.venueFetch(request)).rejects.toThrow();
    expect(calls.map((c) => c.url)).toEqual([`${HUB}/dashboard/api/events/${EVENT}/scan`]);
    expect(told).toEqual([
      {
        method: 'POST',
        path: `/dashboard/api/events/${EVENT}/scan`,
        body: '{"code":"ARV1:abc"}',
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
  });
});
