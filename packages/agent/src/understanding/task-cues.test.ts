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
});
