/**
 * @module Where the shared data folder is for tests (read by path, never copied): @quarry/testing's
 * one locator.
 */
export { sharedDataPath } from '@quarry/testing';
