import type { CliCommand, CommandHelp } from './command.ts';

/** How wide a synopsis may be and still have its summary on the same line, after two spaces. */
const SYNOPSIS_WIDTH = 40;
const INDENT = '  ';
const SUMMARY_INDENT = ' '.repeat(INDENT.length + SYNOPSIS_WIDTH + 2);

/**
 * `arrivals --help`, from what the commands declare: each way of calling each command with what it does beside it
 * (or under it, for a long synopsis), then the notes.
 */
export function usageText(commands: readonly CliCommand[], notes: readonly string[]): string {
  return [
    'Usage: arrivals <command> [options]',
    '',
    'Commands:',
    ...commands.flatMap((command) => command.help.flatMap((help) => helpLines(command.name, help))),
    '',
    ...notes,
    ...commands.flatMap((command) => command.notes ?? []),
    '',
  ].join('\n');
}

function helpLines(name: string, { synopsis, summary }: CommandHelp): string[] {
  const calls =
    synopsis.length === 0
      ? [name]
      : synopsis.map((line, i) => (i === 0 ? `${name} ${line}` : `${' '.repeat(name.length + 1)}${line}`));
  const lines: string[] = [];
  let said = 0;
  for (const call of calls) {
    if (call.length <= SYNOPSIS_WIDTH && said < summary.length) {
      lines.push(`${INDENT}${call.padEnd(SYNOPSIS_WIDTH + 2)}${summary[said++]}`);
    } else {
      lines.push(`${INDENT}${call}`);
    }
  }
  return [...lines, ...summary.slice(said).map((line) => SUMMARY_INDENT + line)];
}
