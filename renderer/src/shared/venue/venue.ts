import {
  eventOfPath,
  failoverCandidates,
  isKioskCall,
  newIdempotencyKey,
  type VenueServer,
} from './venue-rules.ts';

/**
 * A page that carries on through another of the venue's servers when its own stops (docs/pages-that-move.md). It learns the venue's servers from `GET /venue/servers` (the hub lists itself and its paired kiosks; a
 * kiosk lists its hub and siblings, hub or no hub) and keeps the list on this device.
 *
 * The kiosk's calls go through `venueFetch`: a call the server does not answer (refused, reset, or silent for
 * `WATCHDOG_MS` while the server's status does not answer either) is made again, at once, on the first other server
 * that answers, with the same `Idempotency-Key`, so a check-in that did reach the stopped server is the same
 * check-in, never a second one. A silent server with no other to carry on through is waited for: a machine too busy
 * to answer at once looks the same from here as one gone without a word, and only the first answers later. The page then stays on that server, and comes back to its own once that has answered
 * twice in a row. The dashboard's calls are never sent elsewhere (their session cookie is its server's): a call its
 * server did not answer is told to `onServerUnreachable`, and the desk moves by loading itself from another server
 * (dashboard/shell/roaming.ts).
 */

const STORE_KEY = 'arrivals.venue.servers';
/** A server that does not answer its status within this is taken as gone. */
const PROBE_TIMEOUT_MS = 1_500;
/**
 * A call without an answer for this long has its server's status asked, which must answer within
 * `WATCHDOG_PROBE_MS`; no answer there either, and the call moves if another server answers. So a server that
 * vanished without a word (its machine off, out of Wi-Fi) costs at most 2.5 s before the call is made elsewhere; a
 * slow but living server answers its status at once and keeps the call, and so does one too busy even for that when
 * there is nowhere else to go (a kiosk's own server on a crowded machine).
 */
const WATCHDOG_MS = 1_500;
const WATCHDOG_PROBE_MS = 1_000;
const REFRESH_MS = 30_000;
/** While away, how often the page asks whether its own server is back, and how many answers in a row it wants. */
const HOME_POLL_MS = 2_000;
const HOME_ANSWERS = 2;

/** The page's own origin; read on first use, so that importing this module (the API client does) needs no page. */
let homeOrigin: string | null = null;
let currentOrigin: string | null = null;
let known: VenueServer[] | null = null;

const ownOrigin = () => (homeOrigin ??= window.location.origin);
const nowCalling = () => (currentOrigin ??= ownOrigin());
const listed = () => (known ??= readStored());
const changeListeners = new Set<() => void>();
const unreachableListeners = new Set<(failed: FailedCall) => void>();

/** A dashboard call its server did not answer: a desk that moves may make it again there, with the same key. */
export interface FailedCall {
  method: string;
  path: string;
  body: string | null;
  idempotencyKey: string | null;
}

function readStored(): VenueServer[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as VenueServer[]) : [];
  } catch {
    return [];
  }
}

function changed(): void {
  for (const listener of changeListeners) listener();
}

/** The server the page's kiosk calls go to now: its own origin, or the one it carried on through. */
export function currentServer(): string {
  return nowCalling();
}

/** The page's own server, the one it was loaded from. */
export function homeServer(): string {
  return ownOrigin();
}

/** The venue's servers, as the page last heard them listed. */
export function venueServers(): readonly VenueServer[] {
  return listed();
}

/** Calls `listener` when the page moves to another server or learns the venue's list again; returns the unsubscribe. */
export function onVenueChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Calls `listener` with each dashboard call whose server did not answer. */
export function onServerUnreachable(listener: (failed: FailedCall) => void): () => void {
  unreachableListeners.add(listener);
  return () => unreachableListeners.delete(listener);
}

/** How a call to `origin` goes: on the page's own origin as ever, elsewhere across origins and without cookies. */
function callOptions(origin: string): Pick<RequestInit, 'mode' | 'credentials'> {
  return origin === window.location.origin
    ? { mode: 'same-origin', credentials: 'same-origin' }
    : { mode: 'cors', credentials: 'omit' };
}

/** `path` on the server the page calls now (same-origin paths stay relative). */
export function fetchFromServer(path: string, init: RequestInit = {}): Promise<Response> {
  const origin = nowCalling();
  return fetch(origin === window.location.origin ? path : origin + path, { ...init, ...callOptions(origin) });
}

/**
 * What asking a server's status found: an answer; silence until the timeout (a machine gone without a word, or one
 * too busy to answer at once); or a refusal (a closed port, a reset connection, an error status).
 */
export type Probe = 'answers' | 'silent' | 'refused';

/** Asks the server at `origin` for its status, for at most `timeoutMs`. */
export async function probeServer(origin: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<Probe> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(`${origin}/satellite/status`, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: timeout,
      ...callOptions(origin),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? 'answers' : 'refused';
  } catch {
    return timeout.aborted ? 'silent' : 'refused';
  }
}

/** Whether the server at `origin` answers its status now. */
export async function serverAnswers(origin: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return (await probeServer(origin, timeoutMs)) === 'answers';
}

/** The first of `origins` to answer, all asked at once; null when none does. */
export function firstAnswering(origins: readonly string[]): Promise<string | null> {
  if (origins.length === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    let left = origins.length;
    for (const origin of origins) {
      void serverAnswers(origin).then((answers) => {
        if (answers) resolve(origin);
        else if (--left === 0) resolve(null);
      });
    }
  });
}

/** The servers to carry on through for a page or call about `eventId`, best first, its own server among them. */
export function candidatesFor(failed: string, eventId: string | null): string[] {
  const home = ownOrigin();
  const others = failoverCandidates(listed(), {
    current: failed,
    protocol: window.location.protocol,
    eventId,
  });
  return failed === home ? others : [home, ...others.filter((origin) => origin !== home)];
}

