/**
 * @module Browse the catalog (`/datasets`): filter by name, modality, task, language and year, sort
 * by best match (with a name), use (the default without one), year or name (all in the URL), with
 * the number of datasets each facet value would list, and page through; each dataset links to its
 * page, homepage and introducing paper.
 */
import type { ChangeEvent } from 'react';
import { withQuery } from '../shared/api';
import type { BrowseResult, FacetCount } from '../shared/api-types';
import { Link, navigate, useLocation } from '../shared/router';
import { ErrorMessage, Loading } from '../shared/status-message';
import { useJson } from '../shared/use-json';
import { DatasetLinks, linkFieldsOf } from './dataset-links';
import { SortSelect } from './datasets-sort';

/** Datasets per page. */
export const datasetPageSize = 24;
const filterNames = ['name', 'modality', 'task', 'language', 'year_max', 'sort'] as const;
type FilterName = (typeof filterNames)[number];

function FacetSelect(props: {
  label: string;
  name: FilterName;
  value: string;
  counts: FacetCount[];
  onChange: (name: FilterName, value: string) => void;
}) {
  // A value from the URL that is not among the counted ones (another spelling, e.g. "videos" for
  // "video", or a value past the most frequent) is still listed, without a count it does not have.
  const values: { value: string; count: number | null }[] =
    props.counts.some((count) => count.value === props.value) || props.value === ''
      ? props.counts
      : [{ value: props.value, count: null }, ...props.counts];
  return (
    <label>
      {props.label}
      <select
        value={props.value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          props.onChange(props.name, event.target.value)
        }
      >
        <option value="">Any</option>
        {values.map((count) => (
          <option key={count.value} value={count.value}>
            {count.count === null ? count.value : `${count.value} (${count.count})`}
          </option>
        ))}
      </select>
    </label>
  );
}

export function DatasetsPage() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const filters = Object.fromEntries(
    filterNames.map((name) => [name, params.get(name) ?? '']),
  ) as Record<FilterName, string>;
  const offset = Number(params.get('offset') ?? 0) || 0;
  const browse = useJson<BrowseResult>(
    withQuery('/api/datasets', { ...filters, offset, limit: datasetPageSize }),
  );

  const setFilter = (name: FilterName | 'offset', value: string) => {
    const next = new URLSearchParams(location.search);
    if (value === '') next.delete(name);
    else next.set(name, value);
    if (name !== 'offset') next.delete('offset');
    const search = next.toString();
    navigate(`/datasets${search ? `?${search}` : ''}`, { replace: name === 'name' });
  };
  const facets = browse.data?.facets;
  const total = browse.data?.total ?? 0;

  return (
    <div className="datasets-page">
      <h1>Datasets</h1>
      <form
        className="filters"
        role="search"
        aria-label="Filter datasets"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Name
          <input
            type="search"
            value={filters.name}
            onChange={(event) => setFilter('name', event.target.value)}
          />
        </label>
        <FacetSelect
          label="Modality"
          name="modality"
          value={filters.modality}
          counts={facets?.modalities ?? []}
          onChange={setFilter}
        />
        <FacetSelect
          label="Task"
          name="task"
          value={filters.task}
          counts={facets?.tasks ?? []}
          onChange={setFilter}
        />
        <FacetSelect
          label="Language"
          name="language"
          value={filters.language}
          counts={facets?.languages ?? []}
          onChange={setFilter}
        />
        <label>
          Introduced by
          <input
            type="number"
            min={1900}
            max={2100}
            value={filters.year_max}
            placeholder="year"
            onChange={(event) => setFilter('year_max', event.target.value)}
          />
        </label>
        <SortSelect
          name={filters.name}
          sort={filters.sort}
          onChange={(sort) => setFilter('sort', sort)}
        />
      </form>
      <ErrorMessage error={browse.error} />
      {browse.loading && !browse.data ? <Loading what="datasets" /> : null}
      {browse.data ? (
        <>
          <p role="status">
            {total} dataset{total === 1 ? '' : 's'}
          </p>
          <ul className="dataset-list">
            {browse.data.datasets.map((dataset) => (
              <li key={dataset.id} className="card">
                <h2>
                  <Link href={`/datasets/${encodeURIComponent(dataset.id)}`}>{dataset.name}</Link>
                </h2>
                <p className="facts">
                  {[
                    dataset.year ?? '',
                    dataset.modalities.join(', '),
                    dataset.tasks.slice(0, 3).join(', '),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="clamp">{dataset.description}</p>
                <DatasetLinks fields={linkFieldsOf(dataset)} />
              </li>
            ))}
          </ul>
          <nav className="pager" aria-label="Pages">
            <button
              type="button"
              disabled={offset === 0}
              onClick={() => setFilter('offset', String(Math.max(0, offset - datasetPageSize)))}
            >
              Previous page
            </button>
            <span>
              {total === 0 ? 0 : offset + 1}–{Math.min(total, offset + datasetPageSize)} of {total}
            </span>
            <button
              type="button"
              disabled={offset + datasetPageSize >= total}
              onClick={() => setFilter('offset', String(offset + datasetPageSize))}
            >
              Next page
            </button>
          </nav>
        </>
      ) : null}
    </div>
  );
}
