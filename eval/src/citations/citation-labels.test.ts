/** Citation samples and labels: one citation per dataset, seeded; precision with its interval. */
import { describe, expect, it } from 'vitest';
import {
  citationKey,
  citationPrecision,
  parseCitationLabels,
  sampleCitations,
  wilsonInterval,
} from './citation-labels.js';
import type { CitedSentence } from './cited-sentences.js';

function cited(datasetId: string, sentenceIndex: number): CitedSentence {
  return {
    datasetId,
    names: [datasetId],
    paperId: 'p1',
    sentenceIndex,
    sectionTitle: 'Experiments',
    text: `A sentence about ${datasetId}.`,
  };
}

describe('sampleCitations', () => {
  const citations = [
    cited('A', 1),
    cited('A', 2),
    cited('A', 3),
    cited('B', 4),
    cited('C', 5),
    cited('D', 6),
  ];

  it('takes at most one citation per dataset, up to the size', () => {
    const sample = sampleCitations({ citations, size: 3, seed: 7 });
    expect(sample).toHaveLength(3);
    expect(new Set(sample.map((citation) => citation.datasetId)).size).toBe(3);
    expect(sampleCitations({ citations, size: 10, seed: 7 })).toHaveLength(4);
  });

  it('repeats exactly for the same seed, whatever the order of the citations', () => {
    const keys = (sample: CitedSentence[]) => sample.map(citationKey);
    expect(keys(sampleCitations({ citations, size: 3, seed: 7 }))).toEqual(
      keys(sampleCitations({ citations: [...citations].reverse(), size: 3, seed: 7 })),
    );
  });
});

describe('parseCitationLabels', () => {
  it('reads one judged citation a line', () => {
    const text =
      '{"run":"after","datasetId":"A","paperId":"p1","sentenceIndex":2,"label":"wrong","reason":"names A-M"}\n';
    expect(parseCitationLabels(text, 'labels.jsonl')).toEqual([
      {
        run: 'after',
        datasetId: 'A',
        paperId: 'p1',
        sentenceIndex: 2,
        label: 'wrong',
        reason: 'names A-M',
      },
    ]);
  });

  it('names the line of a label that is neither right nor wrong', () => {
    const text =
      '\n{"run":"after","datasetId":"A","paperId":"p1","sentenceIndex":2,"label":"maybe","reason":"?"}';
    expect(() => parseCitationLabels(text, 'labels.jsonl')).toThrow(/label/);
    try {
      parseCitationLabels(text, 'labels.jsonl');
    } catch (error) {
      expect((error as { where?: string }).where).toBe('labels.jsonl:2');
    }
  });
});

describe('citationPrecision', () => {
  it('gives each run its precision and a Wilson interval around it', () => {
    const label = (run: string, datasetId: string, right: boolean) => ({
      run,
      datasetId,
      paperId: 'p1',
      sentenceIndex: 1,
      label: right ? ('right' as const) : ('wrong' as const),
      reason: 'r',
    });
    const [before, after] = citationPrecision([
      label('before', 'A', true),
      label('before', 'B', false),
      label('after', 'A', true),
      label('after', 'B', true),
      label('after', 'C', true),
      label('after', 'D', false),
    ]);
    expect(before).toMatchObject({ run: 'before', labelled: 2, right: 1, precision: 0.5 });
    expect(after).toMatchObject({ run: 'after', labelled: 4, right: 3, datasets: 4 });
    expect(after?.precision).toBe(0.75);
    expect(after?.low).toBeLessThan(0.75);
    expect(after?.high).toBeGreaterThan(0.75);
  });

  it('matches the Wilson interval worked by hand and stays inside [0, 1]', () => {
    // 8 of 10: centre (0.8 + 0.19207) / 1.38415, spread 1.96 * sqrt(0.016 + 0.0096) / 1.38415.
    const interval = wilsonInterval(8, 10);
    expect(interval.low).toBeCloseTo(0.4902, 3);
    expect(interval.high).toBeCloseTo(0.9433, 3);
    const allRight = wilsonInterval(10, 10);
    expect(allRight.high).toBeCloseTo(1, 6);
    expect(allRight.high).toBeLessThanOrEqual(1);
    expect(allRight.low).toBeCloseTo(0.7225, 3);
    expect(wilsonInterval(0, 10).low).toBeGreaterThanOrEqual(0);
  });
});
