/**
 * @module Sentences quoted from papers (citations on dataset cards and pages, answers in the chat):
 * each quote links to the paper reader at that sentence, with the paper's title under it and, for
 * a table row, caption or footnote, what it is.
 */
import type { Citation } from './api-types';
import { Link, paperHref } from './router';
import { sentenceKindLabel } from './sentence-kind';

export function QuotedSentences(props: {
  sentences: readonly Citation[];
  label: string;
  /** Numbered, for answers ranked best first. */
  ranked?: boolean;
}) {
  const items = props.sentences.map((sentence) => {
    const kind = sentenceKindLabel(sentence.sectionKind);
    return (
      <li key={`${sentence.paperId}-${sentence.sentenceIndex}`}>
        <blockquote>
          <Link
            className="citation-link"
            href={paperHref(sentence.paperId, { sentence: sentence.sentenceIndex })}
          >
            “{sentence.text}”
          </Link>
        </blockquote>
        <cite>{sentence.paperTitle}</cite>
        {kind ? <span className="sentence-kind"> · {kind}</span> : null}
      </li>
    );
  });
  return props.ranked ? (
    <ol className="citations" aria-label={props.label}>
      {items}
    </ol>
  ) : (
    <ul className="citations" aria-label={props.label}>
      {items}
    </ul>
  );
}
