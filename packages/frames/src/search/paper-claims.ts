/**
 * @module Batches of papers claimed in PostgreSQL, so several `quarry index` processes (on one
 * machine or many) share one (re-)index: each batch is claimed with transaction-level advisory
 * locks, one per paper, taken with `pg_try_advisory_xact_lock` (a paper another process holds is
 * skipped, as `FOR UPDATE SKIP LOCKED` skips a locked row), and held while the batch is read,
 * embedded and written. A process that dies loses its connection and with it its locks, so its
 * papers are claimed again by whoever asks next; a paper finished by another process since the
 * list was read is dropped after the claim (it no longer needs work).
 */
import type { SqlExecutor } from '@quarry/store';
import type { Store } from '@quarry/store';

/** The first key of every claim lock: "QIDX". */
const claimNamespace = 0x51494458;

export interface ClaimedBatch {
  paperIds: string[];
  /** Ends the claim (commits the holding transaction); the batch's rows must be written before. */
  release(): Promise<void>;
}

export interface PaperClaimer {
  /** The next batch of at most `size` papers nobody else holds, or null when none is left. */
  next(size: number): Promise<ClaimedBatch | null>;
}

/**
 * Claims from `candidates` (papers that needed work when read) those that `stillNeedsWork`
 * confirms once claimed.
 */
export function createPaperClaimer(options: {
  store: Store;
  candidates: readonly string[];
  stillNeedsWork: (paperIds: readonly string[]) => Promise<string[]>;
}): PaperClaimer {
  const { store } = options;
  const remaining = [...options.candidates];
  return {
    async next(size) {
      while (remaining.length > 0) {
        const batch = await claimOnce(store, remaining, size);
        if (batch === null) return null;
        const needed = new Set(await options.stillNeedsWork(batch.paperIds));
        if (needed.size === batch.paperIds.length) return batch;
        if (needed.size > 0) {
          return { ...batch, paperIds: batch.paperIds.filter((id) => needed.has(id)) };
        }
        await batch.release();
      }
      return null;
    },
  };
}

/** Claims up to `size` of `remaining` (removing from it every paper it tried), or null if none. */
async function claimOnce(
  store: Store,
  remaining: string[],
  size: number,
): Promise<ClaimedBatch | null> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reportClaimed: (paperIds: string[]) => void = () => undefined;
  let reportFailure: (error: unknown) => void = () => undefined;
  const claimed = new Promise<string[]>((resolve, reject) => {
    reportClaimed = resolve;
    reportFailure = reject;
  });
  const holding = store.client
    .transaction(async (transaction) => {
      const paperIds = await lockPapers(transaction, remaining, size);
      reportClaimed(paperIds);
      // Nothing claimed: end the transaction at once.
      if (paperIds.length > 0) await released;
    })
    .catch((error: unknown) => {
      reportFailure(error);
      throw error;
    });
  // Awaited by release (or below); this handler only keeps an early failure from going unhandled.
  holding.catch(() => undefined);
  const paperIds = await claimed;
  if (paperIds.length === 0) {
    await holding;
    return null;
  }
  return {
    paperIds,
    release: async () => {
      release();
      await holding;
    },
  };
}

async function lockPapers(
  transaction: SqlExecutor,
  remaining: string[],
  size: number,
): Promise<string[]> {
  const paperIds: string[] = [];
  while (remaining.length > 0 && paperIds.length < size) {
    const paperId = remaining.shift()!;
    const { rows } = await transaction.query<{ claimed: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1::int, hashtext($2)) AS claimed',
      [claimNamespace, paperId],
    );
    if (rows[0]?.claimed === true) paperIds.push(paperId);
  }
  return paperIds;
}
