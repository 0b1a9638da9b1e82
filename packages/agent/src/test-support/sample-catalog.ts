/** @module The agent tests' catalog, from @quarry/testing (one set of fixtures). */
export { agentSampleCatalog as sampleCatalog } from '@quarry/testing';
