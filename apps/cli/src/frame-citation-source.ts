/**
 * @module Citations for dataset cards from the frame index: sentences of ingested papers that name
 * the dataset (or a variant) as a whole word. Every quote is a stored frame the user can open.
 */
import type { Citation, CitationSource } from '@quarry/agent';
import type { FrameIndex } from '@quarry/frames';

/** Frames searched per dataset before keeping those that really name it. */
const candidateFrames = 20;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createFrameCitationSource(currentIndex: () => FrameIndex | null): CitationSource {
  return {
    async citationsFor({ dataset, limit }) {
      const index = currentIndex();
      if (!index) return [];
      const names = [...new Set([dataset.name, ...dataset.variants])].filter(
        (name) => name.length >= 3,
      );
      if (names.length === 0) return [];
      const mention = new RegExp(
        `(?<![\\p{L}\\p{N}])(?:${names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
        'u',
      );
      const result = await index.search({
        query: `${dataset.name} dataset`,
        limit: candidateFrames,
      });
      const citations: Citation[] = [];
      for (const hit of result.hits) {
        if (!mention.test(hit.text)) continue;
        citations.push({
          paperId: hit.paperId,
          paperTitle: hit.paperTitle,
          sentenceIndex: hit.sentenceIndex,
          text: hit.text,
        });
        if (citations.length >= limit) break;
      }
      return citations;
    },
  };
}
