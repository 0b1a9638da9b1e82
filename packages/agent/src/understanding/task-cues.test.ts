import { describe, expect, it } from 'vitest';
import { findTaskCue } from './task-cues.js';

describe('task cues', () => {
  it('takes the cue the message names first, not the first in the list', () => {
    expect(
      findTaskCue(
        'Offline RL: fixed datasets of logged transitions (mujoco locomotion, antmaze, maybe atari)',
      )?.task,
    ).toBe('Reinforcement Learning');
    expect(findTaskCue('Atari games for my deep RL agent')?.task).toBe('Atari Games');
    expect(findTaskCue('a dataset of cat photos')).toBeNull();
  });

  it('reads the task from what the labels are', () => {
    expect(findTaskCue('movie reviews labelled positive or negative')?.task).toBe(
      'Sentiment Analysis',
    );
    expect(
      findTaskCue('sentinel-2 patches labelled with land use / land cover classes')?.task,
    ).toBe('Classification');
    expect(findTaskCue('trimmed YouTube clips of human actions, hundreds of classes')?.task).toBe(
      'Classification',
    );
    expect(
      findTaskCue('small organic molecules with computed quantum-chemical properties')?.task,
    ).toBe('Molecular Property Prediction');
  });
});
