/**
 * @module The token rows a BERT cross-encoder reads for (query, passage) pairs:
 * `[CLS] query [SEP] passage [SEP]`, token type 0 for the query part and 1 for the passage part,
 * padded with 0 to the longest row of the batch. The query keeps at most `maxQueryTokens` tokens
 * and the passage is cut so that a row never exceeds `maxLength`.
 */

export interface PairTokenIds {
  /** Token ids of the query, without special tokens. */
  query: readonly number[];
  /** Token ids of each passage, without special tokens. */
  passages: readonly (readonly number[])[];
}

export interface PairSpecialTokens {
  classify: number;
  separator: number;
}

export interface PairInputs {
  rows: number;
  sequenceLength: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  tokenTypeIds: BigInt64Array;
}

/** Special tokens a pair row adds: [CLS], and [SEP] after each part. */
const specialTokensPerPair = 3;

export function pairInputs(options: {
  ids: PairTokenIds;
  special: PairSpecialTokens;
  maxQueryTokens: number;
  maxLength: number;
}): PairInputs {
  const { ids, special } = options;
  const query = ids.query.slice(0, Math.max(1, options.maxQueryTokens));
  const passageRoom = Math.max(1, options.maxLength - specialTokensPerPair - query.length);
  const rows = ids.passages.map((passage) => [
    special.classify,
    ...query,
    special.separator,
    ...passage.slice(0, passageRoom),
    special.separator,
  ]);
  const queryPart = query.length + 2;
  const sequenceLength = Math.max(1, ...rows.map((row) => row.length));
  const cells = rows.length * sequenceLength;
  const inputIds = new BigInt64Array(cells);
  const attentionMask = new BigInt64Array(cells);
  const tokenTypeIds = new BigInt64Array(cells);
  rows.forEach((row, rowIndex) => {
    row.forEach((id, position) => {
      const cell = rowIndex * sequenceLength + position;
      inputIds[cell] = BigInt(id);
      attentionMask[cell] = 1n;
      tokenTypeIds[cell] = position < queryPart ? 0n : 1n;
    });
  });
  return { rows: rows.length, sequenceLength, inputIds, attentionMask, tokenTypeIds };
}
