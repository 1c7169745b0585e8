import type { CommandOutput } from './commands/xml.ts';

/** One subcommand of `pnpm fe`: its usage lines, an example to copy, and what runs it. */
type Command = {
  usage: string;
  example: string;
  run(args: string[]): CommandOutput | Promise<CommandOutput>;
};

export type CommandTable = Readonly<Record<string, Command>>;

/** Every command's usage, in the table's order. */
function overview(table: CommandTable): string {
  const usages = Object.values(table)
    .map((command) => command.usage)
    .join('');
  return `usage: pnpm fe <command> …\n\ncommands:\n${usages}\n\`pnpm fe <command> --help\` prints a command's usage and an example.\n`;
}

/** A command's usage and example, the answer to `<command> --help`. */
function helpOf(command: Command): string {
  return `usage:\n${command.usage}\nexample:\n${command.example}`;
}

const helpFlags = new Set(['--help', '-h']);

/**
 * Runs the command `argv` names; `--help` or `-h` anywhere after it prints its help instead (exit 0), and `pnpm fe`
 * alone prints the overview as an error (exit 2).
 */
export function dispatch(table: CommandTable, argv: readonly string[]): CommandOutput | Promise<CommandOutput> {
  const [name, ...args] = argv;
  const ok = (stdout: string): CommandOutput => ({ exitCode: 0, stdout, stderr: '' });
  // Own keys only: `pnpm fe constructor` is no command.
  const find = (wanted: string) => (Object.hasOwn(table, wanted) ? table[wanted] : undefined);
  if (name === undefined) return { exitCode: 2, stdout: '', stderr: overview(table) };
  if (name === 'help' || helpFlags.has(name)) {
    if (args[0] === undefined) return ok(overview(table));
    const command = find(args[0]);
    return command ? ok(helpOf(command)) : unknown(args[0], table);
  }
  const command = find(name);
  if (!command) return unknown(name, table);
  return args.some((arg) => helpFlags.has(arg)) ? ok(helpOf(command)) : command.run(args);
}

function unknown(name: string, table: CommandTable): CommandOutput {
  return { exitCode: 2, stdout: '', stderr: `unknown command: ${name}\n\n${overview(table)}` };
}
