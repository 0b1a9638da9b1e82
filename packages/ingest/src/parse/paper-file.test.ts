import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Paper } from '@quarry/core';
import { buildMinimalPdf } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPaperFiles } from './list-paper-files.js';
import { parsePaperFile } from './paper-file.js';
import type { ParseResult } from './parse-result.js';
import { collect } from './test-support/collect.js';
import { expectConsistentPaper } from './test-support/expect-consistent-paper.js';
import { fixturePath, sharedDataPath } from './test-support/shared-data.js';

let temporaryFolder: string;
beforeAll(async () => {
  temporaryFolder = await mkdtemp(join(tmpdir(), 'quarry-paper-file-'));
});
afterAll(async () => {
  await rm(temporaryFolder, { recursive: true, force: true });
});

function onlyPaper(results: ParseResult<Paper>[]): Paper {
  expect(results).toHaveLength(1);
  const [result] = results;
  if (!result?.ok) throw new Error(`expected a paper, got ${result?.error.message}`);
  return result.value;
}

function onlyFailure(results: ParseResult<Paper>[]) {
  expect(results).toHaveLength(1);
  const [result] = results;
  if (!result || result.ok) throw new Error('expected a failed result');
  expect(result.error.code).toBe('invalid_input');
  return result;
}

describe('S2ORC and doc2json papers', () => {
  let files: string[];
  const papers = new Map<string, Paper>();
  beforeAll(async () => {
    files = await listPaperFiles([sharedDataPath('formats', 's2orc')]);
    for (const file of files) papers.set(file, onlyPaper(await collect(parsePaperFile(file))));
  });

  it('reads all three shapes: S2ORC releases, doc2json PDF output and flat doc2json output', () => {
    expect(files).toHaveLength(11);
    for (const paper of papers.values()) {
      expect(paper.source).toBe('s2orc');
      expect(paper.sentences.length).toBeGreaterThan(50);
      expectConsistentPaper(paper);
    }
    const parsedFrom = [...papers.values()].map((paper) => paper.extra.parsedFrom);
    expect(new Set(parsedFrom)).toEqual(new Set(['grobid_parse', 'pdf_parse', 'top-level']));
  });

  it('takes title, authors, year, url and abstract from the metadata', () => {
    const release = papers.get(
      sharedDataPath('formats', 's2orc', 's2orc', '20190928_10002293.json'),
    );
    expect(release).toMatchObject({
      id: '10002293',
      year: 2017,
      abstract: expect.any(String) as unknown,
    });
    expect(release?.title.length).toBeGreaterThan(20);
    expect(release?.authors.length).toBe(11);
    expect(release?.url).toMatch(/^https:\/\/doi\.org\/10\./);
    expect(release?.sections[0]?.title).toBe('Abstract');
    const acl = papers.get(sharedDataPath('formats', 's2orc', 'acl-ocl-S13-1004.json'));
    expect(acl?.id).toBe('S13-1004');
    expect(acl?.authors.length).toBe(5);
    expect(acl?.sections.map((section) => section.title)).toContain('Acknowledgements');
  });

  it('groups paragraphs into sections by their `section` and joins paragraphs with a blank line', async () => {
    const path = sharedDataPath('formats', 's2orc', 'pdf', 'N18-3011.json');
    const paper = papers.get(path);
    const source = JSON.parse(await readFile(path, 'utf8')) as {
      pdf_parse: { body_text: { text: string; section: string }[] };
    };
    const bodyText = source.pdf_parse.body_text;
    const distinctRuns = bodyText.filter(
      (paragraph, position) => paragraph.section !== bodyText[position - 1]?.section,
    );
    expect(paper?.sections.map((section) => section.title)).toEqual([
      'Abstract',
      ...distinctRuns.map((paragraph) => paragraph.section || 'Untitled section'),
    ]);
    for (const paragraph of bodyText) expect(paper?.text).toContain(`\n\n${paragraph.text}`);
  });

  it('keeps citation spans, with offsets into Paper.text, and strips nothing from the text', () => {
    for (const paper of papers.values()) {
      const citeSpans = (paper.extra.citeSpans ?? []) as {
        start: number;
        end: number;
        text: string;
      }[];
      for (const span of citeSpans) expect(paper.text.slice(span.start, span.end)).toBe(span.text);
    }
    const withSpans = [...papers.values()].filter((paper) => Array.isArray(paper.extra.citeSpans));
    expect(withSpans.length).toBeGreaterThan(8);
    expect(withSpans.every((paper) => paper.extra.bibEntries !== undefined)).toBe(true);
  });

  it('uses the file name as id when doc2json cut the id at its first dot', () => {
    const paper = papers.get(sharedDataPath('formats', 's2orc', 'pdf', '2020.acl-main.207.json'));
    expect(paper?.id).toBe('2020.acl-main.207');
    expect(paper?.extra.sourcePaperId).toBe('2020');
  });

  it('titles a paper without one by its first sentence, never by its id', () => {
    const paper = papers.get(sharedDataPath('formats', 's2orc', 's2orc', '20200705_18980380.json'));
    const firstSentence = paper?.sentences.find((sentence) => sentence.text.split(' ').length > 3);
    expect(paper?.title).not.toBe('18980380');
    expect(firstSentence?.text.replace(/\.$/, '').startsWith(paper?.title ?? '-')).toBe(true);
    expect(paper?.extra).toMatchObject({ titleSource: 'excerpt', sourceTitle: '18980380' });
  });
});

