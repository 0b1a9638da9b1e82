/** @module Public surface of @quarry/api. */
export { createApp } from './create-app.js';
export type { AppDependencies } from './create-app.js';
export { errorResponse } from './error-response.js';
