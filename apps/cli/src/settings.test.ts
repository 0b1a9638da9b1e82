import { describe, expect, it } from 'vitest';
import { loadSettings } from './settings.js';

describe('settings', () => {
  it('reads QUARRY_RERANK_DEPTH: 10 by default, 0 turns the cross-encoder off, no negatives', () => {
    expect(loadSettings({}).rerankDepth).toBe(10);
    expect(loadSettings({ QUARRY_RERANK_DEPTH: '0' }).rerankDepth).toBe(0);
    expect(() => loadSettings({ QUARRY_RERANK_DEPTH: '-1' })).toThrow(/QUARRY_RERANK_DEPTH/);
  });
});
