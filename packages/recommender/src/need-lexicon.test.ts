import { describe, expect, it } from 'vitest';
import { tokenize } from '@quarry/text';
import { needLabelCounts, needMatches, needWordsByToken } from './need-lexicon.js';

const modalities = (text: string) => [
  ...needLabelCounts({ tokens: tokenize(text), category: 'modality' }).keys(),
];

describe('need phrases before words', () => {
  it('reads "hate speech" as text, never as speech', () => {
    expect(modalities('hate speech detection in Spanish tweets')).toEqual(['Text']);
    expect(modalities('hate-speech classifiers')).toEqual(['Text']);
  });

  it('reads "speech recognition" as speech and "point cloud" as 3-D', () => {
    expect(modalities('speech recognition for Mandarin')).toEqual(['Speech']);
    expect(modalities('segmentation of point clouds')).toEqual(['3D']);
  });

  it('reads keyword spotting and spoken command words as speech, not text', () => {
    expect(modalities('a tiny keyword spotting model for a microcontroller')).toEqual(['Speech']);
    expect(modalities('someone says one of a few short command words')).toEqual(['Speech']);
    expect(modalities('wake-word detection on voice commands')).toEqual(['Speech']);
  });

  it('reads traffic on a network as no road traffic', () => {
    const domains = (text: string) => [
      ...needLabelCounts({ tokens: tokenize(text), category: 'domain' }).keys(),
    ];
    expect(domains('intrusion detection with labeled attack traffic')).toEqual([]);
    expect(domains('classifying encrypted network traffic')).toEqual([]);
    expect(domains('traffic sign recognition')).toEqual(['Driving']);
  });

  it("reads animals' social interaction as no social media, and raters as no people", () => {
    const domains = (text: string) => [
      ...needLabelCounts({ tokens: tokenize(text), category: 'domain' }).keys(),
    ];
    expect(domains('mouse behaviour like grooming, social interaction or reaching')).toEqual([]);
    expect(domains('sarcasm in social media posts')).toEqual(['Social media']);
    // Nor are the people who judge the data people in it.
    expect(domains('distorted images with human opinion scores')).toEqual([]);
    expect(domains('human pose estimation')).toEqual(['People']);
    expect(domains('which benchmarks do people use for salient object detection?')).toEqual([]);
  });

  it('keeps single words where no phrase covers them', () => {
    expect(modalities('emotion from speech and video')).toEqual(['Speech', 'Video']);
    // Pictures of text are images ("datasets of text images labelled with the typeface").
    expect(modalities('datasets of text images labelled with the typeface')).toEqual(['Image']);
  });

  it("gives every word of a phrase the phrase's signal, and a blocking phrase none", () => {
    const tokens = tokenize('an in depth study of video games', { joinHyphenated: false });
    const byToken = needWordsByToken(tokens);
    expect(byToken[tokens.indexOf('depth')]).toEqual([]);
    expect(byToken[tokens.indexOf('video')]).toEqual([{ category: 'domain', label: 'Games' }]);
    expect(byToken[tokens.indexOf('games')]).toEqual([{ category: 'domain', label: 'Games' }]);
  });

  it('reports each phrase once with its token span', () => {
    expect(needMatches(['time', 'series', 'forecasting'])).toEqual([
      { start: 0, end: 2, words: [{ category: 'modality', label: 'Time series' }] },
    ]);
  });
});
