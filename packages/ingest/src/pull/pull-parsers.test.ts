/**
 * The pure parts of the pull adapters: arXiv ids as people paste them, the Atom feed (with the
 * error entry arXiv sends for a bad id), Retry-After values, Link headers, and a Hub card mapped
 * to a catalog record.
 */
import { describe, expect, it } from 'vitest';
import { parseArxivFeed } from './arxiv-atom.js';
import { arxivPaperId, parseArxivId } from './arxiv-id.js';
import { datasetFromHubRecord } from './hub-dataset-record.js';
import { hubDatasetsUrl, nextPageUrl } from './hub-datasets-pull.js';
import { retryAfterMs } from './pull-http-client.js';
import { pullFixture } from './test-support/pull-fixtures.js';

describe('arXiv ids', () => {
  it.each([
    ['2104.08663', { id: '2104.08663', version: null }],
    ['2104.08663v3', { id: '2104.08663', version: 3 }],
    ['arXiv:2104.08663', { id: '2104.08663', version: null }],
    ['https://arxiv.org/abs/2104.08663v2', { id: '2104.08663', version: 2 }],
    ['https://arxiv.org/pdf/2104.08663.pdf', { id: '2104.08663', version: null }],
    ['http://export.arxiv.org/abs/hep-th/9901001v1', { id: 'hep-th/9901001', version: 1 }],
    ['math.GT/0309136', { id: 'math.GT/0309136', version: null }],
  ])('reads %s', (text, expected) => {
    expect(parseArxivId(text, 'test')).toEqual(expected);
  });

  it('refuses what is not an id, naming it and where it came from', () => {
    expect(() => parseArxivId('2104.086', 'ids.txt:3')).toThrow(
      /ids\.txt:3: "2104\.086" is not an arXiv id/,
    );
  });

  it('stores old-style ids without a slash', () => {
    expect(arxivPaperId('hep-th/9901001')).toBe('arxiv-hep-th_9901001');
  });
});

describe('arXiv Atom feed', () => {
  it('reads entries and reports the error entry', () => {
    const results = parseArxivFeed(pullFixture('arxiv-feed.xml'), 'arxiv query');
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({
      ok: true,
      value: {
        id: '0000.00021',
        version: 2,
        title: 'Tide Forecasting with Tiny Networks: A Made-Up Study & Its Benchmark',
        abstract:
          'We forecast sea levels of twelve harbours with a tiny network and release a made-up benchmark.',
        published: '2020-11-02T09:00:00Z',
        authors: ['Ada Example', 'Björn Sample'],
        primaryCategory: 'cs.LG',
      },
    });
    expect(results[2]).toMatchObject({ ok: false, where: 'arxiv query entry 3' });
    expect(results[2]?.ok === false && results[2].error.message).toMatch(
      /arXiv reports an error: incorrect id format for 0000\.0002x/,
    );
  });

  it('reports an entry without an id, and a reply that is not a feed', () => {
    const [missing] = parseArxivFeed('<feed><entry><title>T</title></entry></feed>', 'q');
    expect(missing).toMatchObject({ ok: false, where: 'q entry 1' });
    const [notFeed] = parseArxivFeed('<html>busy</html>', 'q');
    expect(notFeed?.ok === false && notFeed.error.message).toMatch(/not an Atom feed/);
  });
});

describe('HTTP headers', () => {
  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-23T20:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Mon, 23 Nov 2026 20:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('finds the next link among several, resolving relative ones', () => {
    const page = 'http://hub.test/api/datasets?limit=2';
    expect(
      nextPageUrl(
        '<http://hub.test/a?cursor=1>; rel="prev", </api/datasets?cursor=9>; rel="next"',
        page,
      ),
    ).toBe('http://hub.test/api/datasets?cursor=9');
    expect(nextPageUrl('<http://hub.test/a>; rel="prev"', page)).toBeNull();
    expect(nextPageUrl(null, page)).toBeNull();
  });

  it('asks the Hub for full cards with every filter', () => {
    const url = new URL(
      hubDatasetsUrl({
        endpoint: 'http://hub.test/',
        search: 'squad',
        filters: ['task_categories:question-answering', 'language:en'],
        pageSize: 50,
      }),
    );
    expect(url.pathname).toBe('/api/datasets');
    expect(url.searchParams.getAll('filter')).toEqual([
      'task_categories:question-answering',
      'language:en',
    ]);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      search: 'squad',
      full: 'true',
      limit: '50',
    });
  });
});

describe('Hub dataset cards', () => {
  const options = { where: 'hub page 1#0', endpoint: 'http://hub.test' };

  it('maps card data into a catalog record', () => {
    const [first] = JSON.parse(pullFixture('hub-datasets-page-1.json')) as unknown[];
    expect(datasetFromHubRecord(first, options)).toMatchObject({
      id: 'madeup/squad',
      name: 'SQuAD (made-up mirror)',
      variants: ['madeup/squad'],
      tasks: ['Question Answering', 'Extractive Qa'],
      languages: ['English'],
      modalities: ['Texts'],
      paperUrl: 'https://arxiv.org/abs/0000.00011',
      size: '10K<n<100K',
      source: 'hf-hub',
      extra: { hubId: 'madeup/squad', license: 'cc-by-sa-4.0', paperswithcodeId: 'squad' },
    });
  });

  it('names the field that is wrong', () => {
    expect(() => datasetFromHubRecord({ id: 'x/y', cardData: { language: [1] } }, options)).toThrow(
      /hub page 1#0: cardData\.language must be a string or a list of strings/,
    );
    expect(() => datasetFromHubRecord({ cardData: {} }, options)).toThrow(/field "id" is missing/);
  });
});
