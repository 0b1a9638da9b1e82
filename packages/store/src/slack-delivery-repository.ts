/**
 * @module Slack deliveries already handled (migrations/0015), shared by every server process on the
 * database, so a retried Slack event is answered once whichever process receives it.
 */
import type { SqlClient } from './sql-client.js';

export interface SlackDeliveryRepository {
  /**
   * Records `key`; true when no process recorded it within the last `ttlMs` (the first delivery),
   * false for a repeat. Records older than `ttlMs` are forgotten.
   */
  firstTime(key: string, ttlMs: number): Promise<boolean>;
}

export function createSlackDeliveryRepository(client: SqlClient): SlackDeliveryRepository {
  return {
    async firstTime(key, ttlMs) {
      const seconds = ttlMs / 1000;
      await client.query(
        `DELETE FROM slack_deliveries WHERE seen_at < now() - make_interval(secs => $1)`,
        [seconds],
      );
      // A row comes back when the key is new, or when its record has expired and is renewed.
      const { rows } = await client.query(
        `INSERT INTO slack_deliveries (delivery_key) VALUES ($1)
         ON CONFLICT (delivery_key) DO UPDATE SET seen_at = now()
           WHERE slack_deliveries.seen_at < now() - make_interval(secs => $2)
         RETURNING delivery_key`,
        [key, seconds],
      );
      return rows.length > 0;
    },
  };
}
