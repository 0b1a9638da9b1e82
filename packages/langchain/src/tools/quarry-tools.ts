/**
 * @module All three Quarry tools at once, for `createAgent({ tools })` or `model.bindTools(...)`:
 * `recommend_datasets` always; `answer_from_papers` and `find_in_paper` when a frame index is
 * given.
 */
import type { DatasetSearchSource } from '../dataset-search.js';
import type { FrameIndexSource } from '../frame-index-source.js';
import { createAnswerFromPapersTool } from './answer-from-papers-tool.js';
import type { AnswerFromPapersTool } from './answer-from-papers-tool.js';
import { createFindInPaperTool } from './find-in-paper-tool.js';
import type { FindInPaperTool } from './find-in-paper-tool.js';
import { createRecommendDatasetsTool } from './recommend-datasets-tool.js';
import type { RecommendDatasetsTool } from './recommend-datasets-tool.js';

export const quarryToolNames = [
  'recommend_datasets',
  'answer_from_papers',
  'find_in_paper',
] as const;
export type QuarryToolName = (typeof quarryToolNames)[number];

export type QuarryTool = RecommendDatasetsTool | AnswerFromPapersTool | FindInPaperTool;

/** The recommender and catalog; with a frame index, the paper tools and dataset citations too. */
export type CreateQuarryToolsOptions = DatasetSearchSource;

export function createQuarryTools(
  options: CreateQuarryToolsOptions & { frameIndex: FrameIndexSource },
): [RecommendDatasetsTool, AnswerFromPapersTool, FindInPaperTool];
export function createQuarryTools(options: CreateQuarryToolsOptions): QuarryTool[];
export function createQuarryTools(options: CreateQuarryToolsOptions): QuarryTool[] {
  const { frameIndex } = options;
  const recommend = createRecommendDatasetsTool(options);
  if (frameIndex === undefined) return [recommend];
  return [
    recommend,
    createAnswerFromPapersTool({ frameIndex }),
    createFindInPaperTool({ frameIndex }),
  ];
}
