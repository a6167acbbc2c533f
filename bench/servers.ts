import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pinProcess } from './cores.ts';
import type { ControlMessage, ServerMessage, ServerMode } from './server.ts';

export interface RunningServer {
  mode: ServerMode;
  /** `http://127.0.0.1:PORT` */
  url: string;
  /**
   * CPU time (user + system, all threads) the server process has used so far, in microseconds. Unlike req/s it
   * hardly moves when other processes compete for the cores, which makes it the steadier figure on a busy machine.
   */
  cpuMicros(): Promise<number>;
  /** The longest the server's event loop was held since the last call, in milliseconds (bench/server.ts). */
  loopDelayMaxMs(): Promise<number>;
  stop(): Promise<void>;
}

const SERVER_SCRIPT = fileURLToPath(new URL('./server.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * Forks bench/server.ts and resolves once it listens. With `cpuProfDir` the child writes a V8 CPU profile there
 * when it stops (open it in Chrome DevTools or speedscope); with `cores` it runs on those cores only (cores.ts); with
 * `port` it listens there (a hub restarted where its kiosks were paired), else on an ephemeral port.
 */
export async function startServer(
  mode: ServerMode,
  dataDir: string,
  options: { cpuProfDir?: string; cores?: string; port?: number } = {},
): Promise<RunningServer> {
  const profiling = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const portArgs = options.port === undefined ? [] : ['--port', String(options.port)];
  const child = fork(SERVER_SCRIPT, ['--mode', mode, '--data-dir', dataDir, ...portArgs], {
    execArgv: ['--import', 'tsx', ...profiling],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (options.cores !== undefined && !pinProcess(child.pid!, options.cores)) {
    child.kill('SIGKILL');
    throw new Error(`could not pin the ${mode} server to core ${options.cores}`);
  }
  const port = await waitUntilReady(child, mode);
  return {
    mode,
    url: `http://127.0.0.1:${port}`,
    cpuMicros: () => askCpu(child),
    loopDelayMaxMs: () => askLoopDelay(child),
    stop: () => stopChild(child),
  };
}

function waitUntilReady(child: ChildProcess, mode: ServerMode): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the ${mode} server did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.once('message', (message: ServerMessage) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve(message.port);
      else reject(new Error(`the ${mode} server sent ${message.type} before it was ready`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${mode} server exited with code ${code} before listening`));
    });
  });
}

/** The benchmark asks one question at a time, so the next message is the answer. */
function askCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('message', (message: ServerMessage) => {
      if (message.type === 'cpu') resolve(message.micros);
      else reject(new Error(`expected a cpu answer, got ${message.type}`));
    });
    child.send({ type: 'cpu' } satisfies ControlMessage);
  });
}

function askLoopDelay(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('message', (message: ServerMessage) => {
      if (message.type === 'loop') resolve(message.maxMs);
      else reject(new Error(`expected a loop answer, got ${message.type}`));
    });
    child.send({ type: 'loop' } satisfies ControlMessage);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'stop' } satisfies ControlMessage);
  });
}
