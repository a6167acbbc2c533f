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
