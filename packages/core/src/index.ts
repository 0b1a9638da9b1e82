/** @module Public surface of @quarry/core. */
export { AppError, appErrorCodes, isAppError, toAppError } from './app-error.js';
export type { AppErrorCode, AppErrorOptions } from './app-error.js';
export { datasetSourceFormats, datasetWithDefaults } from './dataset.js';
export type { Dataset, DatasetSourceFormat } from './dataset.js';
export { paperSourceFormats, sectionKinds } from './paper.js';
export type { Frame, Paper, PaperSourceFormat, Section, SectionKind, Sentence } from './paper.js';
export {
  sectionLabelsOf,
  sectionNumberOf,
  sectionRoleGroups,
  sectionRoleOfTitle,
  sectionRoles,
  sectionRolesOf,
} from './section-role.js';
export type { SectionRole, SectionRoleGroup } from './section-role.js';
export { calibratedSimilarity } from './embedder.js';
export type { EmbedPurpose, Embedder, WordVectors } from './embedder.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';
export { readTextFile, readTextFileSync } from './read-text-file.js';
export type { ReadTextFileOptions } from './read-text-file.js';
export { generatedTableLines } from './generated-table.js';
export type { GeneratedTable } from './generated-table.js';
export { createSeededRandom } from './seeded-random.js';
export type { RandomSource } from './seeded-random.js';
export { addScaledInPlace, dotProduct, dotProductAt, normaliseInPlace } from './vector-math.js';
export { embedInBatches } from './embed-in-batches.js';
export { withQueryEmbeddingCache } from './query-embedding-cache.js';
