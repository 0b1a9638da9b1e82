/**
 * @module Progress events of an ingest, for a progress bar or a log.
 */
export interface IngestProgress {
  /** Records (datasets) or files (papers) handled so far. */
  done: number;
  /** Total when known in advance (papers: the number of files). */
  total: number | null;
  /** What is being handled now. */
  current: string;
  errors: number;
}

export type IngestProgressListener = (progress: IngestProgress) => void;
