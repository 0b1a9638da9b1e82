/**
 * @module The `recommend_datasets` tool: ranks catalog datasets for a research need, with optional
 * year / modality / task / language filters. Returns compact JSON with each dataset's id, name,
 * record fields, why it fits and, when a frame index is given, a sentence of a paper citing it.
 */
import { tool } from '@langchain/core/tools';
import type { DynamicStructuredTool } from '@langchain/core/tools';
import { z } from 'zod';
import { searchDatasets } from '../dataset-search.js';
import type { DatasetSearchSource } from '../dataset-search.js';
import { defaultDatasetCount } from '../dataset-retriever.js';
import { nonBlankText, resultCount } from './tool-input.js';
import { roundScore, toolJson } from './tool-output.js';

export const recommendDatasetsSchema = z.object({
  query: nonBlankText(
    'The research task or need in plain words, e.g. "semantic segmentation of street scenes from a car".',
  ),
  k: resultCount(`How many datasets to return (default ${defaultDatasetCount}).`),
  filters: z
    .object({
      yearMax: z
        .number()
        .int()
        .min(1900)
        .max(2100)
        .optional()
        .describe('Only datasets introduced in this year or earlier.'),
      modality: z
        .string()
        .optional()
        .describe('Data modality, e.g. "images", "text", "audio", "video".'),
      task: z.string().optional().describe('Task name, e.g. "question answering".'),
      language: z.string().optional().describe('Language of the data, e.g. "English".'),
    })
    .optional()
    .describe('Constraints every returned dataset must meet; leave out what the user did not say.'),
});

export type RecommendDatasetsInput = z.input<typeof recommendDatasetsSchema>;

/** The tool: validated input in, one line of JSON out (a ToolMessage when invoked with a tool call). */
export type RecommendDatasetsTool = DynamicStructuredTool<
  typeof recommendDatasetsSchema,
  z.output<typeof recommendDatasetsSchema>,
  RecommendDatasetsInput,
  string
>;

export interface RecommendDatasetsToolOptions extends DatasetSearchSource {
  /** Results when the call gives no `k`; default 5. */
  defaultK?: number;
}

export function createRecommendDatasetsTool(
  options: RecommendDatasetsToolOptions,
): RecommendDatasetsTool {
  const source: DatasetSearchSource = {
    recommender: options.recommender,
    catalog: options.catalog,
    ...(options.frameIndex === undefined ? {} : { frameIndex: options.frameIndex }),
  };
  return tool(
    async ({ query, k, filters }) => {
      const found = await searchDatasets({
        ...source,
        query,
        k: k ?? options.defaultK ?? defaultDatasetCount,
        ...(filters === undefined ? {} : { filters }),
      });
      return toolJson({
        query,
        datasets: found.map((dataset) => ({
          rank: dataset.rank,
          id: dataset.datasetId,
          name: dataset.name,
          year: dataset.year,
          description: dataset.description,
          tasks: dataset.tasks,
          modalities: dataset.modalities,
          languages: dataset.languages,
          score: roundScore(dataset.score),
          why: dataset.why,
          citation: dataset.citation ?? undefined,
        })),
      });
    },
    {
      name: 'recommend_datasets',
      description:
        'Find research datasets in the Quarry catalog that fit a research need. Returns JSON: ' +
        'datasets best first, each with id, name, year, description, tasks, modalities, ' +
        'languages, why it fits and possibly a citation (a sentence of a paper that uses it). ' +
        'Mention only datasets this tool returned.',
      schema: recommendDatasetsSchema,
    },
  );
}
