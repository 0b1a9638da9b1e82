/** @module Public surface of @quarry/api. */
export { createApp } from './create-app.js';
export type { AppDependencies } from './create-app.js';
export { errorResponse } from './error-response.js';
export {
  contentDerivedId,
  createPaperUploader,
  removeLeftoverUploads,
  safeNameStem,
  uploadExtensions,
} from './paper-uploader.js';
export type { PaperUploader, UploadedFile, UploadResult } from './paper-uploader.js';
export { defaultEdgeLimits } from './edge/edge-options.js';
export type { AccessOptions, EdgeLimits, TokenRequirement } from './edge/edge-options.js';
export { loopbackHostNames } from './edge/cross-site-protection.js';
export { jsonLineLogger, silentLogger } from './edge/request-log.js';
export { humanLine, humanLineLogger } from './edge/human-log.js';
export type { LogEntry, Logger } from './edge/request-log.js';
