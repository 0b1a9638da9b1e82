/**
 * Every tool's published input and output schema, as a client reads it from tools/list, stays in
 * the plain part of JSON Schema that strict clients accept (the MCP Inspector's `--strict` schema
 * portability check, function-calling dialects with a single `type`): an object at the root, one
 * `type` string on every schema (never an array such as ["string","null"], never "null"), no
 * boolean schema where a schema is expected (additionalProperties: false aside), no `nullable`,
 * no `$ref`, and `items` on every array. A value Quarry may not know is an optional field.
 */
import { describe, expect, it } from 'vitest';
import { createQuarryMcpHttpHandler } from './mcp-endpoints.js';
import type { QuarryMcpServices } from './quarry-services.js';
import { toolNames } from './tool-contracts.js';

interface ListedTool {
  name: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}

/** The tools as the server lists them over Streamable HTTP (a JSON or an event-stream answer). */
async function listedTools(): Promise<ListedTool[]> {
  const handler = createQuarryMcpHttpHandler({
    // tools/list calls no service.
    services: () => ({}) as QuarryMcpServices,
    version: 'test',
    secret: 'schema-test-secret',
  });
  const response = await handler.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    }),
  );
  expect(response.status).toBe(200);
  const body = await response.text();
  const json = body.trimStart().startsWith('{')
    ? body
    : body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice('data:'.length))
        .join('');
  const message = JSON.parse(json) as { result: { tools: ListedTool[] } };
  return message.result.tools;
}

const singleSchemaKeywords = ['items', 'additionalProperties', 'not', 'contains'] as const;
const combinators = ['anyOf', 'oneOf', 'allOf'] as const;
const schemaListKeywords = [...combinators, 'prefixItems'] as const;
const schemaMapKeywords = ['properties', 'patternProperties', '$defs', 'definitions'] as const;

/** What a strict client would flag in `schema`, as "path: problem" lines. */
function portabilityProblems(schema: unknown, path: string, problems: string[] = []): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    problems.push(`${path}: ${JSON.stringify(schema)} where a schema object belongs`);
    return problems;
  }
  const node = schema as Record<string, unknown>;
  const combined = combinators.some((keyword) => keyword in node);
  if (Array.isArray(node.type)) {
    problems.push(`${path}: type is an array ${JSON.stringify(node.type)}`);
  } else if (node.type === 'null') {
    problems.push(`${path}: type "null"`);
  } else if (typeof node.type !== 'string' && !combined) {
    problems.push(`${path}: no type`);
  }
  if ('nullable' in node) problems.push(`${path}: nullable keyword`);
  if ('$ref' in node) problems.push(`${path}: $ref`);
  if (node.type === 'array' && !('items' in node)) problems.push(`${path}: array without items`);
  for (const keyword of singleSchemaKeywords) {
    const child = node[keyword];
    if (child === undefined || (keyword === 'additionalProperties' && child === false)) continue;
    portabilityProblems(child, `${path}.${keyword}`, problems);
  }
  for (const keyword of schemaListKeywords) {
    const children = node[keyword];
    if (children === undefined) continue;
    if (!Array.isArray(children)) problems.push(`${path}.${keyword}: not a list of schemas`);
    else
      children.forEach((child, at) =>
        portabilityProblems(child, `${path}.${keyword}[${at}]`, problems),
      );
  }
  for (const keyword of schemaMapKeywords) {
    const children = node[keyword];
    if (children === undefined) continue;
    for (const [name, child] of Object.entries(children as Record<string, unknown>)) {
      portabilityProblems(child, `${path}.${keyword}.${name}`, problems);
    }
  }
  return problems;
}

describe('the published tool schemas', () => {
  it('are portable: no type arrays, no null types, a single type everywhere', async () => {
    const tools = await listedTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...toolNames].sort());
    const problems: string[] = [];
    for (const tool of tools) {
      expect(tool.outputSchema, `${tool.name} has an output schema`).toBeDefined();
      for (const [part, schema] of [
        ['inputSchema', tool.inputSchema],
        ['outputSchema', tool.outputSchema],
      ] as const) {
        const root = schema as { type?: unknown } | undefined;
        if (root?.type !== 'object') problems.push(`${tool.name}.${part}: root is not an object`);
        portabilityProblems(schema, `${tool.name}.${part}`, problems);
      }
    }
    expect(problems).toEqual([]);
  });

  it('flag what a strict client flags (the check itself can fail)', () => {
    const nullable = {
      type: 'object',
      properties: {
        homepage: { type: ['string', 'null'] },
        year: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        data: true,
        size: { nullable: true, type: 'string' },
        tags: { type: 'array' },
      },
    };
    expect(portabilityProblems(nullable, 'tool')).toEqual([
      'tool.properties.homepage: type is an array ["string","null"]',
      'tool.properties.year.anyOf[1]: type "null"',
      'tool.properties.data: true where a schema object belongs',
      'tool.properties.size: nullable keyword',
      'tool.properties.tags: array without items',
    ]);
  });
});
