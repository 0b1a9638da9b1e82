/**
 * @module `quarry mcp`: Quarry's MCP server over stdio, for desktop assistants. When `quarry serve`
 * holds the embedded folder, every tool goes through that server's `/mcp` with the API token (no
 * second process opens the folder); otherwise this process opens the database and serves the same
 * services itself, waiting for the answer index before it answers. Standard output is the
 * protocol: every log line, and anything a library prints, goes to standard error.
 * `--print-config` prints the set-up snippets for a desktop and a remote client instead.
 */
import { serveLogger } from '../serve/serve-logger.js';
import type { Logger } from '@quarry/api';
import { createLocalServices, createWebLinks, serveQuarryMcpStdio } from '@quarry/mcp';
import type { QuarryMcpServices } from '@quarry/mcp';
import { openStore } from '@quarry/store';
import type { Command, CommandContext } from '../command.js';
import { exitCodes } from '../exit-codes.js';
import { connectRemoteServices } from '../mcp/remote-services.js';
import { mcpClientConfig, printableMcpClientConfig } from '../mcp/mcp-client-config.js';
import { databaseOption, parseCommandArgs } from '../parse-command-args.js';
import { findRunningServer } from '../serve/running-server-record.js';
import { runningServerToken } from '../serve/running-server-token.js';
import { composeServedServices } from '../serve/served-services.js';
import { quarryVersion } from '../version.js';
import { prepareDatabase } from './serve-command.js';

const usage = 'quarry mcp [--db DIR|URL] [--model M] [--print-config [--with-token]]';

/** Resolves when the client closes standard input or the process is asked to stop. */
function untilDisconnected(): Promise<void> {
  return new Promise((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
}

/** Library output meant for a terminal must not reach the protocol stream. */
function keepStdoutForProtocol(): void {
  const toStderr = (...values: unknown[]) => console.error(...values);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

async function printConfig(
  context: CommandContext,
  database: string,
  withToken: boolean,
): Promise<number> {
  const server = findRunningServer(database);
  const token = withToken ? await runningServerToken(context.settings, 'the remote snippet') : null;
  const config = mcpClientConfig({
    settings: context.settings,
    database,
    serverUrl: server?.url ?? null,
    token,
  });
  context.io.stdout(
    printableMcpClientConfig({
      config,
      tokenFile: context.settings.apiTokenFile,
      tokenShown: token !== null,
    }),
  );
  return exitCodes.success;
}

async function serveThroughRunningServer(options: {
  context: CommandContext;
  url: string;
  logger: Logger;
}): Promise<number> {
  const { context } = options;
  const token = await runningServerToken(context.settings, 'quarry mcp');
  const remote = await connectRemoteServices({ url: options.url, token, version: quarryVersion });
  context.io.stderr(
    `quarry mcp: serving over stdio through the running Quarry server at ${options.url}\n`,
  );
  const handle = serveQuarryMcpStdio({
    services: remote.services,
    version: quarryVersion,
    log: options.logger,
  });
  await untilDisconnected();
  await handle.close();
  await remote.close();
  return exitCodes.success;
}

async function serveWithOwnDatabase(options: {
  context: CommandContext;
  database: string;
  model: string | undefined;
  logger: Logger;
}): Promise<number> {
  const { context } = options;
  const { settings, io } = context;
  const store = await openStore({
    location: options.database,
    connection: settings.databaseConnection,
  });
  try {
    await prepareDatabase(context, store);
    const served = await composeServedServices({
      context,
      store,
      location: options.database,
      model: options.model,
      logger: options.logger,
    });
    try {
      // Answers need the index: wait for it, so the first tool call finds it.
      await served.frames?.reload();
      const services: QuarryMcpServices = createLocalServices({
        store,
        agent: () => served.agent,
        answers: served.servedAnswers.current,
        citations: served.currentFrameIndex,
        uploadPaper: (file) => served.uploader.upload(file),
        addArxivPaper: served.addArxivPaper,
        links: createWebLinks(
          settings.publicUrl ??
            `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${settings.port}`,
        ),
        pageCharacters: settings.mcpPageCharacters,
        maxConversationMessages: settings.limits.maxConversationMessages,
        maxUploadBytes: settings.maxUploadBytes,
      });
      io.stderr(`quarry mcp: serving over stdio (${store.client.location})\n`);
      const handle = serveQuarryMcpStdio({ services, version: quarryVersion, log: options.logger });
      await untilDisconnected();
      await handle.close();
    } finally {
      await served.stop();
    }
  } finally {
    await store.close();
  }
  return exitCodes.success;
}

export const mcpCommand: Command = {
  usage,
  summary:
    'the MCP server over stdio for AI assistants (through a running quarry serve, or on its own); --print-config prints the set-up for desktop and remote clients',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        ...databaseOption,
        model: { type: 'string' },
        'print-config': { type: 'boolean' },
        'with-token': { type: 'boolean' },
      },
    });
    const database = values.db ?? context.settings.database;
    if (values['print-config'] === true)
      return printConfig(context, database, values['with-token'] === true);
    keepStdoutForProtocol();
    const logger = serveLogger(context.settings, context.io);
    const server = findRunningServer(database);
    if (server !== null) return serveThroughRunningServer({ context, url: server.url, logger });
    return serveWithOwnDatabase({ context, database, model: values.model, logger });
  },
};
