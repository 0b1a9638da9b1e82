/**
 * @module The frame-index tests' sample papers, from @quarry/testing (one set of fixtures).
 */
export { samplePapers, segmentationPaper, translationPaper } from '@quarry/testing';
