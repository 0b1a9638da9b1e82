/**
 * @module The `quarry` command line: dispatches to commands and maps errors to exit codes once.
 */
import { isAppError } from '@quarry/core';
import { processIo } from './cli-io.js';
import type { CliIo } from './cli-io.js';
import type { Command } from './command.js';
import { backupCommand } from './commands/backup-command.js';
import { benchModesCommand } from './commands/bench-modes-command.js';
import { doctorCommand } from './commands/doctor-command.js';
import { embedCommand } from './commands/embed-command.js';
import { modelCommand } from './commands/model-command.js';
import { restoreCommand } from './commands/restore-command.js';
import { trainCommand } from './commands/train-command.js';
import { evalCommand } from './commands/eval-command.js';
import { exportCommand } from './commands/export-command.js';
import { indexCommand, reindexCommand } from './commands/index-command.js';
import { ingestCommand } from './commands/ingest-command.js';
import { serveCommand } from './commands/serve-command.js';
import { statsCommand } from './commands/stats-command.js';
import { exitCodeByErrorCode, exitCodes } from './exit-codes.js';
import { loadSettings, settingsHelp } from './settings.js';
import { quarryVersion } from './version.js';

export const commands = {
  ingest: ingestCommand,
  stats: statsCommand,
  doctor: doctorCommand,
  serve: serveCommand,
  embed: embedCommand,
  model: modelCommand,
  train: trainCommand,
  bench: benchModesCommand,
  eval: evalCommand,
  index: indexCommand,
  reindex: reindexCommand,
  export: exportCommand,
  backup: backupCommand,
  restore: restoreCommand,
} satisfies Record<string, Command>;

type CommandName = keyof typeof commands;

function isCommandName(name: string | undefined): name is CommandName {
  return name !== undefined && Object.hasOwn(commands, name);
}

function helpText(): string {
  const lines = [
    `quarry ${quarryVersion}: dataset recommendation and answers from papers`,
    '',
    'Commands:',
  ];
  for (const command of Object.values(commands))
    lines.push(`  ${command.usage}`, `      ${command.summary}`);
  lines.push('', 'Settings (environment variables):');
  for (const [name, fallback, meaning] of settingsHelp)
    lines.push(`  ${name.padEnd(24)} ${meaning} (default ${fallback})`);
  return `${lines.join('\n')}\n`;
}

export async function run(options: { argv: string[]; io: CliIo }): Promise<number> {
  const { argv, io } = options;
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(helpText());
    return exitCodes.success;
  }
  if (name === '--version') {
    io.stdout(`${quarryVersion}\n`);
    return exitCodes.success;
  }
  if (!isCommandName(name)) {
    io.stderr(`error: unknown command "${name}"\n\n${helpText()}`);
    return exitCodes.usage;
  }
  try {
    const settings = loadSettings(io.environment);
    return await commands[name].run({ args, io, settings });
  } catch (error) {
    if (isAppError(error)) {
      io.stderr(`error: ${error.message}\n`);
      if (loadSettingsSafely(io)?.debug && error.cause instanceof Error)
        io.stderr(`cause: ${error.cause.stack ?? error.cause.message}\n`);
      return exitCodeByErrorCode[error.code];
    }
    io.stderr(
      `error: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return exitCodeByErrorCode.internal;
  }
}

function loadSettingsSafely(io: CliIo) {
  try {
    return loadSettings(io.environment);
  } catch {
    return null;
  }
}

export async function runFromProcess(): Promise<void> {
  process.exitCode = await run({ argv: process.argv.slice(2), io: processIo });
}
