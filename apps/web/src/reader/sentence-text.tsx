/**
 * @module One sentence of the reader, as text: highlighted spans become <mark>s, nothing from the
 * paper is ever interpreted as markup.
 */
import type { ReactElement } from 'react';

export interface SentenceMark {
  start: number;
  end: number;
  current: boolean;
}

export function SentenceText({ text, marks }: { text: string; marks: SentenceMark[] }) {
  if (marks.length === 0) return <>{text}</>;
  const sorted = [...marks]
    .filter((mark) => mark.end > mark.start && mark.start >= 0 && mark.end <= text.length)
    .sort((a, b) => a.start - b.start);
  const pieces: ReactElement[] = [];
  let at = 0;
  for (const [index, mark] of sorted.entries()) {
    if (mark.start < at) continue;
    if (mark.start > at) pieces.push(<span key={`t${index}`}>{text.slice(at, mark.start)}</span>);
    pieces.push(
      <mark key={`m${index}`} className={mark.current ? 'current' : undefined}>
        {text.slice(mark.start, mark.end)}
      </mark>,
    );
    at = mark.end;
  }
  if (at < text.length) pieces.push(<span key="rest">{text.slice(at)}</span>);
  return <>{pieces}</>;
}
