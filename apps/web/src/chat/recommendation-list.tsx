/**
 * @module The dataset cards of one recommendation: the first five, then "Show more" for the next
 * ones the reply carries, and the list's export as BibTeX (introducing papers) or CSV. While no paper
 * is indexed, one note above the cards says so and how to add some, instead of a note on each card.
 */
import { useState } from 'react';
import { HowToAddPapers } from '../papers/how-to-add-papers';
import type { DatasetCardData } from '../shared/api-types';
import { useJson } from '../shared/use-json';
import { DatasetCard } from './dataset-card';
import {
  downloadText,
  recommendationsAsBibtex,
  recommendationsAsCsv,
} from './recommendation-export';

export function RecommendationList(props: {
  datasets: DatasetCardData[];
  more?: DatasetCardData[];
}) {
  const [showMore, setShowMore] = useState(false);
  const more = props.more ?? [];
  const shown = showMore ? [...props.datasets, ...more] : props.datasets;
  const fileName = `quarry-datasets-${new Date().toISOString().slice(0, 10)}`;
  const uncited = shown.every((card) => card.citations.length === 0);
  const health = useJson<{ papers: number }>(uncited ? '/api/health' : null);
  const noPapersYet = uncited && health.data?.papers === 0;
  return (
    <div className="recommendation">
      {noPapersYet ? (
        <div className="card no-papers-note">
          <p>
            No papers are indexed yet, so these cards quote no sentence from a paper that used the
            dataset. Add papers and the cards cite them:
          </p>
          <HowToAddPapers />
        </div>
      ) : null}
      <div className="cards">
        {shown.map((card) => (
          <DatasetCard key={card.datasetId} card={card} noPapersYet={noPapersYet} />
        ))}
      </div>
      <div className="recommendation-actions">
        {more.length > 0 && !showMore ? (
          <button type="button" className="secondary" onClick={() => setShowMore(true)}>
            Show {more.length} more
          </button>
        ) : null}
        <button
          type="button"
          className="secondary"
          onClick={() =>
            downloadText({
              text: recommendationsAsBibtex(shown),
              name: `${fileName}.bib`,
              type: 'application/x-bibtex;charset=utf-8',
            })
          }
        >
          Export BibTeX
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            downloadText({
              text: recommendationsAsCsv(shown, window.location.origin),
              name: `${fileName}.csv`,
              type: 'text/csv;charset=utf-8',
            })
          }
        >
          Export CSV
        </button>
      </div>
    </div>
  );
}
