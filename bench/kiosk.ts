/**
 * `npm run bench:kiosk` (`node --import tsx bench/kiosk.ts [--runs N] [--starts N]`): the kiosk's two latency
 * figures, measured in Debian's Chromium against the real server. Prints a Markdown table and writes
 * bench/results.md.
 *
 * Scan to result. Chromium's fake camera plays a y4m feed of 1 s of an empty white scene, then 1 s of a profile QR
 * code held up by hand (it shifts by a few pixels from frame to frame, see heldUpCode). Each run loads the scan
 * screen afresh (so nothing is remembered between runs) and, inside the page, watches the camera's <video> frame by
 * frame (requestVideoFrameCallback): the QR code "appears" at the presentation time of the first frame showing it
 * after an empty one. The result is on screen at the first animation frame after the profile card is in the DOM.
 * Both times are the page's own clock; a run where the code was already in view when the camera started is
 * discarded, as it measures nothing.
 *
 * Server start to interactive home. Chromium is up (as the kiosk's window would be); the clock starts when the server
 * does, and stops when the kiosk home's Register button is visible, in a fresh browser context (empty HTTP cache).
 * Two ways to start: the CLI (`node bin/arrivals.mjs serve`: a Node process running the prebuilt server in
 * out/server, built first like `npm run build` does) and `buildApp` + `listen` in-process, as the desktop shell does.
 *
 * A queue at the door: 20 codes presented 1.0 s apart to the home's camera and to a keyboard-wedge scanner, against
 * single scans on an idle kiosk measured the same way in the same run (bench/kiosk-queue.ts says how).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'electron-vite';
import { bundleIsFresh, buildServerBundle } from '../bin/server-bundle.mjs';
import { printReport, recordRun, runStamp } from './history.ts';
import { buildApp } from '../server/app.ts';
import { toTimestamp } from '../server/platform/time.ts';
import type { EventRecord } from '../server/events/event.types.ts';
import type { UserRecord } from '../server/people/person.types.ts';
import { openDatabase } from '../server/platform/database.ts';
import { createRepositories } from '../server/store.ts';
import { applyEventInput } from '../server/events/event.input.ts';
import { CHROMIUM_FLAGS, fakeCameraFlags, requireChromium } from '../test/e2e/support/chromium.ts';
import { FEED, heldUpCode, writeCameraFeed, type Frame } from '../test/e2e/support/fake-camera.ts';
import { runBench, wholeNumber } from './cli.ts';
import { FAILOVER_TARGET_MS, measureFailover } from './kiosk-failover.ts';
import {
  measureCameraQueue,
  measureWedgeQueue,
  QUEUE_LENGTH,
  QUEUE_SPACING_MS,
  QUEUE_TARGET_P95_MS,
  queueFeedFile,
  type QueuePerson,
  type QueueRun,
} from './kiosk-queue.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const KIOSK_DIR = path.join(ROOT, 'out/renderer');
const SCAN_TARGET_MS = 250;
const START_TARGET_MS = 1000;

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      starts: { type: 'string' },
      failover: { type: 'string' },
      idle: { type: 'string' },
    },
  });
  return {
    scanRuns: wholeNumber(values.runs, 25, 'runs', 20),
    startRuns: wholeNumber(values.starts, 7, 'starts', 3),
    failoverRuns: wholeNumber(values.failover, 7, 'failover', 3),
    idleRuns: wholeNumber(values.idle, 10, 'idle', 5),
  };
}

/** Registers `count` people at the kiosk (as walk-ins would be), each with the code a scanner reads. */
async function registerQueue(baseUrl: string, eventId: string, label: string, count: number) {
  const people: QueuePerson[] = [];
  for (let i = 0; i < count; i++) {
    const lastName = `${label} ${String(i + 1).padStart(2, '0')}`;
    const response = await fetch(`${baseUrl}/kiosk/api/events/${eventId}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${label.toLowerCase().replaceAll(' ', '.')}.${i}@example.com`,
        first_name: 'Guest',
        last_name: lastName,
      }),
    });
    if (response.status !== 201) throw new Error(`registering ${lastName}: ${response.status}`);
    const { data } = (await response.json()) as { data: { checkin_code: string } };
    people.push({ code: `ARV1:${data.checkin_code}`, welcome: `Welcome, Guest ${lastName}!` });
  }
  return people;
}

