/**
 * @module The `quarry pull` settings (where downloads go, the Hub and arXiv addresses, each source's
 * rate and retry limits), derived from the validated environment values settings.ts reads.
 */

/** One source's HTTP limits (see @quarry/ingest createPullHttpClient). */
export interface PullSourceLimits {
  minIntervalMs: number;
  maxRetries: number;
  maxRetryWaitMs: number;
  requestTimeoutMs: number;
}

export interface PullSettings {
  /** Downloads and checkpoints of unfinished pulls. */
  folder: string;
  /** The Hugging Face Hub (the archive's files and /api/datasets). */
  hubEndpoint: string;
  /** The Papers with Code archive: a dataset repository on the Hub and its catalog file. */
  archiveRepository: string;
  archiveFile: string;
  arxivApiUrl: string;
  arxivPdfUrl: string;
  hubLimits: PullSourceLimits;
  arxivLimits: PullSourceLimits;
  /** Largest download (archive file or PDF), in bytes. */
  maxFileBytes: number;
  /** Datasets asked for per Hub page. */
  hubPageSize: number;
  /** arXiv ids per metadata request. */
  arxivBatchSize: number;
}

/** The validated environment values the pull settings come from. */
export interface PullSettingValues {
  QUARRY_PULL_RETRIES: number;
  QUARRY_PULL_MAX_RETRY_WAIT_MS: number;
  QUARRY_PULL_TIMEOUT_MS: number;
  QUARRY_PULL_FOLDER: string;
  QUARRY_HUB_URL: string;
  QUARRY_PWC_ARCHIVE_REPO: string;
  QUARRY_PWC_ARCHIVE_FILE: string;
  QUARRY_ARXIV_API_URL: string;
  QUARRY_ARXIV_PDF_URL: string;
  QUARRY_HUB_INTERVAL_MS: number;
  QUARRY_ARXIV_INTERVAL_MS: number;
  QUARRY_PULL_MAX_FILE_BYTES: number;
  QUARRY_HUB_PAGE_SIZE: number;
  QUARRY_ARXIV_BATCH_SIZE: number;
}

export function pullSettings(values: PullSettingValues): PullSettings {
  const limits = (minIntervalMs: number): PullSourceLimits => ({
    minIntervalMs,
    maxRetries: values.QUARRY_PULL_RETRIES,
    maxRetryWaitMs: values.QUARRY_PULL_MAX_RETRY_WAIT_MS,
    requestTimeoutMs: values.QUARRY_PULL_TIMEOUT_MS,
  });
  return {
    folder: values.QUARRY_PULL_FOLDER,
    // One Hub address for models and for pulls.
    hubEndpoint: values.QUARRY_HUB_URL,
    archiveRepository: values.QUARRY_PWC_ARCHIVE_REPO,
    archiveFile: values.QUARRY_PWC_ARCHIVE_FILE,
    arxivApiUrl: values.QUARRY_ARXIV_API_URL,
    arxivPdfUrl: values.QUARRY_ARXIV_PDF_URL,
    hubLimits: limits(values.QUARRY_HUB_INTERVAL_MS),
    arxivLimits: limits(values.QUARRY_ARXIV_INTERVAL_MS),
    maxFileBytes: values.QUARRY_PULL_MAX_FILE_BYTES,
    hubPageSize: values.QUARRY_HUB_PAGE_SIZE,
    arxivBatchSize: values.QUARRY_ARXIV_BATCH_SIZE,
  };
}
