/**
 * @module What a CLI command is: a name, a usage line, and a function from arguments to exit code.
 */
import type { CliIo } from './cli-io.js';
import type { Settings } from './settings.js';

export interface CommandContext {
  /** Arguments after the command name(s). */
  args: string[];
  io: CliIo;
  settings: Settings;
}

export interface Command {
  usage: string;
  summary: string;
  run(context: CommandContext): Promise<number>;
}

/** Prints the one JSON object that `--json` promises as the last line of stdout. */
export function printJsonLine(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value)}\n`);
}