describe('QASPER papers', () => {
  it('yields one paper per key with sections, skips empty paragraphs and keeps the qas', async () => {
    const path = sharedDataPath('formats', 'qasper', 'qasper_sample_small.json');
    const source = JSON.parse(await readFile(path, 'utf8')) as Record<
      string,
      { qas: unknown[]; full_text: { section_name: string }[] }
    >;
    const results = await collect(parsePaperFile(path));
    expect(results).toHaveLength(Object.keys(source).length);
    const [paperId = ''] = Object.keys(source);
    const paper = onlyPaper(results);
    expect(results[0]?.where).toBe(`${path}#paper ${paperId}`);
    expect(paper).toMatchObject({
      id: paperId,
      source: 'qasper',
      url: `https://arxiv.org/abs/${paperId}`,
    });
    expect(paper.sections.map((section) => section.title)).toEqual([
      'Abstract',
      ...(source[paperId]?.full_text.map((section) => section.section_name) ?? []),
    ]);
    expect(paper.extra.qas).toEqual(source[paperId]?.qas);
    expect(paper.sentences.length).toBeGreaterThan(0);
    expect(paper.sentences.every((sentence) => sentence.text.trim().length > 0)).toBe(true);
    expectConsistentPaper(paper);
  });

  it('reports a bad paper and keeps the good one', async () => {
    const path = join(temporaryFolder, 'qasper-mixed.json');
    const good = {
      title: 'Good',
      abstract: 'Fine.',
      full_text: [{ section_name: 'Intro', paragraphs: ['One. Two.'] }],
      qas: [],
    };
    const bad = {
      title: 'Bad',
      abstract: 'Fine.',
      full_text: [{ section_name: 'Intro', paragraphs: 'not a list' }],
      qas: [],
    };
    await writeFile(path, JSON.stringify({ '2001.00001': good, '2001.00002': bad }));
    const results = await collect(parsePaperFile(path));
    expect(results.map((result) => result.ok)).toEqual([true, false]);
    expect(results[1]?.where).toBe(`${path}#paper 2001.00002`);
    expect(results[1]?.ok === false && results[1].error.message).toMatch(
      /field "full_text\[0\]\.paragraphs" must be a list of strings/,
    );
  });
});

describe('PDF papers', () => {
  it('reads a real PDF: metadata title, text in order, sentences with pages and offsets', async () => {
    const path = join(temporaryFolder, 'tiny-paper.pdf');
    const pdf = buildMinimalPdf({
      title: 'A Tiny Paper About Parsing',
      author: 'Ada Example and Bob Example',
      pages: [
        [
          'A Tiny Paper About Parsing',
          'Ada Example',
          '',
          'Abstract',
          'We parse PDFs. It works well.',
          '',
          '1 Introduction',
          'Parsing matters. This sentence runs',
        ],
        ['onto page two. The end.'],
      ],
    });
    await writeFile(path, pdf);
    const paper = onlyPaper(await collect(parsePaperFile(path)));
    expect(paper).toMatchObject({
      id: 'tiny-paper',
      title: 'A Tiny Paper About Parsing',
      authors: ['Ada Example', 'Bob Example'],
      abstract: 'We parse PDFs. It works well.',
      source: 'pdf',
    });
    expect(paper.sections.map((section) => [section.title, section.kind ?? 'body'])).toEqual([
      ['Front matter', 'front-matter'],
      ['Abstract', 'body'],
      ['1 Introduction', 'body'],
    ]);
    expect(paper.extra.sectionKinds).toEqual({ 0: 'front-matter' });
    expect(
      paper.sentences.map((sentence) => [sentence.text, sentence.page, sentence.sectionIndex]),
    ).toEqual([
      ['A Tiny Paper About Parsing', 1, 0],
      ['Ada Example', 1, 0],
      ['We parse PDFs.', 1, 1],
      ['It works well.', 1, 1],
      ['1 Introduction', 1, 2],
      ['Parsing matters.', 1, 2],
      ['This sentence runs onto page two.', 1, 2],
      ['The end.', 2, 2],
    ]);
    expectConsistentPaper(paper);
  });

  it('takes the first line as title when the PDF has no metadata title', async () => {
    const path = join(temporaryFolder, 'untitled.pdf');
    await writeFile(path, buildMinimalPdf({ pages: [['Plain Title Line', 'Some text here.']] }));
    const paper = onlyPaper(await collect(parsePaperFile(path)));
    expect(paper.title).toBe('Plain Title Line');
    expect(paper.extra.titleSource).toBe('first-line');
  });

  it('reports a corrupt PDF as one error naming the file', async () => {
    const path = fixturePath('corrupt.pdf');
    const failure = onlyFailure(await collect(parsePaperFile(path)));
    expect(failure.where).toBe(path);
    expect(failure.error.message).toContain(path);
    expect(failure.error.message).toMatch(/unreadable PDF/);
  });

  it('reports a PDF without text (a scan) as one error', async () => {
    const path = join(temporaryFolder, 'blank.pdf');
    await writeFile(path, buildMinimalPdf({ pages: [[]] }));
    expect(onlyFailure(await collect(parsePaperFile(path))).error.message).toMatch(
      /no extractable text/,
    );
  });
});

