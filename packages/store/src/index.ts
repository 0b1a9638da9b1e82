/** @module Public surface of @quarry/store. */
export { createAnnotationRepository } from './annotation-repository.js';
export type { Annotation, AnnotationRepository, NewAnnotation } from './annotation-repository.js';
export { contentHash } from './content-hash.js';
export { createConversationRepository } from './conversation-repository.js';
export type {
  Conversation,
  ConversationRepository,
  MessageRole,
  StoredMessage,
} from './conversation-repository.js';
export { openStore, storeOver } from './create-store.js';
export type { OpenStoreOptions, Store, StoreStats } from './create-store.js';
export { acquireDatabaseFolderLock, isProcessAlive, lockPathOf } from './database-folder-lock.js';
export type {
  AcquireDatabaseFolderLockOptions,
  DatabaseFolderLock,
  DatabaseLockHolder,
} from './database-folder-lock.js';
export { createDatasetRepository } from './dataset-repository.js';
export type { DatasetCatalogVersion, DatasetRepository } from './dataset-repository.js';
export { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-archive.js';
export type { EmbeddedArchiveSummary } from './embedded-archive.js';
export { embeddedDurabilities } from './durable-node-filesystem.js';
export type { EmbeddedDurability } from './durable-node-filesystem.js';
export { framesFromPaper } from './frames-from-paper.js';
export type { NewFrame } from './frames-from-paper.js';
export {
  defaultMigrationsDirectory,
  loadMigrations,
  migrate,
  pendingMigrations,
} from './migrator.js';
export type { Migration, MigrationReport } from './migrator.js';
export { isPostgresUrl, openSqlClient } from './open-sql-client.js';
export type { DatabaseConnectionOptions } from './open-sql-client.js';
export { createOriginalFileRepository, sha256Hex } from './original-file-repository.js';
export type {
  NewOriginalFile,
  OriginalFile,
  OriginalFileInfo,
  OriginalFileRepository,
} from './original-file-repository.js';
export { createPaperRepository } from './paper-repository.js';
export { createSlackDeliveryRepository } from './slack-delivery-repository.js';
export type { SlackDeliveryRepository } from './slack-delivery-repository.js';
export type {
  PaperFilter,
  PaperRepository,
  PaperSummary,
  PaperUpsertOptions,
  PaperUpsertResult,
  StoredPaper,
} from './paper-repository.js';
export { createPgliteClient } from './pglite-client.js';
export type { PgliteClientOptions, PgliteSqlClient } from './pglite-client.js';
export {
  createPostgresClient,
  postgresDefaults,
  redactConnectionString,
} from './postgres-client.js';
export type { PostgresClientOptions } from './postgres-client.js';
export { isPostgresUnavailable, mapPostgresError } from './postgres-unavailable.js';
export { createQuestionRepository } from './question-repository.js';
export type { QuestionOrigin, QuestionRepository, StoredQuestion } from './question-repository.js';
export type { SqlBackendKind, SqlClient, SqlExecutor, SqlResult } from './sql-client.js';
export type { UpsertOutcome } from './upsert-outcome.js';
export { createVectorRepository, fromVectorBytes, toVectorLiteral } from './vector-repository.js';
export type {
  OwnedVector,
  VectorModelCount,
  VectorNeighbour,
  VectorOwnerKind,
  VectorRepository,
} from './vector-repository.js';
export {
  analyzeTables,
  analyzeTablesMissingStatistics,
  datasetTables,
  paperTables,
  searchTables,
  tablesMissingStatistics,
} from './table-statistics.js';
