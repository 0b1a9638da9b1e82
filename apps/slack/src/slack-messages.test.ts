import { describe, expect, it } from 'vitest';
import type { DatasetCard } from '@quarry/agent';
import { parseQuarryCommand } from './quarry-command.js';
import { escapeMrkdwn, renderAgentReply, renderSentences, slackLimits } from './slack-blocks.js';
import { createSlackLinks } from './slack-links.js';

function card(position: number, why = 'matches street scene segmentation'): DatasetCard {
  return {
    datasetId: `set-${position}`,
    name: `Set <${position}> & co`,
    fullName: null,
    year: 2016,
    modalities: ['Images'],
    tasks: ['Semantic Segmentation'],
    languages: [],
    size: null,
    homepage: null,
    why,
    citations: [
      { paperId: 'p', paperTitle: 'A paper', sentenceIndex: 3, text: 'We use it. <!channel>' },
    ],
  };
}

describe('/quarry subcommands', () => {
  it('reads each subcommand, --private anywhere, and the find separator', () => {
    expect(parseQuarryCommand('datasets street scenes --private')).toEqual({
      kind: 'datasets',
      request: 'street scenes',
      private: true,
    });
    expect(parseQuarryCommand('ASK what is the loss?')).toEqual({
      kind: 'ask',
      question: 'what is the loss?',
      private: false,
    });
    expect(parseQuarryCommand('find DeepLab v3 :: which backbone?')).toEqual({
      kind: 'find',
      paper: 'DeepLab v3',
      question: 'which backbone?',
      private: false,
    });
    expect(parseQuarryCommand('find DeepLab which backbone')).toMatchObject({ kind: 'help' });
    expect(parseQuarryCommand('datasets')).toMatchObject({ kind: 'help' });
    expect(parseQuarryCommand('   ')).toEqual({ kind: 'help', problem: null });
    expect(parseQuarryCommand('delete everything')).toMatchObject({ kind: 'help' });
  });
});

describe('Slack messages', () => {
  const links = createSlackLinks('https://quarry.example.org/');

  it('stays within 50 blocks and 3,000 characters, ending a long list with a "more" line', () => {
    const message = renderAgentReply({
      reply: {
        kind: 'recommend',
        text: 'These fit.',
        datasets: Array.from({ length: 80 }, (_, position) => card(position, 'x'.repeat(5000))),
      },
      conversationId: 'slack:T:C:1',
      links,
    });
    expect(message.blocks.length).toBeLessThanOrEqual(slackLimits.maxBlocks);
    for (const block of message.blocks) {
      if (block.type === 'section')
        expect(block.text?.text.length ?? 0).toBeLessThanOrEqual(slackLimits.maxSectionCharacters);
    }
    expect(JSON.stringify(message.blocks)).toMatch(/and \d+ more datasets in Quarry/);
  });

  it('escapes catalog and paper text, and links names into the web app', () => {
    const message = renderAgentReply({
      reply: { kind: 'recommend', text: 'These fit.', datasets: [card(1)] },
      conversationId: 'slack:T:C:1',
      links,
    });
    const text = JSON.stringify(message.blocks);
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('&lt;!channel&gt;');
    expect(text).toContain('<https://quarry.example.org/datasets/set-1|Set &lt;1&gt; &amp; co>');
    expect(text).toContain('https://quarry.example.org/papers/p#s-3');
    expect(text).toContain('Open in Quarry');
    expect(escapeMrkdwn('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
  });

  it('says plainly when no sentence answers, without links when there is no public address', () => {
    const none = renderSentences({
      heading: 'h',
      sentences: [],
      links: createSlackLinks(null),
      whenNone: 'No indexed sentence answers that yet.',
    });
    expect(none.text).toBe('No indexed sentence answers that yet.');
    const some = renderSentences({
      heading: 'h',
      sentences: [{ paperId: 'p', paperTitle: 'T', sentenceIndex: 0, text: 'S.' }],
      links: createSlackLinks(null),
      whenNone: '',
    });
    expect(JSON.stringify(some.blocks)).not.toContain('http');
  });
});
