/**
 * @module The datasets page's sort control: which order the list is in, read from the address.
 * Without a name to match, "Best match" would be name order, so it is offered only with a name;
 * without one the list is the most used datasets first, as the server orders it (browse-order.ts).
 */
import type { ChangeEvent } from 'react';
import type { BrowseSort } from '../shared/api-types';

const sortLabels: Record<BrowseSort, string> = {
  relevance: 'Best match',
  papers: 'Most used',
  year: 'Newest first',
  name: 'Name',
};

function isBrowseSort(value: string): value is BrowseSort {
  return Object.hasOwn(sortLabels, value);
}

/** The order the server lists in when the address names none: best match needs a name. */
export function defaultSort(name: string): BrowseSort {
  return name.trim() === '' ? 'papers' : 'relevance';
}

/** The order shown for the address's `name` and `sort` (an unknown or unusable sort: the default). */
export function shownSort(options: { name: string; sort: string }): BrowseSort {
  const sort = options.sort;
  if (!isBrowseSort(sort) || (sort === 'relevance' && options.name.trim() === ''))
    return defaultSort(options.name);
  return sort;
}

export function SortSelect(props: {
  name: string;
  sort: string;
  /** The sort to put in the address; '' for the default, which the address leaves out. */
  onChange: (sort: string) => void;
}) {
  const shown = shownSort(props);
  const offered = (Object.keys(sortLabels) as BrowseSort[]).filter(
    (sort) => sort !== 'relevance' || props.name.trim() !== '',
  );
  return (
    <label>
      Sort by
      <select
        value={shown}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          props.onChange(event.target.value === defaultSort(props.name) ? '' : event.target.value)
        }
      >
        {offered.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}
