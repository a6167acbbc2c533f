/**
 * `npm run bench:mail [-- options]`: what mail costs (issue 31), against a local SMTP sink (smtp-server on loopback,
 * in this process, counting what it takes).
 *
 * 1. Registrations with mail on against the same with mail off: two real server processes (bench/server.ts) over
 *    byte-identical databases, the second with mail settings pointing at the sink, each driven by autocannon with a
 *    new email per request, in alternating rounds; the geometric mean of the rounds' ratios (target at least 0.9).
 *    The mail-on server sends its tickets meanwhile, in the background, as it would.
 * 2. "Send tickets" to 5,000 registrations through the sink while a probe checks people in every 10 ms (and reads
 *    their registration): mails a second from the job's start to the last mail at the sink (target at least 50),
 *    and the longest probe request during the job against the same probe's baseline before it (target: none over
 *    100 ms).
 *
 * The table goes to stdout and bench/results.md. `--help` lists the options.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { applyEventInput } from '../server/events/event.input.ts';
import type { EventRecord } from '../server/events/event.types.ts';
import { systemClock } from '../server/platform/clock.ts';
import { openDatabase } from '../server/platform/database.ts';
import { toTimestamp } from '../server/platform/time.ts';
import { ledgerService } from '../server/attendees/ledger.service.ts';
import { recordRegistration } from '../server/attendees/registration.service.ts';
import { createStore, type Store } from '../server/store.ts';
import { rootJournal } from '../server/sync/journal.ts';
import { silentNotifier } from '../server/webhooks/notifier.ts';
import { log, runBench, runOptions } from './cli.ts';
import { pinLoadGenerator } from './cores.ts';
import { machineAtEnd, printReport, recordRun, runStamp } from './history.ts';
import { percentile, runLoad, type LoadSample } from './load.ts';
import { cloneDataDir, ownerSessionCookie } from './seed.ts';
import { type RunningServer, startServer } from './servers.ts';

const HELP = `npm run bench:mail -- [options]

  --rounds N       rounds of registrations, mail off then on (alternating which goes first) (default 5)
  --seconds N      seconds each side is driven per round (default 5)
  --connections N  autocannon connections (default 10)
  --tickets N      registrations "Send tickets" mails (default 5000)
  --no-pin         leave the processes where the scheduler puts them (by default, with 2+ cores, this process
                   and the SMTP sink run on core 0 and the servers on core 1)
  --keep           keep the temp dir with the databases`;

const REGISTRATION_TARGET = 0.9;
const MAILS_PER_SECOND_TARGET = 50;
const LATENCY_TARGET_MS = 100;
const PROBE_INTERVAL_MS = 10;
const BASELINE_MS = 3_000;
const TAIL_MS = 1_000;

/** An SMTP server that takes everything and counts it. */
async function startSink(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    port,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Seeded {
  eventUuid: string;
  /** The event the probe checks people in at: another than the one tickets are sent for. */
  doorEventUuid: string;
  organizationId: number;
  cookie: string;
  ticketEmails: string[];
  checkInEmails: string[];
}

/**
 * An organization with an owner's session and an event open for registration (dates ahead, so mails carry their
 * `.ics`), with `tickets` registrations never mailed and `checkIns` more for the probe to check in.
 */
function seed(dataDir: string, tickets: number, checkIns: number): Seeded {
  const db = openDatabase(dataDir);
  try {
    const store = createStore(db, systemClock);
    const now = new Date();
    const at = toTimestamp(now);
    const organization = store.repos.organizations.create('Bench Venue', 'bench', at)!;
    const cookie = ownerSessionCookie(store, organization, at);
    const settings = applyEventInput(null, {
      name: 'Bench Night',
      is_published: true,
      checkin_period_type: 'immediate',
      allow_self_checkin: true,
      timezone: 'Europe/Paris',
      location: 'Main Hall',
      starts_at: toTimestamp(new Date(now.getTime() + 7 * 86_400_000)),
      ends_at: toTimestamp(new Date(now.getTime() + 7 * 86_400_000 + 8 * 3_600_000)),
    });
    const event = store.repos.events.create(organization.id, settings, at);
    const door = store.repos.events.create(organization.id, { ...settings, name: 'Bench Door' }, at);
    return {
      eventUuid: event.uuid,
      doorEventUuid: door.uuid,
      organizationId: organization.id,
      cookie,
      ticketEmails: store.inTransaction(() => registerMany(store, event, 'ticket', tickets)),
      checkInEmails: store.inTransaction(() => registerMany(store, door, 'arrival', checkIns)),
    };
  } finally {
    db.close();
  }
}

function registerMany(store: Store, event: EventRecord, prefix: string, count: number): string[] {
  const ledger = ledgerService(store, store.repos.ledger, silentNotifier);
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}@example.com`;
    const result = recordRegistration(store, ledger, rootJournal, 'walk_in', event, {
      email,
      name: `Ada Lovelace ${i}`,
      answers: { email, first_name: 'Ada', last_name: `Lovelace ${i}`, company: 'Analytical Engines' },
      status: 'confirmed',
      now: new Date(),
      language: i % 2 === 0 ? 'en' : 'fr',
      door: 'import',
    });
    if (!result.ok) throw new Error(`seeding failed: ${result.reason}`);
    emails.push(email);
  }
  return emails;
}

function setMail(dataDir: string, organizationId: number, sinkPort: number): void {
  const db = openDatabase(dataDir);
  try {
    createStore(db, systemClock).repos.mailSettings.save(
      organizationId,
      {
        host: '127.0.0.1',
        port: sinkPort,
        security: 'none',
        username: null,
        fromAddress: 'tickets@bench.example',
        fromName: 'Bench Venue',
        replyTo: null,
        publicUrl: 'https://tickets.bench.example',
        mailKioskRegistrations: false,
        mailImports: false,
        maxPerMinute: null,
      },
      toTimestamp(new Date()),
    );
  } finally {
    db.close();
  }
}

const queuedMails = (dataDir: string) => {
  const db = openDatabase(dataDir, { checkIntegrity: false });
  try {
    return db.prepare("SELECT count(*) FROM mail_outbox WHERE status = 'queued'").pluck().get() as number;
  } finally {
    db.close();
  }
};

const perSecond = (sample: LoadSample) => sample.succeeded / sample.seconds;
const geometricMean = (values: readonly number[]) =>
  Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
const ms = (value: number) => (value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`);

