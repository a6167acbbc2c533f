/**
 * `node --import tsx bench/webhooks.ts [--runs N] [--warmup N]` (15 and 2 by default): what webhooks cost the bulk
 * no-show request. Two apps over byte-identical databases, one with an enabled endpoint subscribed to
 * attendee.no_show, each mark 1,000 attendees per request over HTTP; the medians and their ratio (target at most
 * 1.5x) go to stdout and bench/results.md. Delivery is off the request path: it is timed separately.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { printReport, recordRun, runStamp } from './history.ts';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/platform/database.ts';
import { generateWebhookSecret } from '../server/webhooks/webhook.secrets.ts';
import { toTimestamp } from '../server/platform/time.ts';
import { createRepositories } from '../server/store.ts';
import { timeBulkNoShow } from './bulk.ts';
import { log, runBench, wholeNumber } from './cli.ts';
import { cloneDataDir, seedDatabase } from './seed.ts';

const BULK_SIZE = 1_000;
const TARGET_RATIO = 1.5;
/** High enough that the token limit never throttles the bench. */
const UNLIMITED = { publicEvents: 1e6, profile: 1e6, publicOther: 1e6, token: 1e6 };

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

function options() {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, warmup: { type: 'string' } } });
  return { runs: wholeNumber(values.runs, 15, 'runs'), warmup: wholeNumber(values.warmup, 2, 'warmup', 0) };
}

/** A receiver on loopback that takes every notification with 204. */
async function startReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function subscribe(dataDir: string, url: string): void {
  const db = openDatabase(dataDir);
  try {
    const repos = createRepositories(db);
    const organization = repos.organizations.findBySlug('bench')!;
    // The receiver listens on loopback, where webhooks go only once an owner allowed the host.
    repos.lanIntegrations.add(organization.id, new URL(url).host, 'bench receiver', toTimestamp(new Date()));
    repos.webhookEndpoints.create(
      organization.id,
      { url, description: 'bench', eventTypes: ['attendee.no_show'], enabled: true, disabledReason: null },
      generateWebhookSecret(),
      toTimestamp(new Date()),
    );
  } finally {
    db.close();
  }
}

async function serve(dataDir: string): Promise<{ app: FastifyInstance; baseUrl: string }> {
  // Sending is left to dispatchDue() between runs, so no delivery overlaps a measured request.
  const app = await buildApp({
    dataDir,
    rateLimits: UNLIMITED,
    kioskDir: false,
    webhooks: { autoDispatch: false },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function main(): Promise<void> {
  const { runs, warmup } = options();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-bench-webhooks-'));
  const receiver = await startReceiver();
  try {
    const plainDir = path.join(workDir, 'plain');
    const hookedDir = path.join(workDir, 'webhooks');
    log(`seeding ${warmup + runs} events of ${BULK_SIZE} attendees...`);
    const fixture = seedDatabase(plainDir, {
      attendees: 0,
      checkInPool: 0,
      profiles: 0,
      bulkEvents: warmup + runs,
      bulkSize: BULK_SIZE,
    });
    cloneDataDir(plainDir, hookedDir);
    subscribe(hookedDir, receiver.url);

    const plain = await serve(plainDir);
    const hooked = await serve(hookedDir);
    const times = { plain: [] as number[], hooked: [] as number[], delivery: [] as number[] };
    for (const [index, event] of fixture.bulkEvents.entries()) {
      const measured = index >= warmup;
      // Alternate which goes first, so neither side always meets a warmer cache.
      const order = index % 2 === 0 ? (['plain', 'hooked'] as const) : (['hooked', 'plain'] as const);
      for (const side of order) {
        const { baseUrl } = side === 'plain' ? plain : hooked;
        const elapsed = await timeBulkNoShow(baseUrl, fixture.token, event);
        if (measured) times[side].push(elapsed);
      }
      const sent = receiver.received();
      const started = performance.now();
      await hooked.app.ctx.webhookDispatcher.dispatchDue();
      if (receiver.received() - sent !== BULK_SIZE) {
        throw new Error(
          `expected ${BULK_SIZE} notifications, the receiver got ${receiver.received() - sent}`,
        );
      }
      if (measured) times.delivery.push(performance.now() - started);
      log(`run ${index + 1}/${warmup + runs}${measured ? '' : ' (warm-up)'} done`);
    }
    await plain.app.close();
    await hooked.app.close();

    const plainMedian = median(times.plain);
    const hookedMedian = median(times.hooked);
    const ratio = hookedMedian / plainMedian;
    const pairedRatio = median(times.hooked.map((hooked, run) => hooked / times.plain[run]!));
    const deliveryMedian = median(times.delivery);
    const row = (label: string, values: number[], ratioCell: string) =>
      `| ${label} | ${ms(median(values))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} | ${ratioCell} |`;
    const table = [
      `| bulk no-show of ${BULK_SIZE.toLocaleString('en-US')} attendees | median | fastest | slowest | ratio |`,
      '|---|---|---|---|---|',
      row('without webhooks', times.plain, '1.00x'),
      row(
        'endpoint subscribed to attendee.no_show',
        times.hooked,
        `${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'pass' : 'FAIL'})`,
      ),
    ].join('\n');
    const notes = [
      `Median of the per-run ratios (each run times both requests back to back, so a busy machine weighs on ` +
        `both alike): ${pairedRatio.toFixed(2)}x.`,
      `Delivering those ${BULK_SIZE.toLocaleString('en-US')} notifications afterwards, in the background, to a ` +
        `loopback receiver: median ${ms(deliveryMedian)} (${Math.round((BULK_SIZE / deliveryMedian) * 1000)}/s).`,
      `${runs} measured runs after ${warmup} warm-up runs, each request on a fresh event; Node ${process.version}, ` +
        `${os.cpus().length} CPUs, ${new Date().toISOString().slice(0, 16)}Z. Both apps and the client share one ` +
        'process.',
    ];
    printReport(`${table}\n\n${notes.join('\n')}`);
    await recordRun(
      `## \`npm run bench:webhooks\` (the cost of the bulk no-show request), ${runStamp()}\n\n` +
        `${table}\n\n${notes.map((note) => `- ${note}`).join('\n')}\n`,
    );
  } finally {
    await receiver.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runBench('bench/webhooks.ts', main);
