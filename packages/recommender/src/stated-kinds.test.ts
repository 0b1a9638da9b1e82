import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { createDatasetRecommender } from './dataset-recommender.js';

const dataset = (id: string, description: string, modalities: string[], languages: string[]) =>
  datasetWithDefaults({ id, description, modalities, languages, source: 'starter' });

const catalog = [
  dataset(
    'SpanishSpeech',
    'Read Spanish speech recordings for speech recognition.',
    ['Speech', 'Audio'],
    ['Spanish'],
  ),
  dataset(
    'SpanishVoices',
    'Spontaneous Spanish speech from many speakers.',
    ['Speech'],
    ['Spanish'],
  ),
  dataset(
    'HateTweets',
    'English tweets labelled for hate detection and offensive language.',
    ['Texts'],
    ['English'],
  ),
  dataset('SpanishNews', 'Spanish news articles for topic classification.', ['Texts'], ['Spanish']),
];

describe('phrases before words in dataset search', () => {
  it('reads "hate speech" as text: speech recordings come after text datasets', async () => {
    const recommender = await createDatasetRecommender({ datasets: catalog });
    const ranked = await recommender.recommend({
      query: 'hate speech detection in Spanish tweets',
      limit: 4,
    });
    const ids = ranked.map((item) => item.datasetId);
    expect(ids.slice(0, 2).sort()).toEqual(['HateTweets', 'SpanishNews']);
    const speech = ranked.find((item) => item.datasetId === 'SpanishSpeech');
    expect(speech?.explanation.modalities ?? []).not.toContain('Text');
  });

  it('keeps speech first when the query asks for speech', async () => {
    const recommender = await createDatasetRecommender({ datasets: catalog });
    const ranked = await recommender.recommend({ query: 'Spanish speech recognition', limit: 2 });
    expect(ranked.map((item) => item.datasetId)).toEqual(['SpanishSpeech', 'SpanishVoices']);
  });
});
