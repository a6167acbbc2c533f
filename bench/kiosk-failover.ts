/**
 * The failover row of `npm run bench:kiosk` (docs/pages-that-move.md): how long a browser kiosk takes to carry on
 * through a paired kiosk's server after its own stops, against a same-run baseline.
 *
 * A venue as people run it (test/helpers/failover-venue.ts): the hub and a kiosk paired with it, each an
 * `arrivals serve` process, the kiosk on another loopback address. A tablet's page is opened from the hub (a fresh
 * browser context each run), shows the check-in screen with an email typed in, and has learned the venue's servers.
 * Baseline run: the clock starts as Check in is pressed and stops when the result is on screen, the hub up.
 * Failover run: the hub is killed (SIGKILL, its machine gone), then the same. Each failover run is followed by a
 * baseline run with the hub started again, so both sides see the same machine load; the ratio is failover over
 * baseline, at the median.
 */
import { performance } from 'node:perf_hooks';
import type { Browser } from '@playwright/test';
import { openProcessVenue } from '../test/helpers/failover-venue.ts';

export const FAILOVER_TARGET_MS = 3_000;

export interface FailoverFigures {
  failover: number[];
  baseline: number[];
}

export async function measureFailover(
  browser: Browser,
  screens: string,
  runs: number,
): Promise<FailoverFigures> {
  const emails = Array.from({ length: runs * 2 }, (_, i) => `guest${i}@example.com`);
  const venue = await openProcessVenue({ screens, attendees: emails });
  const figures: FailoverFigures = { failover: [], baseline: [] };
  try {
    for (let run = 0; run < runs * 2; run += 1) {
      const failing = run % 2 === 0;
      const hubUrl = venue.hub().baseUrl;
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${hubUrl}/kiosk/${venue.event}`);
      await page.waitForFunction(
        "(localStorage.getItem('arrivals.venue.servers') ?? '').includes('127.0.0.2')",
      );
      await page.waitForLoadState('networkidle');
      await page.getByRole('navigation').getByRole('link', { name: 'Check in', exact: true }).click();
      const form = page.getByRole('form', { name: 'Check in' });
      await form.getByLabel('Email address', { exact: true }).fill(emails[run]!);
      if (failing) await venue.stopHub();
      const result = page.getByTestId('result');
      const started = performance.now();
      await form.getByRole('button', { name: 'Check in' }).click();
      await result.waitFor({ state: 'visible', timeout: 30_000 });
      const took = performance.now() - started;
      if ((await result.getAttribute('data-tone')) !== 'success') {
        throw new Error(`run ${run}: the check-in did not succeed (${await result.textContent()})`);
      }
      (failing ? figures.failover : figures.baseline).push(took);
      await context.close();
      if (failing) await venue.startHub();
    }
  } finally {
    await venue.close();
  }
  return figures;
}
