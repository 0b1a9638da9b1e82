/**
 * @module The reply to a question about papers: the sentences that answer it, presented as
 * answers only when the best one matches the question closely, otherwise as related sentences;
 * a question naming a paper that is not indexed says so and offers the closest indexed papers.
 */
import type { AgentReply, Citation } from './agent-reply.js';
import type { MessageIntent } from './message-intent.js';

/** Answers questions about papers with stored sentences, scoped to the paper a question names. */
export interface PaperAnswerSource {
  answer(options: {
    question: string;
    /** Words naming the paper to search in ("find X in <paper>"). */
    paperHint?: string;
    limit: number;
  }): Promise<{
    paperTitle: string | null;
    answers: Citation[];
    /** The search's own word on whether the best sentence clearly answers; else relevance decides. */
    clearAnswer?: boolean;
    /** How many papers could be searched, when no sentence came back (0: none is indexed). */
    indexedPapers?: number;
  }>;
}

export interface PaperAnswerSettings {
  /** Sentences quoted in answer to a question about papers. */
  answersPerQuestion: number;
  /** Below this relevance of the best sentence, sentences are shown as related, not answers. */
  answerMinRelevance: number;
  /** Indexed papers offered instead when a question names a paper that is not indexed. */
  closestPapersOffered: number;
}

/** "what loss does the DeepLab paper use?" -> "DeepLab": a name right before "paper". */
export function paperNamedIn(question: string): string | null {
  const match =
    /\b(?:the\s+)?(\p{Lu}[\p{L}\p{N}-]*(?:\s+(?:v?\d+|\p{Lu}[\p{L}\p{N}-]*))?)\s+paper\b/u.exec(
      question,
    );
  return match?.[1] ?? null;
}

function quotedList(titles: readonly string[]): string {
  return titles.map((title) => `“${title}”`).join(', ');
}

export async function answerFromPapers(options: {
  source: PaperAnswerSource;
  intent: Exclude<MessageIntent, { kind: 'dataset-request' }>;
  /** Sentences said before the reply (a shortened message, for example). */
  notes: readonly string[];
  settings: PaperAnswerSettings;
}): Promise<AgentReply> {
  const { source, intent, notes, settings } = options;
  const limit = settings.answersPerQuestion;
  const { paperTitle, answers, clearAnswer, indexedPapers } = await source.answer(
    intent.kind === 'find-in-paper'
      ? { question: intent.query, paperHint: intent.paper, limit }
      : { question: intent.question, limit },
  );
  const question = intent.kind === 'find-in-paper' ? intent.query : intent.question;
  const namedPaper =
    intent.kind === 'find-in-paper' ? intent.paper : (paperNamedIn(question) ?? null);
  if (paperTitle === null && namedPaper !== null) {
    // The paper the question names is not indexed: say so, and show other papers' sentences
    // only as related ones, never as its answer.
    const missing = `The ${namedPaper} paper is not among the indexed papers.`;
    if (answers.length === 0) return { kind: 'notice', text: [...notes, missing].join(' ') };
    const closest = [...new Set(answers.map((answer) => answer.paperTitle))].slice(
      0,
      settings.closestPapersOffered,
    );
    const one = closest.length === 1;
    return {
      kind: 'answer',
      text: [
        ...notes,
        missing,
        `The closest indexed ${one ? 'paper is' : 'papers are'} ${quotedList(closest)}; related sentences from ${one ? 'it' : 'them'}:`,
      ].join(' '),
      answers,
    };
  }
  if (answers.length === 0) {
    const none =
      indexedPapers === 0
        ? 'No papers are indexed yet, so no sentence can answer that: add papers, then ask again.'
        : 'No sentence in the indexed papers answers that.';
    return { kind: 'notice', text: [...notes, none].join(' ') };
  }
  const where = paperTitle ? `In “${paperTitle}”` : 'In the indexed papers';
  const best = answers[0]?.relevance;
  const unclear =
    clearAnswer === undefined
      ? best !== undefined && best < settings.answerMinRelevance
      : !clearAnswer;
  const lead = unclear
    ? `${where}, no sentence clearly answers that; the closest related ${answers.length === 1 ? 'sentence is' : 'sentences are'}:`
    : answers.length === 1
      ? `${where}, this sentence answers it:`
      : `${where}, these sentences answer it, best first:`;
  return { kind: 'answer', text: [...notes, lead].join(' '), answers };
}
