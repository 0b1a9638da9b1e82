/**
 * @module Questions that name their papers search those papers first. "what loss does the DeepLab
 * paper use?" names a paper by a name in its title; "how deep is the segmentation network?" names
 * the papers whose titles are about segmentation. Answer search over all papers then ranks the
 * named papers' sentences first and fills the page with the rest, so a sentence from an unrelated
 * paper that happens to share more words never hides the named paper's answer. A question whose
 * words are in too many titles (`maxScopedPapers`) names no paper in particular and is searched as
 * it is. Works on any backend: it only adds a paper filter to a second search.
 */
import { isStopword, stem, tokenize } from '@quarry/text';
import type { AnswerSearchOptions, AnswerSearchResult } from '../answer-hit.js';
import { distinctSentences } from '../same-sentence.js';

/** Title words too common in research titles to name a paper ("network", "learning", "model"). */
const genericTitleWords = new Set(
  [
    'paper',
    'papers',
    'approach',
    'method',
    'methods',
    'model',
    'models',
    'network',
    'networks',
    'neural',
    'deep',
    'learning',
    'learn',
    'using',
    'use',
    'based',
    'via',
    'towards',
    'new',
    'novel',
    'data',
    'system',
    'systems',
    'analysis',
    'study',
    'task',
    'tasks',
    'improving',
    'efficient',
    'large',
    'scale',
    'work',
    'authors',
    'results',
    'problem',
    'framework',
  ].map(stem),
);

function titleStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const token of tokenize(text)) {
    if (token.length < 3 || isStopword(token) || !/\p{L}/u.test(token)) continue;
    const stemmed = stem(token);
    if (!genericTitleWords.has(stemmed)) stems.add(stemmed);
  }
  return stems;
}

/**
 * The words a question names a paper by: those before "paper", "network", "model", "method" … in
 * "the segmentation network", "the V-Net paper", "this attention model". Plain questions name none:
 * matching every question word against titles put the wrong papers first (ReQA lost 4 points).
 */
export function namingWords(question: string): Set<string> {
  const naming = new Set<string>();
  for (const match of question.matchAll(namingPhrase)) {
    for (const stemmed of titleStems(match[1] ?? '')) naming.add(stemmed);
  }
  return naming;
}

const namingPhrase =
  /\b(?:the|this|that|their|its)\s+((?:[\p{L}\p{N}][\p{L}\p{N}-]*\s+){0,3}?[\p{L}\p{N}][\p{L}\p{N}-]*)\s+(?:paper|papers|network|networks|model|models|method|approach|architecture|system|framework|algorithm|study|work)\b/giu;

/**
 * The papers a question names: those whose titles hold the most of its naming words (at least
 * one), when there are at most `maxScopedPapers` of them; else none.
 */
export function papersNamedBy(options: {
  question: string;
  titles: ReadonlyMap<string, string>;
  maxScopedPapers: number;
}): string[] {
  const wanted = namingWords(options.question);
  if (wanted.size === 0) return [];
  let best = 0;
  let named: string[] = [];
  for (const [paperId, title] of options.titles) {
    let shared = 0;
    for (const stemmed of titleStems(title)) if (wanted.has(stemmed)) shared++;
    if (shared === 0 || shared < best) continue;
    if (shared > best) {
      best = shared;
      named = [];
    }
    named.push(paperId);
  }
  return named.length <= options.maxScopedPapers ? named : [];
}

/** `search` with the named papers' hits first (a question with its own paper filter is left alone). */
export function withPaperScope(options: {
  search: (request: AnswerSearchOptions) => Promise<AnswerSearchResult>;
  paperTitles: () => Promise<ReadonlyMap<string, string>>;
  maxScopedPapers: number;
}): (request: AnswerSearchOptions) => Promise<AnswerSearchResult> {
  return async (request) => {
    if (request.filter?.paperIds !== undefined || options.maxScopedPapers === 0) {
      return options.search(request);
    }
    const named = papersNamedBy({
      question: request.query,
      titles: await options.paperTitles(),
      maxScopedPapers: options.maxScopedPapers,
    });
    const everywhere = await options.search(request);
    if (named.length === 0) return everywhere;
    const scoped = await options.search({
      ...request,
      filter: { ...request.filter, paperIds: named },
    });
    if (scoped.hits.length === 0) return everywhere;
    const limit = Math.max(scoped.hits.length, everywhere.hits.length);
    return {
      ...everywhere,
      // Each sentence once, where the named papers' search put it (same-sentence.ts).
      hits: distinctSentences([...scoped.hits, ...everywhere.hits]).slice(0, limit),
      candidates: everywhere.candidates + scoped.candidates,
      clearAnswer: scoped.clearAnswer,
    };
  };
}

/** `read` reused for `maxAgeMs` after each call (paper titles change only when papers do). */
export function recentTitles(options: {
  read: () => Promise<ReadonlyMap<string, string>>;
  maxAgeMs: number;
  now?: () => number;
}): () => Promise<ReadonlyMap<string, string>> {
  const now = options.now ?? Date.now;
  let cached: { at: number; titles: Promise<ReadonlyMap<string, string>> } | null = null;
  return () => {
    if (cached === null || now() - cached.at > options.maxAgeMs) {
      const titles = options.read();
      cached = { at: now(), titles };
      titles.catch(() => {
        cached = null;
      });
    }
    return cached.titles;
  };
}
