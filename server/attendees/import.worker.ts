/**
 * The CSV import's thread, started by import-thread.ts. It is a door like the routes: it parses and validates the
 * request body against the route's own schema, then hands the rows to the import service, on a connection and a
 * store of its own. Everything it does per row happens here, off the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Clock } from '../platform/clock.ts';
import { openDatabase } from '../platform/database.ts';
import { toTimestamp } from '../platform/time.ts';
import { checkRequestPart } from '../platform/validation.ts';
import { createStore } from '../store.ts';
import { notifyingAll, webhookNotifier } from '../webhooks/notifier.ts';
import { mailNotifier } from '../mail/mail-notifier.ts';
import { mailOutbox } from '../mail/mail-outbox.service.ts';
import { fanOutNotifications, webhookOutbox } from '../webhooks/outbox.service.ts';
import { importBody } from './desk.schemas.ts';
import type {
  FromImportWorker,
  ImportJob,
  ImportThreadOutcome,
  ImportWorkerData,
  ToImportWorker,
} from './import-thread.ts';
import { attendeeImportService } from './import.service.ts';

if (!parentPort) throw new Error('import.worker.ts runs as a worker thread (import-thread.ts starts it)');
const port = parentPort;
const { dataDir, nativeBinding } = workerData as ImportWorkerData;

const db = openDatabase(dataDir, { nativeBinding });
// The request's time, not the worker's: the server's clock may be another (tests inject one).
let jobTime = new Date();
const clock: Clock = { now: () => jobTime };
const store = createStore(db, clock);
let queued = false;
const markQueued = () => {
  queued = true;
};
// Imports run on a hub that follows no online server (a following hub refuses them): their mail leaves from here.
const notify = notifyingAll(
  webhookNotifier(webhookOutbox(store.repos, clock, markQueued)),
  mailNotifier(store.repos, mailOutbox(store.repos, clock, markQueued), { mailsFor: () => true, clock }),
);
const imports = attendeeImportService(store, notify);

let grantWrite: (() => void) | null = null;
const send = (message: FromImportWorker) => port.postMessage(message);

/** Asks the server's thread for the write gate (see import-thread.ts) and waits until it is ours. */
function beforeWriting(): Promise<void> {
  return new Promise((resolve) => {
    grantWrite = resolve;
    send({ type: 'lock' });
  });
}

/** Gives the write gate back between two chunks: the server's writers that waited go first. */
function afterWriting(): void {
  send({ type: 'unlock' });
}

async function outcomeOf(job: ImportJob): Promise<ImportThreadOutcome> {
  const body = checkRequestPart(importBody, 'body', job.body === null ? undefined : JSON.parse(job.body));
  if (!body.ok) return { ok: false, reason: 'body_invalid', errors: body.errors };
  return imports.importAttendees(job.eventId, body.value.rows, {
    registeredAt: toTimestamp(jobTime),
    beforeWriting,
    afterWriting,
    mode: body.value.mode ?? 'all_or_nothing',
  });
}

async function run(job: ImportJob): Promise<void> {
  jobTime = new Date(job.at);
  queued = false;
  let outcome: ImportThreadOutcome;
  try {
    outcome = await outcomeOf(job);
  } catch (error) {
    send({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return;
  }
  try {
    // Expanded here, while the gate is still held, rather than by the dispatcher on the server's thread, where
    // expanding ten thousand notifications would hold the event loop.
    if (queued) fanOutNotifications(db, store.repos, clock);
  } catch {
    // The import stands, and so do its notifications: the dispatcher expands them itself (and logs a failure).
  }
  send({ type: 'done', outcome, queued });
}

port.on('message', (message: ToImportWorker) => {
  if (message.type === 'locked') {
    grantWrite?.();
    grantWrite = null;
    return;
  }
  void run(message.job);
});
