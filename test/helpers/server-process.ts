import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `bin/arrivals.mjs`, the command people run. */
export const CLI = fileURLToPath(new URL('../../bin/arrivals.mjs', import.meta.url));
const ROOT = path.dirname(path.dirname(CLI));

/** A port nobody listens on right now (the OS picks it); another process may still take it before we do. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** What the server wrote to stderr and stdout so far, for failure messages. */
  output(): string;
  /** Resolves once the process has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no shutdown hooks, no final checkpoint, like a power cut for the process (not for the disk). */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /** A GET path that answers 200 once the server is ready. */
  readyPath: string;
  /** `--host`; null leaves it out, so the server listens where it does by default. Default 127.0.0.1. */
  host?: string | null;
  /** The port to listen on (a server started again where its clients know it); a free one by default. */
  port?: number;
  timeoutMs?: number;
}

/**
 * Starts `arrivals serve` on 127.0.0.1 and a free port, and waits until `readyPath` answers 200. A port taken
 * between our probe and the server's bind is retried on another port.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = options.port ?? (await freePort());
    const server = spawnServer(options, port);
    try {
      await waitUntilReady(server, options.readyPath, options.timeoutMs ?? 30_000);
      return server;
    } catch (error) {
      lastError = error;
      await server.kill();
      if (options.port !== undefined || !/EADDRINUSE/.test(server.output())) throw error;
    }
  }
  throw lastError;
}

function spawnServer(options: StartOptions, port: number): ServerProcess {
  const child = spawn(
    process.execPath,
    [
      CLI,
      'serve',
      '--data',
      options.dataDir,
      '--port',
      String(port),
      ...(options.host === null ? [] : ['--host', options.host ?? '127.0.0.1']),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ARRIVALS_LOG_LEVEL: 'warn', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    }
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    port,
    baseUrl: `http://${options.host ?? '127.0.0.1'}:${port}`,
    output: () => output,
    exited,
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (running()) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitUntilReady(server: ServerProcess, readyPath: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before it was ready:\n${server.output()}`);
    try {
      const response = await fetch(server.baseUrl + readyPath, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server was not ready after ${timeoutMs} ms (${last}):\n${server.output()}`);
}
