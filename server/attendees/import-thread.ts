import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EventRecord } from '../events/event.types.ts';
import type { Clock } from '../platform/clock.ts';
import type { FieldErrors } from '../platform/field-errors.ts';
import type { WriteGate } from '../platform/write-gate.ts';
import type { ImportOutcome, ImportPreviewOutcome } from './import.service.ts';

/** A body that the import's schema refuses. */
type BodyInvalid = { ok: false; reason: 'body_invalid'; errors: FieldErrors };

/** What an import can come to: the service's outcomes, or a body that its schema refuses. */
export type ImportThreadOutcome = ImportOutcome | BodyInvalid;

/** What a preview of an import comes to. */
export type ImportPreviewThreadOutcome = ImportPreviewOutcome | BodyInvalid;

/** What the worker is started with. */
export interface ImportWorkerData {
  dataDir: string;
  nativeBinding?: string;
}

/**
 * One import, or its preview (`preview`: checked, nothing written): the event, the request body's text (null when
 * there was none), the request's time (ISO).
 */
export interface ImportJob {
  eventId: number;
  body: string | null;
  at: string;
  preview?: boolean;
}

export type ToImportWorker = { type: 'import'; job: ImportJob } | { type: 'locked' };

/**
 * The worker's side of a job: `lock` when it is about to write (answered with `locked` once the write gate is
 * ours) and `unlock` when it gives the gate back between two chunks of its rows; then `done` once it has finished
 * writing (its last chunk and the webhook fan-out after it), or `failed`. `queued` says whether the import stored
 * notifications.
 */
export type FromImportWorker =
  | { type: 'lock' }
  | { type: 'unlock' }
  | { type: 'done'; outcome: ImportThreadOutcome | ImportPreviewThreadOutcome; queued: boolean }
  | { type: 'failed'; message: string };

export interface ImportThreadOptions {
  dataDir: string;
  nativeBinding?: string;
  clock: Clock;
  gate: WriteGate;
  /** Notifications were stored (and fanned out): the dispatcher may send them. */
  onQueued(): void;
  /** The worker died, perhaps between two chunks of an import: roll back what it left unfinished. */
  onDied(): void;
}

/**
 * The worker is this file's sibling: TypeScript when the server runs from its sources (through tsx, in the tests
 * and in development), JavaScript beside the bundle that holds this code otherwise (bin/server-bundle.mjs and the
 * desktop shell's build each emit `import.worker.js` next to their entry).
 */
const HERE = fileURLToPath(import.meta.url);
const FROM_SOURCES = HERE.endsWith('.ts');
const WORKER_FILE = path.join(path.dirname(HERE), FROM_SOURCES ? 'import.worker.ts' : 'import.worker.js');

