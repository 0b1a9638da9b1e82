/**
 * @module Answers a question about papers from the frame index, scoped to the paper the question
 * names when it names one: "what loss does the DeepLab paper use?" looks in the paper whose title
 * says DeepLab, "which datasets did ResNet evaluate on?" in the paper that says ResNet most often.
 * Every answer is a stored sentence.
 */
import type { AnswerHit } from './answer-hit.js';
import type { AnswerSearch } from './search/answer-search.js';
import { escapeRegExp } from '@quarry/text';

export interface PaperQuestionOptions {
  index: AnswerSearch;
  question: string;
  /** Words that name the paper, when the caller knows them ("find X in <paper>"). */
  paperHint?: string;
  limit: number;
}

export interface PaperQuestionAnswer {
  /** The paper the question was scoped to, or null when it names none (all papers searched). */
  paper: { id: string; title: string } | null;
  hits: AnswerHit[];
  /** Whether the best hit clearly answers (answer-clarity.ts). */
  clearAnswer: boolean;
}

/** Sentences searched for a name before counting which paper uses it most. */
export const nameSearchDepth = 40;
/** A paper is "named" by a word it uses at least this many times among those sentences. */
export const minNameMentions = 2;

/**
 * Words that look like a name: an inner capital or a digit ("DeepLab", "ResNet", "GPT-2"), or a
 * capital letter anywhere but at the start of the question ("the Cityscapes paper", "BERT").
 */
function namesIn(text: string): string[] {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}-]*[\p{L}\p{N}]/gu) ?? [];
  return words.filter(
    (word, position) =>
      /\p{Lu}/u.test(word.slice(1)) || /\d/.test(word) || (position > 0 && /^\p{Lu}/u.test(word)),
  );
}

async function paperByTitle(
  index: AnswerSearch,
  name: string,
): Promise<{ id: string; title: string } | null> {
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'iu');
  for (const [paperId, title] of await index.paperTitles()) {
    if (word.test(title)) return { id: paperId, title };
  }
  return null;
}

async function paperByMentions(
  index: AnswerSearch,
  name: string,
): Promise<{ id: string; title: string } | null> {
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'u');
  const result = await index.search({ query: name, limit: nameSearchDepth });
  const counts = new Map<string, { title: string; count: number }>();
  for (const hit of result.hits) {
    if (!word.test(hit.text)) continue;
    const entry = counts.get(hit.paperId) ?? { title: hit.paperTitle, count: 0 };
    entry.count += 1;
    counts.set(hit.paperId, entry);
  }
  const [best] = [...counts].sort((a, b) => b[1].count - a[1].count);
  if (!best || best[1].count < minNameMentions) return null;
  return { id: best[0], title: best[1].title };
}

/** The paper a question (or hint) names, if any. */
export async function namedPaper(
  index: AnswerSearch,
  text: string,
): Promise<{ id: string; title: string } | null> {
  for (const name of namesIn(text)) {
    const found = (await paperByTitle(index, name)) ?? (await paperByMentions(index, name));
    if (found) return found;
  }
  return null;
}

export async function answerPaperQuestion(
  options: PaperQuestionOptions,
): Promise<PaperQuestionAnswer> {
  const { question, limit } = options;
  const { index } = options;
  const hint = options.paperHint?.trim() ?? '';
  const paper =
    (hint === '' ? null : ((await paperByTitle(index, hint)) ?? (await namedPaper(index, hint)))) ??
    (await namedPaper(index, question));
  const result = await index.search({
    query: question,
    limit,
    ...(paper ? { filter: { paperIds: [paper.id] } } : {}),
  });
  return { paper, hits: result.hits, clearAnswer: result.clearAnswer };
}
