/** @module Public surface of the shared-server benchmarks: load, hostile input and faults. */
export { openBenchmarkServer, freshToken } from './benchmark-server.js';
export type { BenchmarkServer, OpenBenchmarkServerOptions } from './benchmark-server.js';
export { missedTargets } from './benchmark-target.js';
export type { TargetCheck } from './benchmark-target.js';
export { checkDatabaseIntegrity } from './database-integrity.js';
export type { DatabaseIntegrityReport } from './database-integrity.js';
export { generatePaper, paperUploadForm } from './generated-paper.js';
export type { GeneratedPaper } from './generated-paper.js';
export { runFaultBenchmark, faultKinds } from './run-fault-benchmark.js';
export type {
  FaultBenchmarkOptions,
  FaultBenchmarkResult,
  FaultKind,
} from './run-fault-benchmark.js';
export { runHostileBenchmark } from './run-hostile-benchmark.js';
export type { HostileBenchmarkOptions, HostileBenchmarkResult } from './run-hostile-benchmark.js';
export { defaultLoadMix, parseLoadMix } from './load-request-mix.js';
export type { LoadRequestClass } from './load-request-mix.js';
export { runLoadBenchmark } from './run-load-benchmark.js';
export type { LoadBenchmarkOptions, LoadBenchmarkResult } from './run-load-benchmark.js';
export { startQuarryServer, waitUntilReady } from './quarry-server-process.js';
export type { QuarryServerProcess } from './quarry-server-process.js';
export { formatOutcomeTable, formatStatusLine, formatTargetTable } from './summary-table.js';
