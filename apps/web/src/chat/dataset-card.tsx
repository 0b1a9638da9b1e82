/**
 * @module A recommended dataset: key facts, its homepage, introducing paper and licence, one line
 * on why it fits, and the sentences from papers that used it, each linking to the paper reader at
 * that sentence.
 */
import { DatasetLinks, linkFieldsOf } from '../datasets/dataset-links';
import type { DatasetCardData } from '../shared/api-types';
import { QuotedSentences } from '../shared/quoted-sentences';
import { Link } from '../shared/router';

function facts(card: DatasetCardData): string[] {
  return [
    card.year === null ? '' : String(card.year),
    card.modalities.join(', '),
    card.tasks.slice(0, 3).join(', '),
    card.languages.join(', '),
    card.size ?? '',
  ].filter((fact) => fact !== '');
}

export function DatasetCard({
  card,
  noPapersYet = false,
}: {
  card: DatasetCardData;
  /** The list already says once that no papers are indexed: no note on each card. */
  noPapersYet?: boolean;
}) {
  return (
    <article className="card dataset-card" aria-label={card.name}>
      <h3>
        <Link href={`/datasets/${encodeURIComponent(card.datasetId)}`}>{card.name}</Link>
        {card.fullName && card.fullName !== card.name ? (
          <span className="muted"> — {card.fullName}</span>
        ) : null}
      </h3>
      <p className="facts">{facts(card).join(' · ')}</p>
      <DatasetLinks fields={linkFieldsOf(card)} />
      <p className="why">{card.why}</p>
      {card.citations.length > 0 ? (
        <QuotedSentences sentences={card.citations} label={`Papers that used ${card.name}`} />
      ) : noPapersYet ? null : (
        <p className="muted">No sentence from an indexed paper mentions it yet.</p>
      )}
    </article>
  );
}
