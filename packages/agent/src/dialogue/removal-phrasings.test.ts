import { describe, expect, it } from 'vitest';
import { readRefinement } from './read-refinement.js';
import { takeRemovals } from './removal-phrasings.js';

const excluded = (message: string) => readRefinement(message).excluded;

describe('ruling datasets out in other words', () => {
  it('reads orders to take datasets off the list', () => {
    expect(excluded('remove ImageNet please')).toEqual(['imagenet']);
    expect(excluded('please drop Cora and Citeseer')).toEqual(['cora', 'citeseer']);
    expect(excluded('take MNIST and SVHN off the list')).toEqual(['mnist', 'svhn']);
    expect(excluded('cross out COCO')).toEqual(['coco']);
    expect(excluded('leave KITTI aside for now')).toEqual(['kitti']);
    expect(excluded('ok, drop the Reddit ones')).toEqual(['reddit']);
  });

  it('reads datasets that cannot be used, that enough was seen of, or that something else is wanted than', () => {
    expect(excluded("we can't use ImageNet because of its licence")).toEqual(['imagenet']);
    expect(excluded("we've seen enough of CoNLL")).toEqual(['conll']);
    expect(excluded('something different from SQuAD')).toEqual(['squad']);
    expect(excluded("anything that isn't from Wikipedia")).toEqual(['wikipedia']);
    expect(excluded('SQuAD is not an option')).toEqual(['squad']);
    expect(excluded('apart from COCO, what is there?')).toEqual(['coco']);
  });

  it('reads orders to take off what holds something, each thing after "or" on its own', () => {
    expect(
      excluded(
        'We need the raw videos. Drop anything that only ships tracked trajectories or keypoints.',
      ),
    ).toEqual(['tracked trajectories', 'keypoints']);
    expect(excluded('remove the ones which are synthetic')).toEqual(['synthetic']);
  });

  it('leaves a task, a language and what is asked for alone', () => {
    // "remove background noise" names what the data is for, not a dataset.
    const denoising = readRefinement('remove background noise from speech recordings');
    expect(denoising.excluded).toEqual([]);
    expect(denoising.focus).toMatch(/background noise/);
    // "apart from English" may add English: only names are ruled out after it.
    expect(excluded('apart from English, also German')).toEqual([]);
    // After the names, what else the order says is no name.
    expect(excluded("we can't use ImageNet and give me others")).toEqual(['imagenet']);
    const phrases: string[] = [];
    expect(takeRemovals(' nothing here ', (phrase) => phrases.push(phrase))).toBe(' nothing here ');
    expect(phrases).toEqual([]);
  });
});
