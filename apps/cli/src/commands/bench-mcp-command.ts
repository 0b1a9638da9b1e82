/**
 * @module `quarry bench mcp`: latency of the MCP tools over Streamable HTTP on loopback (issue 27).
 * Starts `quarry serve` on a copy of `--db` (or targets `--url` with `--token`), connects the
 * official MCP client to its `/mcp` with the token, and times `search_answers` and `find_in_paper`
 * calls one at a time (@quarry/eval benchMcpTools); the target is p95 <= 100 ms for each.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AppError } from '@quarry/core';
import { benchMcpTools, openBenchmarkServer } from '@quarry/eval';
import type { Command } from '../command.js';
import { printJsonLine } from '../command.js';
import { exitCodes } from '../exit-codes.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { quarryVersion } from '../version.js';
import {
  benchLog,
  benchServerOptions,
  quarryBinary,
  wholeNumberOption,
} from './bench-server-options.js';

const usage =
  'quarry bench mcp [--db DIR|URL [--in-place] | --url http://127.0.0.1:PORT --token T] [--calls 200] [--warmup 20] [--cpu-prof DIR] [--json]';

/** The p95 each timed tool must stay within on loopback. */
export const mcpToolP95TargetMs = 100;

export const benchMcpCommand: Command = {
  usage,
  summary: 'latency of the MCP tools search_answers and find_in_paper over Streamable HTTP',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: { ...benchServerOptions, calls: { type: 'string' }, warmup: { type: 'string' } },
    });
    const { io, settings } = context;
    const log = benchLog(io, values.verbose);
    const calls = wholeNumberOption({
      value: values.calls,
      name: 'calls',
      fallback: 200,
      minimum: 1,
      usage,
    });
    const warmup = wholeNumberOption({ value: values.warmup, name: 'warmup', fallback: 20, usage });
    const server = await openBenchmarkServer({
      ...(values.url === undefined ? {} : { url: values.url }),
      ...(values.token === undefined ? {} : { token: values.token }),
      quarryBinary,
      database: values.db ?? settings.database,
      copyDatabase: values['in-place'] !== true,
      ...(values['cpu-prof'] === undefined ? {} : { cpuProfileDirectory: values['cpu-prof'] }),
      environment: io.environment,
      // Latency, not the limiter: searches far above the calls made.
      serverSettings: { QUARRY_RATE_LIMIT_PER_MINUTE: '1000000', QUARRY_REQUEST_LOG: 'off' },
      log,
    });
    const client = new Client(
      { name: 'quarry-bench-mcp', version: quarryVersion },
      { versionNegotiation: { mode: 'auto' } },
    );
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
          requestInit: { headers: server.token ? { authorization: `Bearer ${server.token}` } : {} },
        }),
      );
      const listed = await client.callTool({ name: 'list_papers', arguments: { limit: 50 } });
      const library = listed.structuredContent as { total?: number; papers?: { id: string }[] };
      const paperIds = (library.papers ?? []).map((paper) => paper.id);
      if (paperIds.length === 0)
        throw new AppError({
          code: 'invalid_input',
          message: 'the server holds no papers to search',
          fix: 'ingest papers first (e.g. quarry ingest papers ../shared/data/scirex/papers)',
        });
      log(
        `${library.total ?? paperIds.length} papers; timing ${calls} calls per tool (${client.getProtocolEra() ?? ''} era)`,
      );
      const result = await benchMcpTools({
        call: async (name, args) => {
          const answer = await client.callTool({ name, arguments: args });
          return answer.isError !== true;
        },
        paperIds,
        timedCalls: calls,
        warmupCalls: warmup,
        onProgress: log,
      });
      const summary = {
        benchmark: 'mcp',
        transport: 'streamable-http',
        era: client.getProtocolEra() ?? null,
        papers: library.total ?? paperIds.length,
        calls,
        search_answers_p50_ms: result.searchAnswers.p50Ms,
        search_answers_p95_ms: result.searchAnswers.p95Ms,
        search_answers_mean_ms: result.searchAnswers.meanMs,
        find_in_paper_p50_ms: result.findInPaper.p50Ms,
        find_in_paper_p95_ms: result.findInPaper.p95Ms,
        find_in_paper_mean_ms: result.findInPaper.meanMs,
        errors: result.searchAnswers.errors + result.findInPaper.errors,
        p95_target_ms: mcpToolP95TargetMs,
      };
      const met =
        result.searchAnswers.p95Ms <= mcpToolP95TargetMs &&
        result.findInPaper.p95Ms <= mcpToolP95TargetMs &&
        summary.errors === 0;
      const lines = [
        `tool            calls  p50 ms  p95 ms  mean ms  (target p95 <= ${mcpToolP95TargetMs} ms)`,
        ...(
          [
            ['search_answers', result.searchAnswers],
            ['find_in_paper', result.findInPaper],
          ] as const
        ).map(
          ([name, latency]) =>
            `${name.padEnd(15)} ${String(latency.calls).padStart(5)} ${String(latency.p50Ms).padStart(7)} ${String(latency.p95Ms).padStart(7)} ${String(latency.meanMs).padStart(8)}`,
        ),
      ];
      if (values.json) {
        io.stderr(`${lines.join('\n')}\n`);
        printJsonLine(io, summary);
      } else io.stdout(`${lines.join('\n')}\n`);
      return met ? exitCodes.success : exitCodes.partialFailure;
    } finally {
      await client.close().catch(() => undefined);
      await server.close();
    }
  },
};
