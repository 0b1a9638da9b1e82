/**
 * @module A loopback OpenAI-compatible chat completions server for tests (the agent's remote model,
 * hypothetical answers for search): answers JSON-mode requests with a fixed extraction and plain
 * requests with a fixed sentence, optionally after a delay, and records every request's body.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatServer {
  baseUrl: string;
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startFakeChatServer(options: {
  /** The JSON answer to a JSON-mode request; default `{}`. */
  extraction?: Record<string, string>;
  sentence: string;
  /** Waits this long before answering (a model that hangs). */
  delayMs?: number;
}): Promise<FakeChatServer> {
  const requests: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body || '{}') as Record<string, unknown>;
      requests.push(parsed);
      const content = parsed.response_format
        ? JSON.stringify(options.extraction ?? {})
        : options.sentence;
      const answer = () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: 1_700_000_000,
            model: String(parsed.model),
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      };
      if (options.delayMs === undefined) answer();
      else {
        const timer = setTimeout(answer, options.delayMs);
        response.on('close', () => clearTimeout(timer));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
