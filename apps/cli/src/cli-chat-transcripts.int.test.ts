/**
 * The chat transcripts a new user tried, end to end through POST /api/chat on a real `quarry serve`
 * (the shipped first-start catalog, shipped encoder, local agent, no papers indexed): stated languages the catalog
 * cannot meet are said plainly, a paper that is not indexed is named as such, and empty, emoji or
 * injected messages get a question, never a list of datasets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess } from './test-support/serve-process.js';
import type { ServeProcess } from './test-support/serve-process.js';

interface Turn {
  text: string;
  datasets: { name: string; modalities: string[]; tasks: string[]; why: string }[] | null;
  clarify: { slot: string; options: string[] } | null;
}

describe('chat transcripts', () => {
  let server: ServeProcess;
  let url = '';

  beforeAll(async () => {
    server = await startServeProcess({
      environment: { QUARRY_API_TOKEN: 'transcripts-token-0123456789', QUARRY_REQUEST_LOG: 'off' },
    });
    url = server.url;
  }, 240_000);

  afterAll(async () => {
    await server.stop();
  });

  let conversations = 0;
  const say = async (message: string): Promise<Turn> => {
    conversations += 1;
    const response = await fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: `transcript-${conversations}`,
        messages: [{ role: 'user', parts: [{ type: 'text', text: message }] }],
      }),
    });
    expect(response.status).toBe(200);
    const turn: Turn = { text: '', datasets: null, clarify: null };
    for (const line of (await response.text()).split('\n')) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const chunk = JSON.parse(line.slice(6)) as { type: string; delta?: string; data?: never };
      if (chunk.type === 'text-delta') turn.text += chunk.delta ?? '';
      if (chunk.type === 'data-datasets')
        turn.datasets = (chunk.data as unknown as { datasets: Turn['datasets'] }).datasets;
      if (chunk.type === 'data-clarify') turn.clarify = chunk.data as unknown as Turn['clarify'];
    }
    return turn;
  };

  it('starts with the shipped catalog of thousands of datasets, and finds Cityscapes for street scenes', async () => {
    const imported = /imported (\d+) datasets from \S+datasets\.jsonl\.gz/.exec(server.stderr());
    expect(Number(imported?.[1])).toBeGreaterThanOrEqual(5000);
    const turn = await say('semantic segmentation of street scenes for self-driving cars');
    expect(turn.datasets?.map((card) => card.name)).toContain('Cityscapes');
  });

  it('finds the Spanish NER dataset whose variant names the language, and says plainly when a language is missing', async () => {
    const ner = await say('Spanish named entity recognition');
    expect(ner.datasets?.[0]?.name).toBe('CoNLL 2002');
    expect(ner.text).not.toMatch(/no Spanish dataset/);
    const missing = await say('Urdu named entity recognition');
    expect(missing.text).toMatch(/no Urdu dataset for Named Entity Recognition/);
    expect(missing.text).not.toMatch(/fit what you described/);
    expect(missing.datasets?.[0]?.name).toBeDefined();
  });

  it('reads "hate speech in Arabic tweets" as text classification, and finds the Arabic one', async () => {
    const turn = await say('hate speech in Arabic tweets');
    // The shipped catalog declares no languages for most datasets: its descriptions say them.
    expect(turn.text).not.toMatch(/no Arabic dataset/);
    expect(turn.datasets?.[0]?.name).toBe('AraCOVID19-MFH');
    for (const card of turn.datasets ?? []) expect(card.modalities).not.toContain('Audio');
  });

  it('offers hate-speech text datasets for Spanish tweets, saying that none is Spanish', async () => {
    const turn = await say('hate speech in Spanish tweets');
    expect(turn.text).toMatch(/no Spanish dataset for Hate Speech Detection/);
    const names = (turn.datasets ?? []).map((card) => card.name);
    expect(names).toHaveLength(5);
    // Hate-speech datasets by name, task or the card's reason (ETHOS's name does not say it).
    const aboutHate = (turn.datasets ?? []).filter((card) =>
      /hate|offensive|toxic|abus/i.test(`${card.name} ${card.tasks.join(' ')} ${card.why}`),
    );
    expect(aboutHate.length).toBeGreaterThanOrEqual(4);
    for (const card of turn.datasets ?? []) expect(card.modalities).not.toContain('Audio');
  });

  it('says the DeepLab paper is not indexed instead of quoting other papers as its answer', async () => {
    const turn = await say('what loss does the DeepLab paper use?');
    expect(turn.text).toMatch(/DeepLab paper is not among the indexed papers/);
  });

  it('asks what the person wants for empty, emoji-only, link-only and injected messages', async () => {
    for (const message of [
      '',
      '🙂🙂🙂',
      'https://example.com',
      "'; DROP TABLE datasets; --",
      'hello',
    ]) {
      const turn = await say(message);
      expect(turn.datasets).toBeNull();
      expect(turn.text.length).toBeGreaterThan(0);
    }
  });

  it('understands a request written in Spanish without asking for its task', async () => {
    const turn = await say('Quiero datos para segmentación semántica de escenas urbanas');
    expect(turn.clarify).toBeNull();
    // Semantic segmentation datasets. Cityscapes itself fell to rank 8 with the pretrained encoder
    // (the dictionaries translate the task but not "escenas urbanas", and e5 reads English only):
    // a known regression, reported in docs/benchmarks.md (issue 34).
    const names = turn.datasets?.map((card) => card.name) ?? [];
    expect(
      names.filter((name) => ['PASCAL VOC', 'ADE20K', 'Cityscapes', 'COCO-Stuff'].includes(name))
        .length,
    ).toBeGreaterThanOrEqual(2);
  });
});
