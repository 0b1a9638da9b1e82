/** @module Public surface of the CLI package (for tests and embedding). */
export { commands, run, runFromProcess } from './main.js';
export { loadSettings, settingsHelp } from './settings.js';
export type { Settings } from './settings.js';
export type { CliIo } from './cli-io.js';
