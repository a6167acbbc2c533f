/**
 * One server under test, in its own process so it never shares an event loop (or a core, on a 2-core machine) with
 * the load generator. Started by bench/run.ts over IPC:
 *
 *   node --import tsx bench/server.ts --mode app|twin --data-dir DIR [--port N]
 *
 * It listens on a loopback port (an ephemeral one without `--port`), reports `{ type: 'ready', port }`, answers
 * `{ type: 'cpu' }` with the CPU time it has used so far and `{ type: 'loop' }` with the longest its event loop was
 * held since the last such question, and closes cleanly on `{ type: 'stop' }` so that `--cpu-prof` gets to write its
 * profile.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { buildTwin } from './twin.ts';

export type ServerMode = 'app' | 'twin';

export type ServerMessage =
  { type: 'ready'; port: number } | { type: 'cpu'; micros: number } | { type: 'loop'; maxMs: number };
export type ControlMessage = { type: 'stop' } | { type: 'cpu' } | { type: 'loop' };

/** High enough that no run meets a limit, while the limiter still runs its full path on every request. */
const UNLIMITED = {
  publicEvents: 1e9,
  profile: 1e9,
  publicOther: 1e9,
  kioskScan: 1e9,
  tickets: 1e9,
  token: 1e9,
  signIn: 1e9,
  signInAccount: 1e9,
};

async function build(mode: ServerMode, dataDir: string): Promise<FastifyInstance> {
  return mode === 'app' ? buildApp({ dataDir, rateLimits: UNLIMITED }) : buildTwin(dataDir);
}

function parseMode(value: string | undefined): ServerMode {
  if (value === 'app' || value === 'twin') return value;
  throw new Error(`--mode must be app or twin (got ${String(value)})`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { mode: { type: 'string' }, 'data-dir': { type: 'string' }, port: { type: 'string' } },
  });
  const dataDir = values['data-dir'];
  if (!dataDir) throw new Error('--data-dir is required');
  if (!process.send) throw new Error('bench/server.ts is started by bench/run.ts (it needs an IPC channel)');

  const server = await build(parseMode(values.mode), dataDir);
  // How late a 1 ms timer fires: a loop held by synchronous work (or starved of its core) for 300 ms shows as 300.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  await server.listen({ host: '127.0.0.1', port: Number(values.port ?? 0) });

  // Without a parent nobody would ever stop us: leave rather than linger as an orphan.
  const orphaned = () => process.exit(1);
  process.on('disconnect', orphaned);
  process.on('message', (message: ControlMessage) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ type: 'cpu', micros: user + system } satisfies ServerMessage);
      return;
    }
    if (message.type === 'loop') {
      process.send!({ type: 'loop', maxMs: loopDelay.max / 1e6 } satisfies ServerMessage);
      loopDelay.reset();
      return;
    }
    process.off('disconnect', orphaned);
    void server.close().then(() => process.exit(0));
  });

  const { port } = server.server.address() as AddressInfo;
  process.send({ type: 'ready', port } satisfies ServerMessage);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
