/**
 * `npm run bench:pages` (`node --import tsx bench/pages.ts [--runs N]`): how soon the public event page
 * (`/e/{event}`) is usable on a phone, from a server on loopback. Prints a Markdown table and adds the run to
 * bench/results.md.
 *
 * A phone: Chromium with a 390×844 mobile viewport (touch, device scale factor 3) and its CPU slowed 4× through the
 * DevTools protocol (`Emulation.setCPUThrottlingRate`), as a mid-range phone runs script next to a laptop. Each run
 * opens the page in a fresh browser context (an empty HTTP cache, as the first visit from a poster or an email is)
 * and stops the clock when the page is interactive: the registration form's Register button is in the document and
 * painted (the first animation frame after it appears), and the page's main thread is free again (a task queued in
 * that frame has run). The time is the page's own, from its navigation's start (`performance.now()`).
 *
 * Baselines from the same run, each on the same server and in alternating order with the measured page: the same
 * page without the CPU slowed (so the ratio says what the phone's CPU costs), and the kiosk's home with the CPU
 * slowed (what the app's other page costs on the same phone). Also counted: the bytes of script each page loads.
 *
 * The staff desk on the same phone (issue 39: the dashboard's phone pages interactive under 1 s on a 4× slower CPU):
 * `/dashboard/events/{event}/desk` of the same event with 200 people registered, signed in before the clock starts
 * (the session cookie set in the fresh context), interactive once the first person's Check in button is painted.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'electron-vite';
import { PNG } from 'pngjs';
import { buildApp } from '../server/app.ts';
import { applyEventInput } from '../server/events/event.input.ts';
import { openDatabase } from '../server/platform/database.ts';
import { toTimestamp } from '../server/platform/time.ts';
import { createRepositories } from '../server/store.ts';
import { CHROMIUM_FLAGS, requireChromium } from '../test/e2e/support/chromium.ts';
import { quickPasswordHash } from '../test/e2e/support/dashboard-session.ts';
import { runBench, wholeNumber } from './cli.ts';
import { recordRun, runStamp } from './history.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const KIOSK_DIR = path.join(ROOT, 'out/renderer');
const TARGET_MS = 1000;
const CPU_SLOWDOWN = 4;
const DESK_PEOPLE = 200;
const STAFF = { email: 'desk@bench.example', password: 'correct horse battery' };

function options() {
  const { values } = parseArgs({ options: { runs: { type: 'string' } } });
  return { runs: wholeNumber(values.runs, 15, 'runs', 3) };
}

/** A small PNG logo, as an organizer would upload one. */
function logoPng(): Buffer {
  const png = new PNG({ width: 240, height: 80 });
  for (let i = 0; i < png.data.length; i += 4) {
    const x = (i / 4) % 240;
    png.data[i] = x < 80 ? 29 : 255;
    png.data[i + 1] = x < 80 ? 78 : 255;
    png.data[i + 2] = x < 80 ? 216 : 255;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** One organization and a published event as organizers fill it in: a form of six fields, an accent and a logo. */
function seed(dataDir: string): string {
  const db = openDatabase(dataDir);
  try {
    const repos = createRepositories(db);
    const now = toTimestamp(new Date());
    const organization = repos.organizations.create('Bench Venue', 'bench', now)!;
    const starts = new Date(Date.now() + 14 * 86_400_000);
    const event = repos.events.create(
      organization.id,
      applyEventInput(null, {
        name: 'Harbour Lights Launch',
        description: 'An evening on the quay.\n\nDrinks from 6 PM; the lights go on at 7.',
        location: 'Quai des Belges, Marseille',
        timezone: 'Europe/Paris',
        starts_at: toTimestamp(starts),
        ends_at: toTimestamp(new Date(starts.getTime() + 4 * 3_600_000)),
        seats: 500,
        is_published: true,
        checkin_period_type: 'immediate',
        registration_fields: [
          { key: 'email', label: 'Email', type: 'email', required: true },
          { key: 'first_name', label: 'First name', type: 'text', required: true },
          { key: 'last_name', label: 'Last name', type: 'text', required: true },
          { key: 'company', label: 'Company', type: 'text', required: false },
          { key: 'phone', label: 'Phone', type: 'phone', required: false },
          {
            key: 'ticket',
            label: 'Ticket',
            type: 'select',
            required: true,
            options: [
              { value: 'visitor', label: 'Visitor' },
              { value: 'press', label: 'Press' },
            ],
          },
        ],
      }),
      now,
    );
    repos.staff.create(
      {
        organizationId: organization.id,
        name: 'Desk Staff',
        email: STAFF.email,
        passwordHash: quickPasswordHash(STAFF.password),
        role: 'staff',
      },
      now,
    );
    repos.brand.setAccent(event.id, '#1d4ed8');
    db.transaction(() =>
      repos.brand.setLogo(event.id, { type: 'image/png', bytes: logoPng(), etag: 'bench' }),
    )();
    return event.uuid;
  } finally {
    db.close();
  }
}

/**
 * Installed before the page's scripts: the page's time when `selector` is in the document, painted, and the main
 * thread has run a task after that paint. Plain JavaScript source: the TypeScript runner would wrap a function in
 * helpers the page does not have.
 */
const probe = (selector: string) => `
(() => {
  window.pageProbe = { interactiveAt: NaN };
  new MutationObserver((_records, observer) => {
    if (!document.querySelector(${JSON.stringify(selector)})) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.pageProbe.interactiveAt = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
})();
`;

interface Page {
  name: string;
  url: string;
  /** What is there once the page can be used. */
  selector: string;
  slowdown: number;
  /** Signs the fresh context in first (the dashboard's pages), outside the page's time. */
  signIn?: boolean;
}

interface Run {
  interactive: number;
  scriptBytes: number;
}

async function measureOnce(browser: Browser, page: Page): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  try {
    if (page.signIn) {
      const origin = new URL(page.url).origin;
      const response = await context.request.post(`${origin}/dashboard/api/session`, {
        data: STAFF,
        headers: { origin },
      });
      if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()} ${await response.text()}`);
    }
    await context.addInitScript({ content: probe(page.selector) });
    const tab = await context.newPage();
    tab.on('pageerror', (error) => console.error('page error:', error.message));
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: page.slowdown });
    await tab.goto(page.url, { waitUntil: 'commit' });
    const done = await tab.waitForFunction(
      () => {
        const at = (globalThis as unknown as { pageProbe: { interactiveAt: number } }).pageProbe
          .interactiveAt;
        return Number.isNaN(at) ? null : at;
      },
      undefined,
      { timeout: 30_000 },
    );
    const interactive = (await done.jsonValue()) as number;
    const scriptBytes = await tab.evaluate<number>(
      `performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js')).reduce((sum, e) => sum + e.encodedBodySize, 0)`,
    );
    return { interactive, scriptBytes };
  } finally {
    await context.close();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => `${Math.round(value)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

async function main(): Promise<void> {
  const { runs } = options();
  const [loadAtStart] = os.loadavg();
  console.error('Building the renderer…');
  await build({ root: ROOT, logLevel: 'error' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-pages-bench-'));
  const dataDir = path.join(work, 'data');
  const eventId = seed(dataDir);
  const app = await buildApp({
    dataDir,
    kioskDir: KIOSK_DIR,
    rateLimits: { publicEvents: 100_000, signIn: 100_000, signInAccount: 100_000 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 1; i <= DESK_PEOPLE; i++) {
    const response = await app.inject({
      method: 'POST',
      url: `/public/events/${eventId}/register`,
      payload: {
        email: `guest${i}@bench.example`,
        first_name: 'Guest',
        last_name: `N${i}`,
        ticket: 'visitor',
      },
    });
    if (response.statusCode !== 201) throw new Error(`Registration failed: ${response.body}`);
  }
  const executablePath = requireChromium();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });

  const eventPage = { url: `${origin}/e/${eventId}`, selector: 'form button[type="submit"]' };
  const pages: Page[] = [
    { name: 'event page, phone (CPU 4× slower)', ...eventPage, slowdown: CPU_SLOWDOWN },
    { name: 'event page, CPU not slowed', ...eventPage, slowdown: 1 },
    {
      name: 'kiosk home, phone (CPU 4× slower)',
      url: `${origin}/kiosk/${eventId}`,
      selector: '.tiles a[href$="/register"]',
      slowdown: CPU_SLOWDOWN,
    },
    {
      name: `staff desk, ${DESK_PEOPLE} people, phone (CPU 4× slower)`,
      url: `${origin}/dashboard/events/${eventId}/desk`,
      selector: '[data-testid="attendee-row"] button',
      slowdown: CPU_SLOWDOWN,
      signIn: true,
    },
  ];
  const results = new Map<string, Run[]>(pages.map((page) => [page.name, []]));
  try {
    // One warm-up of each (the server's first answers, Chromium's first context), not counted.
    for (const page of pages) await measureOnce(browser, page);
    for (let run = 0; run < runs; run++) {
      // Each round in another order, so no page always goes first on a machine that is busier at some moments.
      const order = run % 2 === 0 ? pages : [...pages].reverse();
      for (const page of order) {
        console.error(`Round ${run + 1} of ${runs}: ${page.name}`);
        results.get(page.name)!.push(await measureOnce(browser, page));
      }
    }
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  }

  const times = (name: string) => results.get(name)!.map((r) => r.interactive);
  const phone = times(pages[0]!.name);
  const row = (page: Page, baseline: string | null) => {
    const values = times(page.name);
    const script = median(results.get(page.name)!.map((r) => r.scriptBytes));
    const ratio = page === pages[0] ? '—' : `${(median(phone) / median(values)).toFixed(2)}×`;
    const target =
      baseline === null
        ? `p50 < ${TARGET_MS} ms: ${median(values) < TARGET_MS ? 'PASS' : '**FAIL**'}`
        : baseline;
    return `| ${page.name} | ${values.length} | ${ms(median(values))} | ${ms(percentile(values, 90))} | ${ms(
      Math.max(...values),
    )} | ${kib(script)} | ${ratio} | ${target} |`;
  };
  const table = [
    '| page, from navigation to interactive | runs | p50 | p90 | max | script loaded | event page (phone) p50 ÷ this p50 | target / role |',
    '| --- | --: | --: | --: | --: | --: | --: | --- |',
    row(pages[0]!, null),
    row(pages[1]!, 'baseline: what the 4× slower CPU costs'),
    row(pages[2]!, 'baseline: the kiosk’s own page on the same phone'),
    row(pages[3]!, null),
  ].join('\n');
  const [loadAtEnd] = os.loadavg();
  const notes = [
    `Measured ${runStamp()} on ${os.cpus().length} cores (load average ${loadAtStart!.toFixed(1)} at the start, ` +
      `${loadAtEnd!.toFixed(1)} at the end: other work shares the machine), Node ${process.version}, ` +
      `${path.basename(executablePath)} headless, server in this process on loopback, script not compressed.`,
    'Method: see the comment at the top of bench/pages.ts. Interactive: the form’s Register button painted and the ' +
      'main thread free after that paint, in a fresh context (empty cache); the pages alternate round by round. ' +
      'The desk: the first person’s Check in button painted, signed in before the clock starts.',
  ];
  await recordRun(`## \`npm run bench:pages\`, ${runStamp()}\n\n${table}\n\n${notes.join('\n\n')}\n`);
  console.log(table);
  console.log(`\n${notes.join('\n')}`);
}

runBench('npm run bench:pages', main);
