import { parseArgs } from 'node:util';
import { staffCommands } from './access/staff.cli.ts';
import { tokenCommands } from './access/token.cli.ts';
import { FLAG, UsageError, type CliCommand, type CliFlag, type Flags, type Io } from './cli/command.ts';
import { usageText } from './cli/usage.ts';
import { demoCommands } from './demo/demo.cli.ts';
import { httpsCommands } from './https/https.cli.ts';
import { mailCommands } from './mail/mail.cli.ts';
import { organizationCommands } from './organizations/organization.cli.ts';
import { ConfigError, defaultDataDir } from './platform/config.ts';
import { serveCommands } from './serve.cli.ts';
import { deviceCommands } from './sync/device.cli.ts';
import { upstreamCommands } from './sync/upstream.cli.ts';

export { UsageError } from './cli/command.ts';

/** Every command of `arrivals`, declared beside its feature, in the order `arrivals --help` lists them. */
const COMMANDS: readonly CliCommand[] = [
  ...serveCommands,
  ...organizationCommands,
  ...tokenCommands,
  ...staffCommands,
  ...demoCommands,
  ...deviceCommands,
  ...upstreamCommands,
  ...mailCommands,
  ...httpsCommands,
];

/** What every command takes. */
const COMMON_FLAGS: Record<string, CliFlag> = {
  data: FLAG.value,
  help: { type: 'boolean', short: 'h' },
};

export const USAGE = usageText(COMMANDS, [
  'Every command takes --data DIR (default: $ARRIVALS_DATA_DIR, else the per-user app-data directory).',
]);

/**
 * The flags of every command, read whichever command is called (as one table always was): a flag another command
 * takes is let through and ignored, one no command takes is refused.
 */
const OPTIONS = flagTable([COMMON_FLAGS, ...COMMANDS.map((command) => command.flags)]);

function flagTable(declared: readonly Readonly<Record<string, CliFlag>>[]): Record<string, CliFlag> {
  const table: Record<string, CliFlag> = {};
  for (const flags of declared) {
    for (const [name, flag] of Object.entries(flags)) {
      const known = table[name];
      if (known && JSON.stringify(known) !== JSON.stringify(flag)) {
        throw new Error(`--${name} is declared twice, differently: every command must read it the same way.`);
      }
      table[name] = flag;
    }
  }
  return table;
}

/** Runs one CLI command. Resolves to the exit code; `serve` resolves only once the server has stopped. */
export async function runCli(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`arrivals: ${(error as Error).message}`);
    return 2;
  }
  const flags = parsed.values as Flags;
  const [word, sub] = parsed.positionals;
  if (flags.help || !word) {
    io.out(USAGE);
    return word || flags.help ? 0 : 2;
  }
  const dataDir = (flags.data as string | undefined) || env.ARRIVALS_DATA_DIR || defaultDataDir(env);

  try {
    const name = `${word}${sub ? ' ' + sub : ''}`;
    const command = COMMANDS.find((candidate) => candidate.name === name);
    if (!command) {
      throw new UsageError(
        `Unknown command "${[word, sub].filter(Boolean).join(' ')}". Try: arrivals --help`,
      );
    }
    return await command.run({ dataDir, flags, env, io });
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err(`arrivals: ${error.message}`);
      return 2;
    }
    io.err(`arrivals: ${(error as Error).message}`);
    return 1;
  }
}
