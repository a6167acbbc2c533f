/**
 * What the benchmark scripts share on the command line: the options the long ones take, progress on stderr, and
 * one-line answers to a bad command line.
 */
import { parseArgs } from 'node:util';

/** A bad command line: said in one line, without a stack trace. */
export class UsageError extends Error {}

/** node:util's parseArgs throws these for an unknown option or a missing value. */
const isParseArgsError = (error: unknown) =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS_');

/** Progress while a benchmark runs, on stderr: stdout carries only its table and notes. */
export const log = (message: string) => process.stderr.write(`${message}\n`);

/** A whole number of at least `min` from an option's text, or `fallback` when the option was not given. */
export function wholeNumber(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < min) {
    throw new UsageError(`--${name} must be a whole number of at least ${min}`);
  }
  return number;
}

/** A benchmark's whole-number option: its value when not given, and the least it takes (1 unless said). */
export interface WholeNumberOption {
  fallback: number;
  min?: number;
}

/** What a benchmark that starts servers and a temp dir takes besides its own whole numbers. */
export interface RunSwitches {
  /** Pin this process and the servers to cores (bench/cores.ts); false with --no-pin. */
  pin: boolean;
  /** Keep the temp dir at the end (--keep). */
  keep: boolean;
}

/**
 * Reads the command line of a benchmark whose options are whole numbers (checked in the order given) and the
 * switches --no-pin, --keep and --help. A bad option throws as `wholeNumber` and parseArgs do, --help or not; with
 * --help, prints `help` and returns null.
 */
export function runOptions<Name extends string>(
  help: string,
  numbers: Record<Name, WholeNumberOption>,
): (Record<Name, number> & RunSwitches) | null {
  const names = Object.keys(numbers) as Name[];
  const { values } = parseArgs({
    options: {
      ...Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
      'no-pin': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const given = values as Record<string, string | boolean | undefined>;
  const read = {} as Record<Name, number>;
  for (const name of names) {
    read[name] = wholeNumber(
      given[name] as string | undefined,
      numbers[name].fallback,
      name,
      numbers[name].min,
    );
  }
  if (values.help) {
    process.stdout.write(`${help}\n`);
    return null;
  }
  return { ...read, pin: !values['no-pin'], keep: values.keep };
}

/**
 * Runs a benchmark's `main`. A usage error (ours or parseArgs') is printed as one line naming the command, then
 * `hint` if given, with exit code 2; anything else with its stack trace and exit code 1.
 */
export function runBench(command: string, main: () => Promise<void>, hint?: string): void {
  main().catch((error: unknown) => {
    if (error instanceof UsageError || isParseArgsError(error)) {
      console.error(`${command}: ${(error as Error).message}${hint ? ` (${hint})` : ''}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
}
