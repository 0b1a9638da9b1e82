/**
 * @module Dataset: one entry of the catalog, with every structured field a source provides.
 */

/** `hf-hub`: a Hugging Face Hub dataset card (`quarry pull hub`). */
export const datasetSourceFormats = ['datafinder', 'pwc', 'pwc-csv', 'starter', 'hf-hub'] as const;
export type DatasetSourceFormat = (typeof datasetSourceFormats)[number];

export interface Dataset {
  /** Stable id: the source's id (DataFinder ids are dataset names). */
  id: string;
  name: string;
  fullName: string | null;
  description: string;
  /** Year the dataset was introduced; derived from `introducedDate` when missing. */
  year: number | null;
  introducedDate: string | null;
  modalities: string[];
  tasks: string[];
  languages: string[];
  variants: string[];
  paperTitle: string | null;
  paperUrl: string | null;
  homepage: string | null;
  numPapers: number | null;
  /** Free-text size, e.g. "70,000 images". */
  size: string | null;
  source: DatasetSourceFormat;
  /** Source fields with no column of their own, kept verbatim. */
  extra: Record<string, unknown>;
}

/**
 * A Dataset from the fields at hand, every other field empty (null, [] or {}); the name defaults
 * to the id. For hand-written records (starter entries, tests) that know only some fields.
 */
export function datasetWithDefaults(
  fields: Partial<Dataset> & Pick<Dataset, 'id' | 'description' | 'source'>,
): Dataset {
  return {
    name: fields.id,
    fullName: null,
    year: null,
    introducedDate: null,
    modalities: [],
    tasks: [],
    languages: [],
    variants: [],
    paperTitle: null,
    paperUrl: null,
    homepage: null,
    numPapers: null,
    size: null,
    extra: {},
    ...fields,
  };
}
