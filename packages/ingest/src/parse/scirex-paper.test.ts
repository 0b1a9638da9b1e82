import { readFile } from 'node:fs/promises';
import type { Paper } from '@quarry/core';
import { detokenize } from '@quarry/text';
import { beforeAll, describe, expect, it } from 'vitest';
import { listPaperFiles } from './list-paper-files.js';
import { parsePaperFile } from './paper-file.js';
import type { ParseResult } from './parse-result.js';
import { paperFromSciRexDocument } from './scirex-paper.js';
import { collect } from './test-support/collect.js';
import { expectConsistentPaper } from './test-support/expect-consistent-paper.js';
import { sharedDataPath } from './test-support/shared-data.js';

const sciRexFolder = sharedDataPath('scirex', 'papers');

interface SciRexSource {
  doc_id: string;
  words: string[];
  sentences: [number, number][];
  sections: [number, number][];
}

async function readSource(path: string): Promise<SciRexSource> {
  return JSON.parse(await readFile(path, 'utf8')) as SciRexSource;
}

describe('SciREX papers', () => {
  let files: string[];
  let results: ParseResult<Paper>[];
  beforeAll(async () => {
    files = await listPaperFiles([sciRexFolder]);
    results = [];
    for (const file of files) results.push(...(await collect(parsePaperFile(file))));
  });

  it('parses all 306 sample papers, 83,132 sentences in all', () => {
    expect(files).toHaveLength(306);
    expect(results.filter((result) => !result.ok)).toEqual([]);
    const papers = results.flatMap((result) => (result.ok ? [result.value] : []));
    expect(papers.reduce((sum, paper) => sum + paper.sentences.length, 0)).toBe(83_132);
    for (const paper of papers) {
      expect(paper.source).toBe('scirex');
      expectConsistentPaper(paper);
    }
  });

  it('keeps every SciREX sentence as one Sentence, sourceIndex = its index in `sentences`', async () => {
    for (const [position, file] of files.entries()) {
      const source = await readSource(file);
      const result = results[position];
      if (!result?.ok) throw new Error(`no paper for ${file}`);
      const paper = result.value;
      expect(paper.id).toBe(source.doc_id);
      expect(paper.sentences).toHaveLength(source.sentences.length);
      expect(paper.sentences.map((sentence) => sentence.sourceIndex)).toEqual(
        source.sentences.map((_, index) => index),
      );
    }
  });

  it('writes the title and headings without their markers and opens with an Abstract section', async () => {
    const file = files[0] ?? '';
    const source = await readSource(file);
    const paper = results[0]?.ok ? results[0].value : null;
    // The first section of this paper is its title alone; "section : Abstract" follows.
    const [titleStart = 0, titleEnd = 0] = source.sentences[0] ?? [];
    expect(source.sections[0]).toEqual([titleStart, titleEnd]);
    expect(source.words.slice(titleEnd, titleEnd + 3)).toEqual(['section', ':', 'Abstract']);
    expect(paper?.title).toBe(detokenize(source.words.slice(titleStart, titleEnd)).text);
    expect(paper?.extra.titleSource).toBe('front-matter');
    expect(paper?.sections.slice(0, 3).map((section) => section.title)).toEqual([
      'Abstract',
      'Introduction',
      'Related Work',
    ]);
    expect(paper?.sentences[0]?.text).toBe(paper?.title);
    expect(paper?.sentences[1]).toMatchObject({
      text: 'Abstract',
      sectionIndex: 0,
      sourceIndex: 1,
    });
    expect(paper?.abstract?.startsWith(paper.sentences[2]?.text ?? '-')).toBe(true);
    expect(paper?.text.startsWith(`${paper.title}\n\nAbstract\n`)).toBe(true);
    expect(paper?.extra).toHaveProperty('n_ary_relations');
  });

  it('reads the "document : Title" front matter: title first, the abstract after it', () => {
    const papers = results.flatMap((result) => (result.ok ? [result.value] : []));
    const withDocumentMarker = papers.filter(
      (paper) => paper.extra.titleSource === 'document-marker',
    );
    expect(withDocumentMarker.length).toBeGreaterThan(200);
    for (const paper of withDocumentMarker) {
      expect(paper.title.startsWith('document')).toBe(false);
      expect(paper.sentences[0]?.text).toBe(paper.title);
    }
  });

  it('reports a document whose sentence range runs past the words', () => {
    const where = 'bad.json';
    const document = { doc_id: 'bad', words: ['a', 'b'], sentences: [[0, 5]], sections: [[0, 2]] };
    expect(() => paperFromSciRexDocument(document, where)).toThrow(
      /field "sentences\[0\]" must be a \[start, end\] range within the 2 words/,
    );
    expect(() =>
      paperFromSciRexDocument({ doc_id: 'x', words: 'a b', sentences: [] }, where),
    ).toThrow(/field "words"/);
  });
});