let moving: Promise<string | null> | null = null;

/** The page's calls go to another server from now on, after `failed` did not answer; null when none answers. */
function moveFrom(failed: string, eventId: string | null): Promise<string | null> {
  if (nowCalling() !== failed) return Promise.resolve(nowCalling());
  moving ??= firstAnswering(candidatesFor(failed, eventId))
    .then((found) => {
      if (found && nowCalling() === failed) switchTo(found);
      return found;
    })
    .finally(() => {
      moving = null;
    });
  return moving;
}

/**
 * Whether the page's kiosk calls now go to another server because theirs stopped answering: for whoever watches the
 * server anyway (the kiosk's banner polls its status), so an idle kiosk moves before anyone taps it.
 */
export async function carryOnIfGone(): Promise<boolean> {
  const origin = nowCalling();
  if (await serverAnswers(origin)) return false;
  const moved = await moveFrom(origin, eventOfPath(window.location.pathname));
  return moved !== null && moved !== origin;
}

let homeTimer: ReturnType<typeof setTimeout> | undefined;

function switchTo(origin: string): void {
  currentOrigin = origin;
  // Where the page's calls go, for whoever looks (staff with the browser's tools, the tests).
  document.documentElement.dataset.arrivalsServer = origin;
  clearTimeout(homeTimer);
  if (origin !== ownOrigin()) watchHome(0);
  changed();
  void refreshServers();
}

/** While away, the page asks after its own server and goes back once it has answered `HOME_ANSWERS` times in a row. */
function watchHome(answers: number): void {
  homeTimer = setTimeout(() => {
    const home = ownOrigin();
    void serverAnswers(home).then((answered) => {
      if (nowCalling() === home) return;
      const inARow = answered ? answers + 1 : 0;
      if (inARow >= HOME_ANSWERS) switchTo(home);
      else watchHome(inARow);
    });
  }, HOME_POLL_MS);
}

/** Reads the venue's list again from the server the page calls now, and keeps it on this device. */
export async function refreshServers(): Promise<void> {
  try {
    const response = await fetchFromServer('/venue/servers', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(4_000),
    });
    if (!response.ok) return;
    const body = (await response.json()) as { data?: { servers?: unknown } };
    if (!Array.isArray(body.data?.servers)) return;
    known = body.data.servers as VenueServer[];
    localStorage.setItem(STORE_KEY, JSON.stringify(known));
    changed();
  } catch {
    // The server is away: the list kept on this device stands.
  }
}

let refreshing = false;

/** Learns the venue's list now and every half minute after: a page calls it once, as it starts. */
export function keepVenueListed(): void {
  if (refreshing) return;
  refreshing = true;
  const round = () => {
    void refreshServers().finally(() => setTimeout(round, REFRESH_MS));
  };
  round();
}

/**
 * One call on the server at `origin`, abandoned when that server stops answering (see `WATCHDOG_MS`): its status
 * refused, or silent while another of the venue's servers answers (the page then calls that one). A server whose
 * status is silent with nowhere else to go is slow, or gone with nothing to be done: the call waits for it, and
 * fails only if the connection does.
 */
async function callOn(
  origin: string,
  path: string,
  init: RequestInit,
  signal: AbortSignal,
  eventId: string | null,
): Promise<Response> {
  const gone = new AbortController();
  const watchdog = setTimeout(() => {
    void probeServer(origin, WATCHDOG_PROBE_MS).then(async (probe) => {
      if (probe === 'answers' || signal.aborted) return;
      if (probe === 'silent' && (await moveFrom(origin, eventId)) === null) return;
      gone.abort(new DOMException('The server stopped answering.', 'TimeoutError'));
    });
  }, WATCHDOG_MS);
  try {
    return await fetch(origin === window.location.origin ? path : origin + path, {
      ...init,
      signal: AbortSignal.any([signal, gone.signal]),
      ...callOptions(origin),
    });
  } finally {
    clearTimeout(watchdog);
  }
}

/**
 * The `fetch` of the API client (shared/api/client.ts). Every POST gets an `Idempotency-Key` (a check-in made again
 * with it is the same check-in, on any server); the kiosk's calls carry on through another server when theirs
 * stops; the dashboard's tell `onServerUnreachable`.
 */
export async function venueFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.origin !== window.location.origin) return fetch(request);
  const headers = new Headers(request.headers);
  if (request.method === 'POST' && !headers.has('idempotency-key')) {
    headers.set('idempotency-key', newIdempotencyKey());
  }
  const body = request.body !== null ? await request.clone().text() : null;
  const path = url.pathname + url.search;
  const init: RequestInit = {
    method: request.method,
    headers,
    cache: request.cache,
    ...(body !== null ? { body } : {}),
  };

  if (!isKioskCall(url.pathname)) {
    try {
      return await fetch(path, { ...init, signal: request.signal, credentials: 'same-origin' });
    } catch (error) {
      if (!request.signal.aborted) {
        const failed: FailedCall = {
          method: request.method,
          path,
          body,
          idempotencyKey: headers.get('idempotency-key'),
        };
        for (const listener of unreachableListeners) listener(failed);
      }
      throw error;
    }
  }

  const eventId = eventOfPath(url.pathname);
  for (let attempt = 0; ; attempt += 1) {
    const origin = nowCalling();
    try {
      return await callOn(origin, path, init, request.signal, eventId);
    } catch (error) {
      if (request.signal.aborted || attempt >= 2) throw error;
      const next = await moveFrom(origin, eventId);
      if (next === null) throw error;
    }
  }
}
