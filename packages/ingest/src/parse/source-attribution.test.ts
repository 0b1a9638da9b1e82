import { describe, expect, it } from 'vitest';
import { readMarkdownLink, splitSourceAttribution } from './source-attribution.js';

describe('splitSourceAttribution', () => {
  it('splits trailing Source and Image Source lines off the description', () => {
    const split = splitSourceAttribution(
      'A set of images.\r\n\r\nSource: [A Paper: Subtitle](https://arxiv.org/abs/1)\r\nImage Source: [https://example.org/x.png](https://example.org/x.png)',
    );
    expect(split).toEqual({
      description: 'A set of images.',
      descriptionSource: { label: 'A Paper: Subtitle', url: 'https://arxiv.org/abs/1' },
      mediaSources: [
        { medium: 'image', label: 'https://example.org/x.png', url: 'https://example.org/x.png' },
      ],
    });
  });

  it('keeps relative paper links and plain-text sources, and leaves a Source line mid-text alone', () => {
    expect(splitSourceAttribution('Text.\n\nSource: [P](/paper/p)').descriptionSource).toEqual({
      label: 'P',
      url: '/paper/p',
    });
    expect(splitSourceAttribution('Text.\nSource: M Smith, A Jones').descriptionSource).toEqual({
      label: 'M Smith, A Jones',
      url: null,
    });
    const midText = splitSourceAttribution('Source: [P](/paper/p)\n\nThe real description.');
    expect(midText).toEqual({
      description: 'Source: [P](/paper/p)\n\nThe real description.',
      descriptionSource: null,
      mediaSources: [],
    });
  });

  it('splits audio and image lines, and links whose label wraps onto a second line', () => {
    const split = splitSourceAttribution(
      'Songs.\n\nSource: [A Paper](https://a.org/p)\n\nImage Source: [Some Figure\n](https://b.org/f)\nAudio Source: [https://c.org](https://c.org)\nImage: [Sumer et al](https://d.org/x)',
    );
    expect(split.description).toBe('Songs.');
    expect(split.descriptionSource).toEqual({ label: 'A Paper', url: 'https://a.org/p' });
    expect(split.mediaSources.map((source) => [source.medium, source.label])).toEqual([
      ['image', 'Some Figure'],
      ['audio', 'https://c.org'],
      ['image', 'Sumer et al'],
    ]);
  });

  it('reads urls with balanced parentheses', () => {
    expect(readMarkdownLink('[x](https://w.org/File:A_(1).jpg)')).toEqual({
      label: 'x',
      url: 'https://w.org/File:A_(1).jpg',
    });
  });
});
