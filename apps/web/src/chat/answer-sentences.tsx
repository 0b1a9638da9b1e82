/**
 * @module Sentences from papers that answer a question asked in the chat, best first, each linking
 * to the paper reader at that sentence.
 */
import type { Citation } from '../shared/api-types';
import { Link, paperHref } from '../shared/router';

export function AnswerSentences({ answers }: { answers: Citation[] }) {
  return (
    <ol className="citations answer-sentences" aria-label="Answering sentences">
      {answers.map((answer) => (
        <li key={`${answer.paperId}-${answer.sentenceIndex}`}>
          <blockquote>
            <Link
              className="citation-link"
              href={paperHref(answer.paperId, { sentence: answer.sentenceIndex })}
            >
              “{answer.text}”
            </Link>
          </blockquote>
          <cite>{answer.paperTitle}</cite>
        </li>
      ))}
    </ol>
  );
}
