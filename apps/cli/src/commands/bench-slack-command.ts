/**
 * @module `quarry bench slack`: starts `quarry serve` with the Slack app on a fresh embedded
 * database (the starter catalog, the shipped encoder, the local agent) against a loopback fake
 * Slack API, and measures the acknowledgement and the first threaded reply of signed commands
 * and mentions.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSlackBenchmark, startQuarryServer } from '@quarry/eval';
import { signSlackRequest } from '@quarry/slack';
import { startFakeSlackApi } from '@quarry/testing';
import type { Command } from '../command.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { printBenchReport, quarryBinary, wholeNumberOption } from './bench-server-options.js';

const usage = 'quarry bench slack [--count 100] [--json]';

/** Research requests written for this benchmark (not from any evaluation set). */
const requests = [
  'semantic segmentation of street scenes for self-driving cars',
  'image classification of handwritten digits',
  'question answering over English Wikipedia paragraphs',
  'speech recognition of read English audiobooks',
  'named entity recognition in news articles',
  'object detection in everyday photos with many categories',
];

const signingSecret = 'quarry-bench-slack-signing-secret';

export const benchSlackCommand: Command = {
  usage,
  summary: 'Slack app: acknowledgement and first threaded reply times against a fake Slack API',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: { count: { type: 'string' }, json: { type: 'boolean', default: false } },
    });
    const count = wholeNumberOption({
      value: values.count,
      name: 'count',
      fallback: 100,
      minimum: 1,
      usage,
    });
    const folder = await mkdtemp(join(tmpdir(), 'quarry-bench-slack-'));
    const fake = await startFakeSlackApi();
    const server = await startQuarryServer({
      quarryBinary,
      database: join(folder, 'db'),
      environment: {
        ...process.env,
        QUARRY_API_TOKEN: 'quarry-bench-slack-api-token',
        QUARRY_REQUEST_LOG: 'off',
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_BOT_TOKEN: 'xoxb-bench',
        SLACK_API_URL: fake.apiUrl,
      },
    });
    try {
      context.io.stderr(`sending ${count} signed Slack requests to ${server.url}\n`);
      const report = await runSlackBenchmark({
        serverUrl: server.url,
        sign: ({ timestamp, rawBody }) => signSlackRequest({ signingSecret, timestamp, rawBody }),
        fake,
        requests,
        count,
      });
      const row = (name: string, summary: typeof report.acknowledgementMs) =>
        `${name.padEnd(22)} ${String(summary.p50).padStart(8)} ${String(summary.p95).padStart(8)} ${String(summary.max).padStart(8)}`;
      const table = [
        `${'Slack'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
        row('acknowledgement', report.acknowledgementMs),
        row('first threaded reply', report.firstReplyMs),
      ].join('\n');
      return printBenchReport({
        io: context.io,
        json: values.json,
        tables: [table],
        targets: report.targets,
        result: report,
      });
    } finally {
      await server.stop();
      await fake.close();
      await rm(folder, { recursive: true, force: true });
    }
  },
};
