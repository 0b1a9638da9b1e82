-- 0015: Slack deliveries already handled, shared by every server process on the database. Slack
-- retries an event it thinks was not received, and under `quarry serve --workers N` (or N
-- processes behind a proxy) the retry can reach another process than the first delivery: one row
-- per delivery key (event id, slash-command trigger, action) makes "first time?" a single
-- INSERT … ON CONFLICT that every process agrees on. Rows older than the time to live are
-- forgotten (seen_at index).
CREATE TABLE slack_deliveries (
  delivery_key text PRIMARY KEY,
  seen_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX slack_deliveries_seen_at_idx ON slack_deliveries (seen_at);