function startWorker(workerData: ImportWorkerData): Worker {
  if (!FROM_SOURCES) return new Worker(WORKER_FILE, { workerData });
  // A worker inherits no loader hooks, and Node 20 refuses a .ts entry before `--import tsx` could help: the
  // worker registers tsx itself, then loads its entry.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = pathToFileURL(WORKER_FILE).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Runs CSV imports on a worker thread with its own database connection, so that a 10,000-row import never holds
 * the event loop: the body's validation against its schema, the checks of every row, and the write transactions
 * (a chunk of rows each) all happen there. While the worker writes a chunk it holds the write gate, so this thread's
 * writers wait for its commit asynchronously instead of inside SQLite's busy handler (platform/write-gate.ts), and
 * go in between two chunks; reads go on throughout.
 *
 * The worker starts with the first import and stays for the next (starting one takes longer than a small import);
 * it is unref'd, so it never keeps the process alive. Imports run one at a time, in the order they came.
 */
export function importThread(options: ImportThreadOptions) {
  const { clock, gate, onQueued, onDied } = options;
  let worker: Worker | null = null;
  let previous: Promise<void> = Promise.resolve();
  let writing = false;
  let closed = false;

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = startWorker({ dataDir: options.dataDir, nativeBinding: options.nativeBinding });
    started.unref();
    // A worker that failed is replaced by a fresh one at the next import. Its error is the import's (runJob);
    // listened to here too, since an 'error' nobody listens to would end the server.
    const forget = () => {
      if (worker === started) worker = null;
    };
    started.on('error', forget);
    started.once('exit', forget);
    worker = started;
    return started;
  }

  function runJob(job: ImportJob): Promise<ImportThreadOutcome | ImportPreviewThreadOutcome> {
    return new Promise((resolve, reject) => {
      if (closed) throw new Error('the import thread is closed');
      const current = ensureWorker();
      let ended = false;
      let release: (() => void) | null = null;

      const unlock = () => {
        writing = false;
        release?.();
        release = null;
      };
      const end = () => {
        ended = true;
        current.off('message', onMessage);
        current.off('error', onError);
        current.off('exit', onExit);
        unlock();
      };
      const onMessage = (message: FromImportWorker) => {
        switch (message.type) {
          case 'lock':
            // Asked for again at once after a chunk (`unlock` came in the same breath): the writers the release
            // woke get to their write first, this turn of the event loop, rather than finding the gate shut again.
            setImmediate(() => {
              void gate.exclusive().then((granted) => {
                // The worker died while we waited: nobody will write under the gate.
                if (ended) return granted();
                release = granted;
                writing = true;
                current.postMessage({ type: 'locked' } satisfies ToImportWorker);
              });
            });
            return;
          case 'unlock':
            return unlock();
          case 'done':
            end();
            if (message.queued) onQueued();
            return resolve(message.outcome);
          case 'failed':
            end();
            return reject(new Error(`the import failed in its worker: ${message.message}`));
        }
      };
      // Its transaction, if any, died with its connection: SQLite rolls back what was not committed. Chunks it had
      // committed are rolled back here, before the gate opens again (or at the next start, should this fail).
      const died = () => {
        try {
          if (!closed) onDied();
        } finally {
          end();
        }
      };
      const onError = (error: Error) => {
        died();
        reject(error);
      };
      const onExit = (code: number) => {
        died();
        reject(new Error(`the import worker stopped (exit code ${code})`));
      };
      current.on('message', onMessage);
      current.on('error', onError);
      current.on('exit', onExit);
      current.postMessage({ type: 'import', job } satisfies ToImportWorker);
    });
  }

  /** Runs `job` after the jobs before it: imports (and previews) one at a time. */
  function queue(job: ImportJob): Promise<ImportThreadOutcome | ImportPreviewThreadOutcome> {
    if (closed) return Promise.reject(new Error('the import thread is closed'));
    const outcome = previous.then(() => runJob(job));
    previous = outcome.then(
      () => undefined,
      () => undefined,
    );
    return outcome;
  }

  const jobOf = (event: EventRecord, body: string | undefined, preview: boolean): ImportJob => ({
    eventId: event.id,
    body: body ?? null,
    at: clock.now().toISOString(),
    ...(preview ? { preview } : {}),
  });

  return {
    /** Imports the rows of `body` (the request's JSON text; undefined when it had none) into `event`. */
    importAttendees(event: EventRecord, body: string | undefined): Promise<ImportThreadOutcome> {
      return queue(jobOf(event, body, false)) as Promise<ImportThreadOutcome>;
    },

    /** Checks the rows of `body` as an import would, off the server's thread, writing nothing. */
    previewImport(event: EventRecord, body: string | undefined): Promise<ImportPreviewThreadOutcome> {
      return queue(jobOf(event, body, true)) as Promise<ImportPreviewThreadOutcome>;
    },

    /** Whether an import holds the write gate: other writers of this process wait for its commit. */
    isWriting(): boolean {
      return writing;
    },

    /** Stops the worker; an import under way fails, and the next start rolls back the chunks it wrote. */
    async close(): Promise<void> {
      closed = true;
      await worker?.terminate();
    },
  };
}

export type ImportThread = ReturnType<typeof importThread>;
