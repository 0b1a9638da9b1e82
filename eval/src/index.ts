/** @module Public surface of @quarry/eval. */
export { bootstrapStandardDeviation } from './bootstrap.js';
export type { BootstrapOptions } from './bootstrap.js';
export { defaultPopularityBuckets, recallByPopularity } from './popularity-recall.js';
export type { BucketRecall, PopularityBucket } from './popularity-recall.js';
export { formatQrels, parseQrels, relevantDocuments } from './qrels.js';
export type { ParseQrelsOptions, Qrels } from './qrels.js';
export {
  evaluateRanking,
  evaluateRun,
  firstRelevantRank,
  meanMetrics,
  metricNames,
  percent,
  summariseRanks,
} from './retrieval-metrics.js';
export type {
  MetricName,
  QueryEvaluation,
  QueryMetrics,
  RankSummary,
  RunEvaluation,
} from './retrieval-metrics.js';
export { toTrecId } from './trec-id.js';
export { formatTrecRun, parseTrecRun } from './trec-run.js';
export type { FormatTrecRunOptions, ParseTrecRunOptions, RankedDocument, Run } from './trec-run.js';
export {
  checkDatabaseIntegrity,
  faultKinds,
  formatOutcomeTable,
  formatStatusLine,
  formatTargetTable,
  freshToken,
  generatePaper,
  missedTargets,
  openBenchmarkServer,
  paperUploadForm,
  parseLoadMix,
  defaultLoadMix,
  runFaultBenchmark,
  runHostileBenchmark,
  runLoadBenchmark,
  startQuarryServer,
  waitUntilReady,
} from './load/index.js';
export type {
  BenchmarkServer,
  DatabaseIntegrityReport,
  FaultBenchmarkOptions,
  FaultBenchmarkResult,
  FaultKind,
  GeneratedPaper,
  HostileBenchmarkOptions,
  HostileBenchmarkResult,
  LoadBenchmarkOptions,
  LoadBenchmarkResult,
  OpenBenchmarkServerOptions,
  QuarryServerProcess,
  TargetCheck,
} from './load/index.js';
export { runSlackBenchmark } from './slack/run-slack-benchmark.js';
export type { SlackBenchmarkOptions, SlackBenchmarkReport } from './slack/run-slack-benchmark.js';
export { reqaCandidatePool, reqaSystems, runReqaBenchmark } from './frames/reqa-benchmark.js';
export type {
  ReqaBenchmarkOptions,
  ReqaBenchmarkResult,
  ReqaSystem,
} from './frames/reqa-benchmark.js';
export { readSquadBenchmark, squadBenchmarkFromJson } from './frames/squad-frames.js';
export { throwawayDatabasePrefix } from './frames/throwaway-postgres-database.js';
export type { SquadBenchmarkData, SquadTarget } from './frames/squad-frames.js';
export {
  inPaperSystems,
  lexicalOverlap,
  lexicalOverlapThreshold,
  runInPaperBenchmark,
} from './frames/inpaper-benchmark.js';
export type {
  InPaperBenchmarkOptions,
  InPaperBenchmarkResult,
  InPaperMetrics,
  InPaperSystem,
} from './frames/inpaper-benchmark.js';
export { parseInPaperQuestions, readInPaperQuestions } from './frames/inpaper-questions.js';
export { pdfBenchmarkSystems, pdfRankingDepth, runPdfBenchmark } from './frames/pdf-benchmark.js';
export type {
  PdfBenchmarkHit,
  PdfBenchmarkOptions,
  PdfBenchmarkResult,
  PdfBenchmarkSystem,
  PdfIngestError,
  PdfQuestionResult,
} from './frames/pdf-benchmark.js';
export {
  parseBenchmarkManifest,
  parseCaptionFootnoteTexts,
  parsePdfQuestions,
  parseReferenceSentences,
  pdfFolderHasQuestions,
  pdfQuestionKinds,
  readUnanswerableQuestions,
  readPdfBenchmarkFolder,
} from './frames/pdf-benchmark-files.js';
export type {
  BenchmarkPaper,
  CaptionFootnoteText,
  PdfBenchmarkFolder,
  PdfQuestion,
  PdfQuestionKind,
  ReferenceSentence,
} from './frames/pdf-benchmark-files.js';
export {
  holdsRowAndValue,
  normaliseCellText,
  parseTableQuestions,
  readTableQuestions,
} from './frames/table-questions.js';
export type {
  TableQuestion,
  TableQuestionMetrics,
  TableQuestionResult,
} from './frames/table-questions.js';
export { pdfMetricsByKind, pdfRankMetrics, textFidelity } from './frames/pdf-benchmark-metrics.js';
export type {
  PdfMetricsByKind,
  PdfRankMetrics,
  TextFidelity,
} from './frames/pdf-benchmark-metrics.js';
export {
  classifyReference,
  countReferenceClasses,
  referenceClasses,
  referenceFidelity,
} from './frames/reference-sentence-classes.js';
export type {
  ReferenceClass,
  ReferenceClassCounts,
  ReferenceFidelity,
  ReferenceVerdict,
} from './frames/reference-sentence-classes.js';
export { latexReferences } from './frames/latex-sentences.js';
export type { LatexReferences } from './frames/latex-sentences.js';
export { countBrokenWords, holdsAnswer, normaliseSentence } from './frames/sentence-match.js';
export type { InPaperQuestion } from './frames/inpaper-questions.js';
export { benchFrames, defaultBenchQueries, percentile } from './frames/bench-frames.js';
export type { BenchFramesOptions, BenchFramesResult } from './frames/bench-frames.js';
export { benchMcpTools, defaultInPaperQuestions } from './mcp/bench-mcp-tools.js';
export type { BenchMcpToolsResult, TimedToolCall, ToolLatency } from './mcp/bench-mcp-tools.js';
