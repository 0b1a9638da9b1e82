/**
 * @module What the Slack app needs of answer search, supplied by the server's composition root:
 * sentences answering a question across the indexed papers, and the same inside one paper named
 * by its id or title. Every sentence is a stored one.
 */
import type { Citation } from '@quarry/agent';

export interface SlackPaperSearch {
  /** `clearAnswer` false: the sentences are only the closest related ones (answer-clarity). */
  ask(options: {
    question: string;
    limit: number;
  }): Promise<{ sentences: Citation[]; clearAnswer: boolean }>;
  find(options: { paper: string; question: string; limit: number }): Promise<{
    paper: { id: string; title: string } | null;
    sentences: Citation[];
    clearAnswer: boolean;
  }>;
}
