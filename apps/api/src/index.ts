/** @module Public surface of @quarry/api. */
export { createApp } from './create-app.js';
export type { AppDependencies } from './create-app.js';
export { errorResponse } from './error-response.js';
export { createPaperUploader, safeFileName, uploadExtensions } from './paper-uploader.js';
export type { PaperUploader, UploadedFile, UploadResult } from './paper-uploader.js';