interface ProbeSample {
  kind: 'check-in' | 'check';
  sentAt: number;
  ms: number;
  ok: boolean;
}

/** A self check-in and a public check every PROBE_INTERVAL_MS, whether or not the last ones were answered. */
function startProbe(baseUrl: string, seeded: Seeded) {
  const samples: ProbeSample[] = [];
  const pending = new Set<Promise<void>>();
  const event = `${baseUrl}/public/events/${seeded.doorEventUuid}`;
  let next = 0;
  const fire = (kind: ProbeSample['kind'], request: () => Promise<Response>) => {
    const sentAt = performance.now();
    const done = request()
      .then(async (response) => {
        await response.arrayBuffer();
        samples.push({ kind, sentAt, ms: performance.now() - sentAt, ok: response.status === 200 });
      })
      .catch(() => {
        samples.push({ kind, sentAt, ms: performance.now() - sentAt, ok: false });
      })
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const timer = setInterval(() => {
    const email = seeded.checkInEmails[next++ % seeded.checkInEmails.length]!;
    fire('check-in', () =>
      fetch(`${event}/check-in`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }),
    );
    fire('check', () =>
      fetch(`${event}/check?email=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } }),
    );
  }, PROBE_INTERVAL_MS);
  return {
    async stop(): Promise<ProbeSample[]> {
      clearInterval(timer);
      await Promise.all(pending);
      return samples;
    },
  };
}

function summarize(samples: readonly ProbeSample[]) {
  const times = samples.map((s) => s.ms);
  return {
    count: samples.length,
    failed: samples.filter((s) => !s.ok).length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: Math.max(...times),
  };
}

async function registrations(
  seeded: Seeded,
  servers: { off: RunningServer; on: RunningServer },
  sink: { received: () => number },
  opts: { rounds: number; seconds: number; connections: number },
) {
  let counter = 0;
  const nextRegistration = () => ({
    method: 'POST' as const,
    path: `/public/events/${seeded.eventUuid}/register`,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      email: `visitor-${counter++}@example.com`,
      first_name: 'Grace',
      last_name: 'Hopper',
      company: 'Navy',
    }),
  });
  const samples = { off: [] as LoadSample[], on: [] as LoadSample[] };
  const ratios: number[] = [];
  // A short warm-up of each, unmeasured.
  for (const side of ['off', 'on'] as const) {
    await runLoad(servers[side].url, nextRegistration, { connections: opts.connections, seconds: 1 });
  }
  for (let round = 0; round < opts.rounds; round++) {
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    const taken: Partial<Record<'off' | 'on', LoadSample>> = {};
    for (const side of order) {
      const sample = await runLoad(servers[side].url, nextRegistration, {
        connections: opts.connections,
        seconds: opts.seconds,
      });
      if (sample.succeeded === 0) throw new Error(`no registration succeeded: ${sample.firstFailure}`);
      taken[side] = sample;
      samples[side].push(sample);
    }
    ratios.push(perSecond(taken.on!) / perSecond(taken.off!));
    log(
      `round ${round + 1}/${opts.rounds}: off ${perSecond(taken.off!).toFixed(0)}/s, on ${perSecond(taken.on!).toFixed(0)}/s, mails at the sink so far ${sink.received()}`,
    );
  }
  return { samples, ratios };
}

async function sendTickets(
  server: RunningServer,
  seeded: Seeded,
  sink: { received: () => number },
  count: number,
) {
  await server.loopDelayMaxMs();
  const probe = startProbe(server.url, seeded);
  await sleep(BASELINE_MS);
  const baselineLoop = await server.loopDelayMaxMs();
  const before = sink.received();
  const started = performance.now();
  const response = await fetch(`${server.url}/dashboard/api/events/${seeded.eventUuid}/mail/send-tickets`, {
    method: 'POST',
    headers: { accept: 'application/json', cookie: seeded.cookie, origin: server.url },
  });
  const answer = (await response.json()) as { data?: { total?: number } };
  if (response.status !== 202 || answer.data?.total !== count) {
    throw new Error(`send-tickets answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
  while (sink.received() - before < count) await sleep(20);
  const finished = performance.now();
  await sleep(TAIL_MS);
  const samples = await probe.stop();
  const duringLoop = await server.loopDelayMaxMs();
  return { started, finished, samples, loop: { baseline: baselineLoop, during: duringLoop } };
}

async function main(): Promise<void> {
  const opts = runOptions(HELP, {
    rounds: { fallback: 5 },
    seconds: { fallback: 5 },
    connections: { fallback: 10 },
    tickets: { fallback: 5_000 },
  });
  if (!opts) return;
  const plan = opts.pin ? pinLoadGenerator() : null;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-bench-mail-'));
  const sink = await startSink();
  const running: RunningServer[] = [];
  const start = async (dir: string) => {
    const server = await startServer('app', dir, plan ? { cores: plan.servers } : {});
    running.push(server);
    return server;
  };
  try {
    // 1. Registrations, mail off and on.
    log('seeding the registration databases...');
    const offDir = path.join(workDir, 'off');
    const onDir = path.join(workDir, 'on');
    const seeded = seed(offDir, 0, 0);
    cloneDataDir(offDir, onDir);
    setMail(onDir, seeded.organizationId, sink.port);
    const off = await start(offDir);
    const on = await start(onDir);
    const { samples, ratios } = await registrations(seeded, { off, on }, sink, opts);
    const queuedAtEnd = queuedMails(onDir);
    const drainStarted = performance.now();
    while (queuedMails(onDir) > 0) await sleep(100);
    const drainMs = performance.now() - drainStarted;
    const mailsSent = sink.received();
    await off.stop();
    await on.stop();

    // 2. Send tickets to `tickets` registrations while check-ins go on.
    log(`seeding ${opts.tickets} registrations to send tickets to...`);
    const jobDir = path.join(workDir, 'job');
    const jobSeed = seed(jobDir, opts.tickets, 20_000);
    setMail(jobDir, jobSeed.organizationId, sink.port);
    const jobServer = await start(jobDir);
    const job = await sendTickets(jobServer, jobSeed, sink, opts.tickets);
    await jobServer.stop();

    // The report.
    const ratio = geometricMean(ratios);
    const pooled = (side: 'off' | 'on') => {
      const all = samples[side];
      return {
        rate: all.reduce((s, x) => s + x.succeeded, 0) / all.reduce((s, x) => s + x.seconds, 0),
        p99: percentile(
          all.flatMap((x) => x.latenciesMs),
          99,
        ),
      };
    };
    const offStats = pooled('off');
    const onStats = pooled('on');
    const mailsPerSecond = (opts.tickets / (job.finished - job.started)) * 1000;
    const during = (s: ProbeSample) => s.sentAt >= job.started;
    const baseline = summarize(job.samples.filter((s) => !during(s)));
    const inJob = summarize(job.samples.filter(during));
    const registrationPass = ratio >= REGISTRATION_TARGET;
    const ticketsPass = mailsPerSecond >= MAILS_PER_SECOND_TARGET;
    const latencyPass = inJob.max <= LATENCY_TARGET_MS && inJob.failed === 0;
    const table = [
      '| measure | baseline (same run) | with mail | ratio | target |',
      '|---|--:|--:|--:|---|',
      `| registrations a second (\`POST /public/events/{uuid}/register\`, ${opts.connections} connections) | ${offStats.rate.toFixed(0)}/s, mail off | ${onStats.rate.toFixed(0)}/s, mail on | ${ratio.toFixed(2)}x | ≥ ${REGISTRATION_TARGET}x: ${registrationPass ? 'PASS' : 'FAIL'} |`,
      `| registration p99 | ${ms(offStats.p99)} | ${ms(onStats.p99)} | ${(onStats.p99 / offStats.p99).toFixed(2)}x | — |`,
      `| "Send tickets" to ${opts.tickets.toLocaleString('en-US')}: mails a second to the sink | — | ${mailsPerSecond.toFixed(0)}/s | — | ≥ ${MAILS_PER_SECOND_TARGET}/s: ${ticketsPass ? 'PASS' : 'FAIL'} |`,
      `| check-ins and checks meanwhile: p99 | ${ms(baseline.p99)} | ${ms(inJob.p99)} | ${(inJob.p99 / baseline.p99).toFixed(2)}x | — |`,
      `| check-ins and checks meanwhile: longest | ${ms(baseline.max)} | ${ms(inJob.max)} | ${(inJob.max / baseline.max).toFixed(2)}x | ≤ ${LATENCY_TARGET_MS} ms: ${latencyPass ? 'PASS' : 'FAIL'} |`,
      `| server's event loop, longest hold | ${ms(job.loop.baseline)} | ${ms(job.loop.during)} | — | — |`,
    ].join('\n');
    const where = plan
      ? 'This process (autocannon, the probe and the SMTP sink) ran on core 0, each server on core 1.'
      : 'Processes unpinned.';
    const notes = [
      `Registrations: ${opts.rounds} rounds of ${opts.seconds} s a side, alternating which goes first; the ratio is the geometric mean of the rounds' ratios (${ratios.map((r) => r.toFixed(2)).join(', ')}). The mail-on server queued a ticket with each registration and sent them meanwhile: ${mailsSent.toLocaleString('en-US')} reached the sink, ${queuedAtEnd.toLocaleString('en-US')} were still queued at the end and went in ${(drainMs / 1000).toFixed(1)} s more.`,
      `Send tickets: from the request to the last of ${opts.tickets.toLocaleString('en-US')} mails at the sink, ${((job.finished - job.started) / 1000).toFixed(1)} s; each mail is HTML and text, its QR code inline and event.ics attached. Probe: a public self check-in and a public check every ${PROBE_INTERVAL_MS} ms (${inJob.count.toLocaleString('en-US')} during the job, ${inJob.failed} failed), against the same probe's ${BASELINE_MS / 1000} s before the job.`,
      `${machineAtEnd()} ${where}`,
    ];
    printReport(`${table}\n\n${notes.join('\n')}`);
    await recordRun(
      `## \`npm run bench:mail\` (registrations with mail, and Send tickets), ${runStamp()}\n\n${table}\n\n${notes.map((note) => `- ${note}`).join('\n')}\n`,
    );
    if (!registrationPass || !ticketsPass || !latencyPass) process.exitCode = 1;
  } finally {
    for (const server of running) await server.stop();
    await sink.close();
    if (opts.keep) log(`kept ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runBench('bench/mail.ts', main, 'npm run bench:mail -- --help');
