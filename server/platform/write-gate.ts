import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ArrivalStep } from './arrival.ts';
import { settleOpenGroups } from './group-commit.ts';

/**
 * Lets another thread write to the database without freezing this one.
 *
 * better-sqlite3 is synchronous: a write on this thread that meets another connection's write lock waits inside
 * SQLite's busy handler, on the event loop, and every other request waits with it. A long write on another thread
 * (the CSV import's worker, attendees/import-thread.ts) therefore takes the gate `exclusive`ly for as long as it
 * holds the lock. Meanwhile this thread's writers wait here, asynchronously, and reads (which WAL never blocks) go
 * on. The exclusive holder waits for the writes under way here to end first: a request that may write `enter`s
 * the gate and `leave`s it when it is answered, so none of its writes (even one after an `await`, such as a
 * sign-in's password hash) meets the other thread's lock.
 *
 * The gate only keeps the event loop free; SQLite's locks and busy timeout still keep the data right, so a write
 * that slips past the gate is slow, never wrong.
 */
export interface WriteGate {
  /** True while no other thread holds or waits for the write lock: this thread may write now. */
  isOpen(): boolean;
  /** Resolves once the gate is open; a write made in the same turn as the resolution cannot meet the lock. */
  whenOpen(): Promise<void>;
  /**
   * Runs `write`, a write through another connection of this thread (the mail and webhook senders have their own),
   * once the gate is open and the writes of the app's connection have committed (platform/group-commit.ts), in that
   * same turn: it cannot meet either lock, so it never waits in SQLite's busy handler with the event loop.
   */
  write<T>(write: () => T): Promise<T>;
  /** Marks a write under way on this thread; only while the gate is open. Pair each with `leave`. */
  enter(): void;
  leave(): void;
  /**
   * Resolves, with the function that releases it, once no write of this thread is under way and no other
   * exclusive holder remains. From the call on, new writes wait. Exclusive holders go first come, first served.
   */
  exclusive(): Promise<() => void>;
  /** How many of this thread's writers wait for the gate to open. */
  waiting(): number;
}

export function createWriteGate(): WriteGate {
  let writers = 0;
  let held = false;
  const exclusiveQueue: (() => void)[] = [];
  let openWaiters: (() => void)[] = [];

  const isOpen = () => !held && exclusiveQueue.length === 0;

  function grantNext(): void {
    if (held || writers > 0) return;
    const next = exclusiveQueue.shift();
    if (next) {
      held = true;
      next();
      return;
    }
    const waiters = openWaiters;
    openWaiters = [];
    for (const wake of waiters) wake();
  }

  async function whenOpen(): Promise<void> {
    // Woken waiters check again: another exclusive holder may have queued before their turn came.
    while (!isOpen()) await new Promise<void>((resolve) => openWaiters.push(resolve));
  }

  return {
    isOpen,
    whenOpen,
    async write(write) {
      await whenOpen();
      settleOpenGroups();
      return write();
    },
    enter() {
      if (!isOpen()) throw new Error('WriteGate.enter() while the gate is closed');
      writers++;
    },
    leave() {
      if (writers === 0) throw new Error('WriteGate.leave() without enter()');
      writers--;
      grantNext();
    },
    waiting: () => openWaiters.length,
    exclusive() {
      return new Promise((resolve) => {
        exclusiveQueue.push(() => {
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            held = false;
            grantNext();
          });
        });
        grantNext();
      });
    },
  };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request may write on this thread. Public reads never do; the token API and the dashboard may even on a
 * GET (a token's last use, a session's sliding expiry, both written by their authentication hooks).
 */
function mayWrite(methods: readonly string[], url: string): boolean {
  return (
    methods.some((method) => !READ_METHODS.has(method)) ||
    url.startsWith('/api/') ||
    url.startsWith('/dashboard/api/')
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Leaves the write gate early: for a request whose writes happen on another thread, under the gate. */
    leaveWriteGate(): void;
  }
  interface FastifyContextConfig {
    /**
     * A read of the token API or the dashboard whose handler writes nothing: it does not enter the gate (its
     * authentication's writes wait at the gate's arrival step, as every such request's do). The token API's
     * lookups are read by integrations on every page view.
     */
    readOnly?: true;
  }
}

/**
 * Holds the requests that may write at the gate while another thread writes. Registered before the routes. Two
 * parts: a step of the app's arrival (platform/arrival.ts, returned), at the root so that it runs before the
 * authentication hooks (which may write), waits; a `preHandler`, once the body has arrived, enters for the rest of
 * the request. Entering any earlier would let a client that sends its body slowly keep an import waiting, and every
 * writer behind it. While the gate is open (nearly always) the step costs a check and no promise, and public reads
 * (and reads marked `readOnly`) get no `preHandler` at all.
 */
export function registerWriteGate(app: FastifyInstance, gate: WriteGate): ArrivalStep {
  app.decorateRequest('leaveWriteGate', function noGateEntered() {});

  const enterGate: preHandlerHookHandler = function enterWriteGate(request, reply, done) {
    // Checked again after each wait: another exclusive holder may have come first.
    if (!gate.isOpen()) {
      gate.whenOpen().then(() => enterGate.call(app, request, reply, done), done);
      return;
    }
    gate.enter();
    let left = false;
    request.leaveWriteGate = () => {
      if (left) return;
      left = true;
      gate.leave();
    };
    // 'close' comes after the answer is sent, and also when the client goes away first (Fastify's onResponse
    // would miss that one).
    reply.raw.once('close', request.leaveWriteGate);
    done();
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!mayWrite(methods, route.url ?? '')) return;
    if (route.config?.readOnly && methods.every((method) => READ_METHODS.has(method))) return;
    const own = route.preHandler ?? [];
    route.preHandler = [enterGate, ...(Array.isArray(own) ? own : [own])];
  });

  return (request) =>
    gate.isOpen() || !mayWrite([request.method], request.url) ? undefined : gate.whenOpen();
}
