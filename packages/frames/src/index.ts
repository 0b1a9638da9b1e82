/** @module Public surface of @quarry/frames. */
export { answerKinds, expectedAnswerKind, highlightAnswerSpan } from './answer-span.js';
export type { AnswerKind, AnswerSpan } from './answer-span.js';
export { answerVector } from './answer-vector.js';
export type { AnswerVectorInput } from './answer-vector.js';
export { contextPositions, contextWindows } from './frame-context.js';
export type { ContextWindow, FramePosition } from './frame-context.js';
export { findInPaper, findModes } from './find-in-paper.js';
export type {
  FindInPaperOptions,
  FindInPaperResult,
  FindMode,
  InPaperHighlight,
  InPaperHit,
} from './find-in-paper.js';
export { FrameIndex } from './frame-index.js';
export type { AnswerHit, AnswerSearchOptions, AnswerSearchResult } from './answer-hit.js';
export type { FrameIndexAddition, FrameIndexParts, FrameRange } from './frame-index-parts.js';
export { defaultFrameIndexSettings, resolveFrameIndexSettings } from './frame-index-settings.js';
export type { FrameIndexSettings } from './frame-index-settings.js';
export { rankHybrid } from './hybrid-ranking.js';
export type { HybridCandidate, HybridScore, RankHybridOptions } from './hybrid-ranking.js';
export type { FrameFilter, IndexedFrame, IndexedQuestion } from './indexed-frame.js';
export { frameIndexPhases, loadFrameIndex, loadPaperFrames } from './load-frame-index.js';
export type {
  FrameIndexLoadStats,
  FrameIndexPhase,
  FrameIndexProgress,
  LoadedFrameIndex,
  LoadFrameIndexOptions,
} from './load-frame-index.js';
export {
  addPapersToFrameIndex,
  fillPaperVectors,
  removePapersFromFrameIndex,
} from './update-frame-index.js';
export type { FrameIndexUpdateStats, UpdatedFrameIndex } from './update-frame-index.js';
export { findText, parseRegexQuery } from './text-finder.js';
export type { FindableSentence, FindTextOptions, RegexPattern, TextMatch } from './text-finder.js';
export { VectorMatrix } from './vector-matrix.js';
export type { MatrixNeighbour } from './vector-matrix.js';
export { addScaledInPlace, dotProduct, normaliseInPlace } from './vector-math.js';
export { questionKinds } from './questions/question-generator.js';
export type {
  GeneratedQuestion,
  QuestionGenerator,
  QuestionKind,
  QuestionSource,
} from './questions/question-generator.js';
export {
  createRuleQuestionGenerator,
  ruleQuestionsFor,
} from './questions/rule-question-generator.js';
export type { RuleQuestionGeneratorOptions } from './questions/rule-question-generator.js';
export { createAnnotationService } from './annotation-service.js';
export type { AnnotationService } from './annotation-service.js';
export { exportAnnotationsAsSquad, squadExportVersion } from './export-annotations.js';
export type {
  SquadAnswer,
  SquadArticle,
  SquadExport,
  SquadParagraph,
  SquadQuestion,
} from './export-annotations.js';
export { frequentlyAskedQuestions, suggestQuestions } from './suggest.js';
export type { FaqOptions, Suggestion, SuggestOptions } from './suggest.js';
export { generateQuestions } from './questions/generate-questions.js';
export type {
  GenerateQuestionsOptions,
  GenerateQuestionsSummary,
} from './questions/generate-questions.js';
export {
  createLanguageModelQuestionGenerator,
  questionsFromCompletion,
} from './questions/llm-question-generator.js';
export type {
  CompleteText,
  LanguageModelQuestionGeneratorOptions,
} from './questions/llm-question-generator.js';
export {
  defaultQuestionPromptPath,
  loadQuestionPrompt,
  parseQuestionPrompt,
  renderQuestionPrompt,
} from './questions/question-prompt.js';
export type { QuestionPrompt } from './questions/question-prompt.js';
export { findDatasetMentions, mentionCandidateFrames } from './dataset-mentions.js';
export {
  createDatasetNameMatcher,
  datasetNameKind,
  datasetNameKinds,
  minNameLength,
} from './dataset-name-match.js';
export type { DatasetNameKind, DatasetNameMatcher } from './dataset-name-match.js';
export {
  isBibliographySentence,
  isReferencesHeading,
  looksLikeReferenceEntry,
} from './reference-entry.js';
export type { DatasetMention, FindDatasetMentionsOptions } from './dataset-mentions.js';
export {
  answerPaperQuestion,
  minNameMentions,
  namedPaper,
  nameSearchDepth,
} from './paper-question.js';
export type { PaperQuestionAnswer, PaperQuestionOptions } from './paper-question.js';
export { answerSearchBackends } from './search/answer-search.js';
export type {
  AnswerSearch,
  MatchingSentence,
  AnswerSearchBackend,
  FaqQuery,
  PaperFindQuery,
  SearchableQuestion,
  SuggestQuery,
} from './search/answer-search.js';
export { memoryAnswerSearch } from './search/memory-answer-search.js';
export {
  cachedHypotheticalAnswers,
  cleanHypotheticalAnswer,
  expandedQuery,
  fuseByMaxScore,
  hypotheticalAnswerSkipReasons,
  withHypotheticalAnswers,
} from './search/hypothetical-answer-search.js';
export type {
  HypotheticalAnswerLogEntry,
  HypotheticalAnswerSearchOptions,
  HypotheticalAnswerSkipReason,
  WriteHypotheticalAnswer,
} from './search/hypothetical-answer-search.js';
export { createPostgresAnswerSearch } from './search/postgres-answer-search.js';
export {
  indexForPostgresSearch,
  papersAwaitingVectors,
  papersMissingFromSearch,
} from './search/index-for-postgres-search.js';
export type { SearchIndexStats } from './search/index-for-postgres-search.js';
export { configureScanPool, scanPoolSize } from './scan-pool.js';
