/**
 * @module What an idempotent write did to one record.
 */
export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged';
