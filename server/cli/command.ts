import { systemClock } from '../platform/clock.ts';
import { openDatabase } from '../platform/database.ts';
import { createStore, type Store } from '../store.ts';

/**
 * What a command of `arrivals` is: each feature folder declares its own in a `*.cli.ts` module (server/README.md
 * lists them), and server/cli.ts parses the command line, finds the command and builds `arrivals --help` from
 * these declarations.
 */
export interface CliCommand {
  /** The words that call it: `serve`, `token create`. */
  name: string;
  /** Its entries in `arrivals --help`, one a way of calling it (serve has two). */
  help: readonly CommandHelp[];
  /** Lines `arrivals --help` adds after the list of commands: the flags too many for the synopsis. */
  notes?: readonly string[];
  /** Every flag it reads, besides `--data` and `--help`, which every command takes. */
  flags: Readonly<Record<string, CliFlag>>;
  /** Resolves to the exit code; a `UsageError` thrown is exit code 2, any other error 1. */
  run(call: CommandCall): number | Promise<number>;
}

export interface CommandHelp {
  /** The flags it is called with, after the command's name; a second line goes on under the first. */
  synopsis: readonly string[];
  /** What it does, one line after another. */
  summary: readonly string[];
}

/** A flag as node:util's `parseArgs` reads it. */
export interface CliFlag {
  type: 'string' | 'boolean';
  /** Given more than once: `--allowed-host a --allowed-host b`. */
  multiple?: boolean;
  short?: string;
}

/** The flags commands declare most. */
export const FLAG = {
  value: { type: 'string' },
  repeated: { type: 'string', multiple: true },
  switch: { type: 'boolean' },
} as const satisfies Record<string, CliFlag>;

export interface CommandCall {
  dataDir: string;
  flags: Flags;
  env: NodeJS.ProcessEnv;
  io: Io;
}

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Everything piped to stdin; null when stdin is a terminal. Defaults to the process's stdin. */
  readStdin?: () => Promise<string | null>;
}

export type Flags = Record<string, string | string[] | boolean | undefined>;

/** A mistake in how the command was called: one line on stderr and exit code 2. */
export class UsageError extends Error {}

export function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value.trim();
}

export const list = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** The CLI's door to the store: the same services the server uses, over the data dir, closed afterwards. */
export function withStore<T>(dataDir: string, work: (store: Store) => T): T {
  const db = openDatabase(dataDir);
  try {
    return work(createStore(db, systemClock));
  } finally {
    db.close();
  }
}

export async function withStoreAsync<T>(dataDir: string, work: (store: Store) => Promise<T>): Promise<T> {
  const db = openDatabase(dataDir);
  try {
    return await work(createStore(db, systemClock));
  } finally {
    db.close();
  }
}
