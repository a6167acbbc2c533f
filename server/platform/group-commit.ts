import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { Db } from './database.ts';
import type { WriteGate } from './write-gate.ts';

// Taken when this module loads: a test that fakes the timers later must not stop groups from committing.
const nextCheckPhase = globalThis.setImmediate;

/** The open groups of this thread, one at most per connection (two apps on one data dir, in tests). */
const openGroups = new Set<() => void>();

/**
 * Commits every open group of this thread: before a write through any other connection, which would otherwise wait
 * on a group's lock in SQLite's busy handler, holding the event loop that would commit it.
 */
export function settleOpenGroups(): void {
  for (const flush of openGroups) flush();
}

/**
 * Commits the writes that arrive together in one transaction, so that one wait for the disk answers all of them.
 *
 * A write on the app's connection (`Store.inTransaction`) that finds no group open begins one (BEGIN IMMEDIATE) and
 * runs in it (if it throws, the group ends with it); every write until the event loop's next check phase
 * (`setImmediate`) joins the group as a savepoint of its own, so a write that throws still undoes only itself. Then the group commits: under load the
 * requests that one turn of the loop read off their sockets share one commit; alone, a write commits a turn later.
 *
 * Nothing outside this process hears of a write before its group has committed:
 * - an answer sent while a group is open waits for its commit (`registerGroupCommit`), and is an error if it fails;
 * - a write through another connection of this thread commits the group first (`settleOpenGroups`: another app's
 *   group, the mail and webhook senders through `WriteGate.write`): it would otherwise wait on the group's lock in
 *   SQLite's busy handler, with the event loop;
 * - the import's worker thread waits for it as for any write under way here (the group holds the write gate);
 * - a replica commits it before reading what it pushes to its hub; a hub's chunk of pushed ops commits it and then
 *   runs alone (it sets its own durability).
 *
 * So a crash loses only writes nobody was told of, as before: their requests get no answer.
 */
export interface GroupCommit {
  /** Runs `write` in the open group (as its savepoint) or begins one with it; alone while the write gate is closed. */
  run<T>(write: () => T): T;
  /** Whether a group is open: an answer sent now waits for `committed()`. */
  isOpen(): boolean;
  /** Resolves when the open group has committed (at once if none is open); rejects if its commit failed. */
  committed(): Promise<void>;
  /** Commits the open group now (nothing if none is open); throws if the commit fails. */
  flush(): void;
  /** Groups from now on: once the server is ready to answer. Until then (building the app) each write is alone. */
  start(): void;
}

export function groupCommit(db: Db, gate: WriteGate): GroupCommit {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  let started = false;
  let open = false;
  // Made only when an answer waits: most groups under light load have none.
  let waiting: { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | null =
    null;

  /** Tells the answers waiting for the group; false if none was. */
  function settle(error: unknown): boolean {
    const waiters = waiting;
    waiting = null;
    if (!waiters) return false;
    if (error === undefined) waiters.resolve();
    else waiters.reject(error);
    return true;
  }

  function flush(): void {
    if (!open) return;
    open = false;
    openGroups.delete(flush);
    let failure: unknown;
    try {
      // A savepoint's error that SQLite answers by rolling back the whole transaction (a full disk, an I/O error)
      // leaves nothing to commit: every write of the group is lost, and each of their answers must say so.
      if (!db.inTransaction) throw new Error('the writes of this turn were rolled back by the database');
      commit.run();
    } catch (error) {
      failure = error;
      if (db.inTransaction) db.exec('ROLLBACK');
    } finally {
      gate.leave();
    }
    const told = settle(failure);
    // Nobody's answer was waiting (a background write): still a fault to surface, as a write alone would throw.
    if (failure !== undefined && !told) throw failure;
  }

  /** Ends the open group without committing: its first write threw, and nobody waits for it yet. */
  function abandon(): void {
    open = false;
    openGroups.delete(flush);
    try {
      if (db.inTransaction) db.exec('ROLLBACK');
    } finally {
      gate.leave();
    }
  }

  function flushInTurn(): void {
    try {
      flush();
    } catch (error) {
      // No caller left to throw to, and no answer waited for these writes: a process warning says they were lost.
      process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'GroupCommitFailed');
    }
  }

  return {
    run(write) {
      // A savepoint of the group (or of the transaction under way).
      if (open || db.inTransaction) return db.transaction(write)();
      // While another thread holds the write lock (the import), a write waits for it on its own, as before.
      if (!started || !gate.isOpen()) return db.transaction(write).immediate();
      settleOpenGroups();
      begin.run();
      open = true;
      openGroups.add(flush);
      gate.enter();
      nextCheckPhase(flushInTurn);
      // The group's first write runs in its transaction itself, not in a savepoint: a savepoint keeps a copy of every
      // page its write changes, which a large write (a replica's feed page, a bulk no-show) pays for in full. If it
      // throws, the group ends with it: it held nothing else.
      try {
        return write();
      } catch (error) {
        abandon();
        throw error;
      }
    },
    isOpen: () => open,
    committed() {
      if (!open) return Promise.resolve();
      if (!waiting) {
        let resolve!: () => void;
        let reject!: (error: unknown) => void;
        const promise = new Promise<void>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        waiting = { promise, resolve, reject };
      }
      return waiting.promise;
    },
    flush,
    start() {
      started = true;
    },
  };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An answer sent while a group is open waits for its commit (see `groupCommit`): every route's but the public and
 * kiosk reads' and the token API's lookups' (`readOnly`), which keep the read path as light as it is
 * (server/README.md). Those may show a write of the very same turn just before it commits; a write's own answer,
 * a replica's feed and the dashboard's reads never do. Registered before the routes.
 */
export function registerGroupCommit(app: FastifyInstance, commits: GroupCommit): void {
  const waitForCommit: onSendHookHandler = function waitForCommit(_request, _reply, payload, done) {
    if (!commits.isOpen()) return done(null, payload);
    commits.committed().then(() => done(null, payload), done);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url ?? '';
    const publicRead =
      methods.every((method) => READ_METHODS.has(method)) &&
      (url.startsWith('/public/') || url.startsWith('/kiosk/') || route.config?.readOnly === true);
    if (publicRead) return;
    const own = route.onSend ?? [];
    route.onSend = [...(Array.isArray(own) ? own : [own]), waitForCommit];
  });
}
