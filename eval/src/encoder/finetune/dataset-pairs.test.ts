import { describe, expect, it } from 'vitest';
import { sampleDataset } from '@quarry/testing';
import { isHeldOutCitanceDataset } from '../corpora/dataset-citances.js';
import { datasetPairs, datasetPassage } from './dataset-pairs.js';

// Records written for this test.
const sonarFloors = sampleDataset({
  id: 'SonarFloors',
  description:
    'SonarFloors holds sonar images of harbour floors. Each scan marks debris, anchors and cables with boxes. The scans come from twelve ports.',
  paperTitle: 'Finding debris on harbour floors with sonar',
});
const reefCounts = sampleDataset({
  id: 'ReefCounts',
  description: 'ReefCounts labels fish in underwater video from coral reefs.',
});
// A dataset name whose citances the encoder benchmarks hold out, found by search.
const heldOutName = Array.from({ length: 200 }, (_, index) => `Set${index}`).find(
  isHeldOutCitanceDataset,
)!;
const heldOut = sampleDataset({ id: heldOutName, description: 'Held out for the benchmarks.' });
const citation = (datasetName: string, sentence: string) => ({
  datasetName,
  variants: [datasetName],
  paperId: null,
  sentences: [sentence],
});

describe('datasetPairs', () => {
  const pairs = datasetPairs({
    datasets: [sonarFloors, reefCounts, heldOut],
    citances: [
      citation('ReefCounts', 'We count fish in each frame of ReefCounts with a tracker.'),
      citation('SonarFloors', 'Our detector finds cables and anchors on SonarFloors sonar images.'),
      citation(heldOutName, `We evaluate our model on ${heldOutName} with five seeds.`),
      citation(heldOutName, `Results on ${heldOutName} improve by two points overall.`),
    ],
    researchTexts: [
      'We detect debris on sonar images of harbour floors and report results on SonarFloors with our new detector.',
    ],
  });
  const bySource = (source: string) => pairs.filter((pair) => pair.source === source);

  it('pairs a research description, the name cut out, with the dataset it named', () => {
    const [research] = bySource('research');
    expect(research?.datasetId).toBe('SonarFloors');
    expect(research?.query).not.toContain('SonarFloors');
    expect(research?.passage).toBe(datasetPassage(sonarFloors));
  });

  it('trains on odd citance records, keeps even ones for validation, never reads the held-out tenth', () => {
    expect(bySource('citance-held').map((pair) => pair.datasetId)).toEqual(['ReefCounts']);
    expect(bySource('citance').map((pair) => pair.datasetId)).toEqual(['SonarFloors']);
    expect(bySource('citance')[0]?.query).not.toContain('SonarFloors');
    expect(
      pairs.some((pair) => pair.datasetId === heldOutName && pair.source.startsWith('citance')),
    ).toBe(false);
  });

  it('pairs a paper title and a middle sentence with the rest of the description', () => {
    expect(bySource('title')).toEqual([
      {
        query: 'Finding debris on harbour floors with sonar',
        passage: sonarFloors.description,
        datasetId: 'SonarFloors',
        source: 'title',
      },
    ]);
    const [sentence] = bySource('sentence');
    expect(sentence?.query).toBe('Each scan marks debris, anchors and cables with boxes.');
    expect(sentence?.passage).not.toContain('Each scan marks');
    // A description of one sentence gives no sentence pair.
    expect(bySource('sentence').some((pair) => pair.datasetId === 'ReefCounts')).toBe(false);
  });
});
