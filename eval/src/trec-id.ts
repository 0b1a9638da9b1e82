/**
 * @module TREC ids: trec_eval splits lines on whitespace, so a query or document id with spaces is
 * written with `_` instead (the DataFinder qrels do this for both). Every id that goes into a run
 * file or is compared with a qrels id passes through `toTrecId` once.
 */

/** `"Penn Treebank"` -> `"Penn_Treebank"`; runs of whitespace become one `_`, ends are trimmed. */
export function toTrecId(id: string): string {
  return id.trim().split(/\s+/u).join('_');
}
