/** @module Batched embedding, from @quarry/core (the one batching loop). */
export { embedInBatches } from '@quarry/core';
