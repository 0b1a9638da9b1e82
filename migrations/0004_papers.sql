-- 0004: papers. `text` is the paper's assembled text; frame offsets point into it.
CREATE TABLE papers (
  id               text PRIMARY KEY,
  title            text NOT NULL,
  abstract         text,
  year             integer,
  authors          text[] NOT NULL DEFAULT '{}',
  url              text,
  source           text NOT NULL,
  source_path      text,
  text             text NOT NULL,
  extra            jsonb NOT NULL DEFAULT '{}',
  content_hash     text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