describe('plain-text papers', () => {
  it('takes the first line as title and headings as sections', async () => {
    const paper = onlyPaper(await collect(parsePaperFile(fixturePath('tiny-paper.txt'))));
    expect(paper).toMatchObject({
      id: 'tiny-paper',
      title: 'A Tiny Paper About Parsing',
      abstract: 'We parse small files. It works well on made-up text.',
      source: 'text',
    });
    expect(paper.sections.map((section) => section.title)).toEqual([
      'Abstract',
      '1 Introduction',
      '2 Method',
    ]);
    expect(paper.sentences.map((sentence) => sentence.text)).toContain(
      'We split sentences, e.g. with a splitter.',
    );
    expectConsistentPaper(paper);
  });

  it('reports an empty text file', async () => {
    const path = join(temporaryFolder, 'empty.txt');
    await writeFile(path, '\n\n');
    expect(onlyFailure(await collect(parsePaperFile(path))).error.message).toMatch(/file is empty/);
  });
});

describe('parsePaperFile: bad files', () => {
  it('reports broken JSON, an unknown JSON shape, a missing file and an unsupported type', async () => {
    const broken = join(temporaryFolder, 'broken.json');
    await writeFile(broken, '{"doc_id": "x", "words": [');
    expect(onlyFailure(await collect(parsePaperFile(broken))).error.message).toMatch(
      /not valid JSON/,
    );
    const unknown = join(temporaryFolder, 'unknown.json');
    await writeFile(unknown, JSON.stringify({ hello: 'world' }));
    expect(onlyFailure(await collect(parsePaperFile(unknown))).error.message).toMatch(
      /not a paper format this parser knows/,
    );
    expect(
      onlyFailure(await collect(parsePaperFile(join(temporaryFolder, 'absent.json')))).error
        .message,
    ).toMatch(/cannot read the file/);
    const docx = join(temporaryFolder, 'paper.docx');
    await writeFile(docx, 'x');
    expect(onlyFailure(await collect(parsePaperFile(docx))).error.message).toMatch(
      /unsupported paper file type/,
    );
  });

  it('reads JSON Lines of documents line by line, reporting a bad line and going on', async () => {
    const [sciRexFile = ''] = await listPaperFiles([sharedDataPath('scirex', 'papers')]);
    const document = await readFile(sciRexFile, 'utf8');
    const path = join(temporaryFolder, 'documents.jsonl');
    await writeFile(
      path,
      `${JSON.stringify(JSON.parse(document))}\n{"doc_id": \n\n${JSON.stringify({ doc_id: 'no-words' })}\n`,
    );
    const results = await collect(parsePaperFile(path));
    expect(results.map((result) => [result.where.slice(path.length), result.ok])).toEqual([
      [':1', true],
      [':2', false],
      [':4', false],
    ]);
  });
});

describe('listPaperFiles', () => {
  it('expands folders recursively to sorted .json, .pdf and .txt files, skipping hidden ones', async () => {
    const root = join(temporaryFolder, 'library');
    await mkdir(join(root, 'nested', 'deeper'), { recursive: true });
    await mkdir(join(root, '.hidden'), { recursive: true });
    for (const name of [
      'b.pdf',
      'a.json',
      'notes.md',
      'nested/c.TXT',
      'nested/deeper/d.json',
      '.hidden/e.json',
      '.f.json',
    ]) {
      await writeFile(join(root, name), '');
    }
    const explicitFile = join(temporaryFolder, 'explicit.md');
    await writeFile(explicitFile, '');
    expect(await listPaperFiles([root, explicitFile, join(root, 'a.json')])).toEqual(
      [
        join(root, 'a.json'),
        join(root, 'b.pdf'),
        join(root, 'nested', 'c.TXT'),
        join(root, 'nested', 'deeper', 'd.json'),
        explicitFile,
      ].sort(),
    );
  });

  it('throws an invalid_input AppError for a path that does not exist', async () => {
    await expect(listPaperFiles([join(temporaryFolder, 'nowhere')])).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });
});
