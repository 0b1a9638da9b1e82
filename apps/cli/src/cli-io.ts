/**
 * @module The CLI's view of its terminal, so commands can run in-process in tests.
 */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is an interactive terminal (progress bars only then). */
  interactive: boolean;
  environment: Record<string, string | undefined>;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY,
  environment: process.env,
};
