import type { Page } from '@playwright/test';

/**
 * How far ahead of the page's time `pauseClock` stops it. `page.clock.pauseAt` takes a time, not "now", and refuses
 * one already past; the page's clock keeps running while the call travels, which on a busy machine takes a moment.
 */
const PAUSE_AHEAD_MS = 5_000;

/**
 * Stops the page's clock (`page.clock.install()`ed before the page loaded) a few seconds ahead of the time it
 * shows, firing the timers due in between. From then on the page's timers (idle reset, result countdown, the
 * desk's debounce and polls) fire only when the test moves the clock on with `page.clock.runFor` or
 * `fastForward`, however slow the machine is. Call it once the screens the test needs have loaded (React shows a
 * lazily loaded screen on a timer) and before the timer the test is about has started.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + PAUSE_AHEAD_MS);
}

/** The page's fetches of one path, as the page itself saw them. */
export interface FetchLog {
  /** When each was sent, by the page's clock. */
  sentAt(): Promise<number[]>;
  /** How many are sent but not yet answered (or failed). */
  inFlight(): Promise<number>;
}

/**
 * Records in the page, from before its scripts run, every `fetch` whose path ends with `pathEnd`. The record is
 * made inside the page's own call, so a read right after `page.clock.runFor` sees every request that the timers
 * it fired have sent: no waiting for network events to reach the test.
 */
export async function recordFetches(page: Page, pathEnd: string): Promise<FetchLog> {
  const key = `fetches:${pathEnd}`;
  // Source text: this project's Node side has no DOM types.
  await page.addInitScript({
    content: `(() => {
      const log = { sentAt: [], inFlight: 0 };
      window[${JSON.stringify(key)}] = log;
      const originalFetch = window.fetch;
      window.fetch = function (input, init) {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (!url.pathname.endsWith(${JSON.stringify(pathEnd)})) return originalFetch.call(this, input, init);
        log.sentAt.push(Date.now());
        log.inFlight += 1;
        return originalFetch.call(this, input, init).finally(() => (log.inFlight -= 1));
      };
    })();`,
  });
  const read = <T>(field: 'sentAt' | 'inFlight') =>
    page.evaluate<T>(`window[${JSON.stringify(key)}].${field}`);
  return { sentAt: () => read<number[]>('sentAt'), inFlight: () => read<number>('inFlight') };
}
