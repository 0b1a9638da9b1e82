/** @module Dense-vector arithmetic, from @quarry/core (the one place for it). */
export { addScaledInPlace, dotProduct, normaliseInPlace } from '@quarry/core';
