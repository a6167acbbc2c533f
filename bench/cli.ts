/** What the benchmark scripts share on the command line: progress on stderr, one-line answers to a bad one. */

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