interface Seeded {
  event: EventRecord;
  user: UserRecord;
}

/** One organization, an open event and a public profile, written straight to the store. */
function seed(dataDir: string): Seeded {
  const db = openDatabase(dataDir);
  try {
    const repos = createRepositories(db);
    const now = toTimestamp(new Date());
    const organization = repos.organizations.create('Bench Venue', 'bench', now)!;
    const event = repos.events.create(
      organization.id,
      applyEventInput(null, { name: 'Bench Night', is_published: true, checkin_period_type: 'immediate' }),
      now,
    );
    const created = repos.users.create(
      organization.id,
      {
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: null,
        birthday: null,
        address: null,
        employment: { job_title: 'Analyst', company: 'Analytical Engines Ltd' },
        profilePublic: true,
        publicFields: ['first_name', 'last_name', 'email', 'employment'],
      },
      now,
    );
    if (!created.ok) throw new Error('could not seed the profile');
    return { event, user: created.user };
  } finally {
    db.close();
  }
}

/** How many of each queue's people the database has checked in. */
function countCheckedIn(app: Awaited<ReturnType<typeof buildApp>>, event: EventRecord) {
  const count = (label: string) =>
    Array.from({ length: QUEUE_LENGTH }, (_, i) =>
      app.store.repos.attendees.findForEmail(event.id, `${label}.${i}@example.com`),
    ).filter((attendee) => attendee?.checkedInAt).length;
  return { camera: count('camera.queue'), wedge: count('wedge.queue') };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * Installed in the page before its scripts: times the QR code's first frame and the profile's first paint. Plain
 * JavaScript source, since the TypeScript runner would wrap a function in helpers the page does not have.
 */
const PROBE = `
(() => {
  const probe = { qrShownAt: NaN, resultAt: NaN, firstFrameAt: NaN, sawEmptyFrame: false };
  window.kioskProbe = probe;
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 48;
  const context = canvas.getContext('2d', { willReadFrequently: true });

  // The feed is white, or white with a black QR code in the middle: its darkest middle pixel tells which.
  const watch = (video) => {
    const onFrame = (_now, frame) => {
      if (Number.isNaN(probe.firstFrameAt)) probe.firstFrameAt = frame.presentationTime;
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const pixels = context.getImageData(16, 8, 32, 32).data;
      let darkest = 255;
      for (let i = 0; i < pixels.length; i += 4) darkest = Math.min(darkest, pixels[i]);
      if (darkest >= 96) probe.sawEmptyFrame = true;
      else if (probe.sawEmptyFrame && Number.isNaN(probe.qrShownAt)) probe.qrShownAt = frame.presentationTime;
      if (Number.isNaN(probe.qrShownAt)) video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };

  new MutationObserver((_records, observer) => {
    const video = document.querySelector('video');
    if (video && !video.dataset.probed) {
      video.dataset.probed = 'yes';
      watch(video);
    }
    if (document.querySelector('[data-testid="profile-card"]')) {
      observer.disconnect();
      requestAnimationFrame(() => (probe.resultAt = performance.now()));
    }
  }).observe(document, { childList: true, subtree: true });
})();
`;

/** What the probe saw, on the page's clock (NaN for what has not happened). */
interface Probe {
  qrShownAt: number;
  resultAt: number;
  firstFrameAt: number;
}

interface ScanRun {
  latency: number;
  fromCameraStart: number;
}

async function measureScans(browser: Browser, url: string, runs: number) {
  const results: ScanRun[] = [];
  let discarded = 0;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  while (results.length < runs && discarded < runs) {
    await page.goto(url);
    await page.getByTestId('profile-card').waitFor({ timeout: 15_000 });
    const probe = await page.waitForFunction(() => {
      const p = (globalThis as unknown as { kioskProbe: Probe }).kioskProbe;
      return Number.isNaN(p.resultAt) ? null : p;
    });
    const { qrShownAt, resultAt, firstFrameAt } = (await probe.jsonValue()) as Probe;
    if (Number.isNaN(qrShownAt) || resultAt < qrShownAt) discarded++;
    else results.push({ latency: resultAt - qrShownAt, fromCameraStart: resultAt - firstFrameAt });
  }
  await context.close();
  return { results, discarded };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function untilListening(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** From the server's start to the kiosk home's Register button, visible and usable. */
async function untilInteractive(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Register', exact: true }).waitFor({ state: 'visible' });
}

interface StartRun {
  /** Server start to accepting connections. */
  serverUp: number;
  /** Server start to the kiosk home interactive in Chromium. */
  interactive: number;
}

/** Starts the server one way, opens the kiosk home in a fresh context, stops the server; times from the start. */
async function timeStart(
  browser: Browser,
  eventId: string,
  start: () => Promise<{ port: number; stop: () => Promise<void> }>,
): Promise<StartRun> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const begun = performance.now();
  const server = await start();
  const serverUp = performance.now() - begun;
  try {
    await untilInteractive(page, `http://127.0.0.1:${server.port}/kiosk/${eventId}`);
    return { serverUp, interactive: performance.now() - begun };
  } finally {
    await server.stop();
    await context.close();
  }
}

/**
 * `arrivals serve` runs out/server only while it matches the sources (else it compiles them through tsx, which is
 * not what this measures), and a source may change while the benchmark runs.
 */
async function ensurePrebuiltServer(): Promise<void> {
  if (!bundleIsFresh(ROOT)) await buildServerBundle({ root: ROOT });
}

let prebuiltStarts = 0;

async function measureStarts(browser: Browser, dataDir: string, event: EventRecord, runs: number) {
  const inProcess: StartRun[] = [];
  const cli: StartRun[] = [];
  for (let run = 0; run < runs; run++) {
    inProcess.push(
      await timeStart(browser, event.uuid, async () => {
        const app = await buildApp({ dataDir, kioskDir: KIOSK_DIR });
        await app.listen({ host: '127.0.0.1', port: 0 });
        return { port: (app.server.address() as net.AddressInfo).port, stop: () => app.close() };
      }),
    );
    await ensurePrebuiltServer();
    cli.push(
      await timeStart(browser, event.uuid, async () => {
        const port = await freePort();
        const child = spawn(
          process.execPath,
          ['bin/arrivals.mjs', 'serve', '--data', dataDir, '--host', '127.0.0.1', '--port', String(port)],
          {
            cwd: ROOT,
            stdio: ['ignore', 'ignore', 'pipe'],
            env: { ...process.env, ARRIVALS_LOG_LEVEL: 'warn' },
          },
        );
        let errors = '';
        child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
        const exited = new Promise((resolve) => child.once('exit', resolve));
        await untilListening(port, child).catch((error: Error) => {
          throw new Error(`${error.message}\n${errors}`);
        });
        return {
          port,
          stop: async () => {
            // Fresh before the spawn and still after the page: this start ran out/server, not the sources.
            if (bundleIsFresh(ROOT)) prebuiltStarts++;
            child.kill('SIGTERM');
            await exited;
          },
        };
      }),
    );
  }
  return { inProcess, cli };
}

async function main(): Promise<void> {
  const { scanRuns, startRuns, failoverRuns, idleRuns } = options();
  const [loadAtStart] = os.loadavg();
  console.error('Building the renderer…');
  await build({ root: ROOT, logLevel: 'error' });
  await ensurePrebuiltServer();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-kiosk-bench-'));
  const dataDir = path.join(work, 'data');
  const { event, user } = seed(dataDir);

  const feed = path.join(work, 'feed.y4m');
  const second = FEED.fps;
  const frames: Frame[] = [
    ...Array<Frame>(second).fill('blank'),
    ...heldUpCode(`http://127.0.0.1:8787/p/${user.profileCode}`, second),
  ];
  writeCameraFeed(feed, frames);

  const executablePath = requireChromium();
  const cameraBrowser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_FLAGS, ...fakeCameraFlags(feed)],
  });
  const app = await buildApp({
    dataDir,
    kioskDir: KIOSK_DIR,
    rateLimits: { profile: 100_000, publicEvents: 100_000, kioskScan: 100_000 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as net.AddressInfo;
  console.error(`Scan to result: ${scanRuns} runs…`);
  const scans = await measureScans(
    cameraBrowser,
    `http://127.0.0.1:${port}/kiosk/${event.uuid}/scan`,
    scanRuns,
  );
  await cameraBrowser.close();

  const baseUrl = `http://127.0.0.1:${port}`;
  const homeUrl = `${baseUrl}/kiosk/${event.uuid}`;
  const queueFeed = queueFeedFile(work);
  console.error(`A queue of ${QUEUE_LENGTH} at the camera, after ${idleRuns} scans on an idle kiosk…`);
  const cameraQueue = await measureCameraQueue(
    () => chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, ...fakeCameraFlags(queueFeed)] }),
    homeUrl,
    queueFeed,
    await registerQueue(baseUrl, event.uuid, 'Camera Idle', idleRuns),
    await registerQueue(baseUrl, event.uuid, 'Camera Queue', QUEUE_LENGTH),
  );
  const wedgeBrowser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  console.error(
    `A queue of ${QUEUE_LENGTH} at the barcode scanner, after ${idleRuns} scans on an idle kiosk…`,
  );
  const wedgeQueue = await measureWedgeQueue(
    wedgeBrowser,
    `${homeUrl}?camera=off`,
    await registerQueue(baseUrl, event.uuid, 'Wedge Idle', idleRuns),
    await registerQueue(baseUrl, event.uuid, 'Wedge Queue', QUEUE_LENGTH),
  );
  await wedgeBrowser.close();
  const checkedInQueues = countCheckedIn(app, event);
  await app.close();

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  console.error(`Server start to interactive home: ${startRuns} starts each way…`);
  const starts = await measureStarts(browser, dataDir, event, startRuns);
  console.error(`Carrying on through a paired kiosk's server: ${failoverRuns} runs each way…`);
  const failover = await measureFailover(browser, KIOSK_DIR, failoverRuns);
  await browser.close();
  fs.rmSync(work, { recursive: true, force: true });

  const latencies = scans.results.map((r) => r.latency);
  const fromCamera = scans.results.map((r) => r.fromCameraStart);
  const row = (name: string, values: number[], target: number | null) =>
    `| ${name} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 90))} | ${ms(
      Math.max(...values),
    )} | ${target === null ? '—' : `≤ ${target} ms: ${percentile(values, 50) <= target ? 'met' : '**missed**'}`} |`;
  const pagePart = (runs: StartRun[]) => runs.map((r) => r.interactive - r.serverUp);
  const table = [
    '| measure | runs | p50 | p90 | max | target (p50) |',
    '| --- | --: | --: | --: | --: | --- |',
    row('Scan to result: QR code appears in the camera feed → profile on screen', latencies, SCAN_TARGET_MS),
    row('(context) camera’s first frame → profile on screen, after 1 s without a code', fromCamera, null),
    row(
      'Server start → interactive kiosk home, in-process `buildApp` (as the desktop shell starts it)',
      starts.inProcess.map((r) => r.interactive),
      START_TARGET_MS,
    ),
    row(
      '(of which) `buildApp` + `listen`',
      starts.inProcess.map((r) => r.serverUp),
      null,
    ),
    row('(of which) listening → kiosk home interactive', pagePart(starts.inProcess), null),
    row(
      'Server start → interactive kiosk home, `arrivals serve` in a new Node process (prebuilt out/server)',
      starts.cli.map((r) => r.interactive),
      START_TARGET_MS,
    ),
    row(
      '(of which) process start → listening',
      starts.cli.map((r) => r.serverUp),
      null,
    ),
    row('(of which) listening → kiosk home interactive', pagePart(starts.cli), null),
    ...failoverRows(failover, row),
  ].join('\n');

  const queueRow = (name: string, run: QueueRun, idle: QueueRun, greeted: number) => {
    const p95 = percentile(run.latencies, 95);
    const ratio = p95 / percentile(idle.latencies, 95);
    const met = greeted === QUEUE_LENGTH && p95 < QUEUE_TARGET_P95_MS;
    return (
      `| ${name} | ${greeted} of ${QUEUE_LENGTH} | ${run.latencies.length} | ${ms(percentile(run.latencies, 50))} | ` +
      `${ms(p95)} | ${ms(Math.max(...run.latencies))} | ${ratio.toFixed(2)} | ${met ? 'met' : '**missed**'} |`
    );
  };
  const idleRow = (name: string, idle: QueueRun) =>
    `| ${name} | ${idle.greeted} of ${idleRuns} | ${idle.latencies.length} | ${ms(percentile(idle.latencies, 50))} | ` +
    `${ms(percentile(idle.latencies, 95))} | ${ms(Math.max(...idle.latencies))} | 1.00 | — |`;
  const queueTable = [
    `| measure: code appears → green screen | checked in | measured | p50 | p95 | max | p95 ÷ idle p95 | all in, p95 < ${QUEUE_TARGET_P95_MS} ms |`,
    '| --- | --: | --: | --: | --: | --: | --: | --- |',
    queueRow(
      `Queue of ${QUEUE_LENGTH} at the home's camera, ${QUEUE_SPACING_MS / 1000} s apart`,
      cameraQueue.queue,
      cameraQueue.idle,
      checkedInQueues.camera,
    ),
    idleRow('(baseline) one code at the camera of an idle home', cameraQueue.idle),
    queueRow(
      `Queue of ${QUEUE_LENGTH} at the barcode scanner, ${QUEUE_SPACING_MS / 1000} s apart`,
      wedgeQueue.queue,
      wedgeQueue.idle,
      checkedInQueues.wedge,
    ),
    idleRow('(baseline) one code at the barcode scanner of an idle home', wedgeQueue.idle),
  ].join('\n');

  const [loadAtEnd] = os.loadavg();
  const notes = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores ` +
      `(load average ${loadAtStart!.toFixed(1)} at the start, ${loadAtEnd!.toFixed(1)} at the end: other work shares ` +
      `the machine), Node ${process.version}, ${path.basename(executablePath)} ` +
      `headless. Scan runs discarded because the code was in view when the camera started: ${scans.discarded}. ` +
      `\`arrivals serve\` starts that ran the prebuilt out/server (not the TypeScript sources, which a source ` +
      `edited during the start would have sent it to): ${prebuiltStarts} of ${starts.cli.length}.`,
    'Method: see the comment at the top of bench/kiosk.ts. The camera is decoded by html5-qrcode at 15 frames a ' +
      'second with a 70% scan box; a code waits at most one decode interval (~67 ms) plus one decode.',
    failoverNote(failover),
  ];
  notes.push(
    `Queue method: see the comment at the top of bench/kiosk-queue.ts. "checked in" counts the queue's people ` +
      `checked in in the database at the end; "measured" those whose code was seen appearing (a code in view as ` +
      `the camera started has no appearance to measure from). Baselines: ${idleRuns} single scans each, the home ` +
      `loaded afresh for each (at the camera, in a browser started after its feed was written) and left 3 s to ` +
      `settle before the code comes.`,
  );
  await recordRun(
    `## \`npm run bench:kiosk\`, ${runStamp()}\n\n${table}\n\n${queueTable}\n\n${notes.join('\n\n')}\n`,
  );
  printReport(`${table}\n\n${queueTable}\n\n${notes.join('\n')}`);
}

/** The failover rows (bench/kiosk-failover.ts): the check-in through a paired kiosk's server, and its baseline. */
function failoverRows(
  figures: Awaited<ReturnType<typeof measureFailover>>,
  row: (name: string, values: number[], target: number | null) => string,
): string[] {
  return [
    row(
      'Carry on after the hub stops: hub killed, Check in pressed → result, through the paired kiosk’s server',
      figures.failover,
      FAILOVER_TARGET_MS,
    ),
    row('(baseline, same run) the same check-in with the hub up', figures.baseline, null),
  ];
}

function failoverNote(figures: Awaited<ReturnType<typeof measureFailover>>): string {
  const ratio = percentile(figures.failover, 50) / percentile(figures.baseline, 50);
  return (
    `Carrying on: a hub and a paired kiosk as \`arrivals serve\` processes on two loopback addresses; a tablet page ` +
    `opened from the hub, the hub SIGKILLed before Check in is pressed (bench/kiosk-failover.ts). Failover p50 is ` +
    `${ratio.toFixed(2)}x the baseline's, runs alternating with it.`
  );
}

runBench('npm run bench:kiosk', main);
