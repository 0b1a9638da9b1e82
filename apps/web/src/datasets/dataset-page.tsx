/**
 * @module One dataset (`/datasets/:id`): its facts (with links to its homepage and introducing
 * paper, and its licence) and the sentences from indexed papers that use it, each linking to the
 * reader at that sentence.
 */
import type { ReactNode } from 'react';
import type { Dataset, DatasetCitation } from '../shared/api-types';
import { QuotedSentences } from '../shared/quoted-sentences';
import { ErrorMessage, Loading } from '../shared/status-message';
import { useJson } from '../shared/use-json';
import { IntroducingPaper, httpUrl, linkFieldsOf } from './dataset-links';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export function DatasetPage({ datasetId }: { datasetId: string }) {
  const path = `/api/datasets/${encodeURIComponent(datasetId)}`;
  const dataset = useJson<Dataset>(path);
  const citations = useJson<{ indexReady: boolean; citations: DatasetCitation[] }>(
    `${path}/citations?limit=10`,
  );
  if (dataset.error) return <ErrorMessage error={`Cannot open this dataset: ${dataset.error}`} />;
  if (!dataset.data) return <Loading what="the dataset" />;
  const { data } = dataset;
  const links = linkFieldsOf(data);
  const homepage = httpUrl(data.homepage);
  return (
    <div className="dataset-page">
      <h1>{data.name}</h1>
      {data.fullName && data.fullName !== data.name ? (
        <p className="muted">{data.fullName}</p>
      ) : null}
      <p>{data.description}</p>
      <dl className="facts-list">
        <Fact label="Introduced" value={data.year} />
        <Fact label="Modalities" value={data.modalities.join(', ')} />
        <Fact label="Tasks" value={data.tasks.join(', ')} />
        <Fact label="Languages" value={data.languages.join(', ')} />
        <Fact label="Size" value={data.size} />
        <Fact
          label="Also known as"
          value={data.variants.filter((variant) => variant !== data.name).join(', ')}
        />
        <Fact
          label="Introduced in"
          value={
            links.paperTitle || httpUrl(links.paperUrl) ? <IntroducingPaper fields={links} /> : null
          }
        />
        <Fact label="Papers using it" value={data.numPapers} />
        <Fact label="Licence" value={links.license ?? null} />
        <Fact
          label="Homepage"
          value={
            homepage ? (
              <a href={homepage} rel="noreferrer noopener" target="_blank">
                {new URL(homepage).host}
              </a>
            ) : null
          }
        />
      </dl>
      <h2>Sentences from papers that use it</h2>
      <ErrorMessage error={citations.error} />
      {citations.data ? (
        citations.data.citations.length === 0 ? (
          <p className="muted">
            {citations.data.indexReady
              ? 'No indexed paper mentions it yet.'
              : 'The paper index is still loading.'}
          </p>
        ) : (
          <QuotedSentences
            sentences={citations.data.citations}
            label={`Papers that use ${data.name}`}
          />
        )
      ) : null}
    </div>
  );
}
