import type { Page } from '@playwright/test';

/** The tones each outcome plays (renderer/src/kiosk/components/outcome-sound.ts), by their frequencies in Hz. */
export const TONES = {
  success: [660, 990],
  already: [784, 784],
  warning: [523, 392],
  error: [180],
} as const;

/**
 * Records in the page every tone the kiosk starts through the Web Audio API (each oscillator's frequency), from
 * before its scripts run: what the queue hears, without a sound card. The returned function takes the tones played
 * since it was last called.
 */
export async function recordTones(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript({
    content: `(() => {
      window.__tones = [];
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...args) {
        window.__tones.push(this.frequency.value);
        return start.apply(this, args);
      };
    })();`,
  });
  return () => page.evaluate<number[]>('window.__tones.splice(0)');
}

/** How many times `melody` was played, back to back, in `tones`. */
export function timesPlayed(tones: readonly number[], melody: readonly number[]): number {
  let count = 0;
  for (let i = 0; i + melody.length <= tones.length; i++) {
    if (melody.every((tone, j) => tones[i + j] === tone)) {
      count++;
      i += melody.length - 1;
    }
  }
  return count;
}

/** What the kiosk put on screen, in order: each result as it appeared (a new element), and each return home. */
export type ScreenEntry = { kind: 'result'; tone: string; title: string } | { kind: 'home'; title: string };

/**
 * Records in the page, from before its scripts run, every result panel and every home heading as it is added to
 * the page: a result replaced by the next shows as two results with no home between them. Source text: this
 * project's Node side has no DOM types.
 */
export async function recordScreens(page: Page): Promise<() => Promise<ScreenEntry[]>> {
  await page.addInitScript({
    content: `(() => {
      window.__screens = [];
      const seen = new WeakSet();
      const look = () => {
        for (const result of document.querySelectorAll('[data-testid="result"]')) {
          if (seen.has(result)) continue;
          seen.add(result);
          const heading = result.querySelector('h1');
          window.__screens.push({ kind: 'result', tone: result.dataset.tone, title: heading ? heading.textContent : '' });
        }
        for (const title of document.querySelectorAll('.home-title')) {
          if (seen.has(title)) continue;
          seen.add(title);
          window.__screens.push({ kind: 'home', title: title.textContent });
        }
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    })();`,
  });
  return () => page.evaluate<ScreenEntry[]>('window.__screens.slice()');
}
