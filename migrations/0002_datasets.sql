-- 0002: the dataset catalog. One row per dataset id; every structured field a source gives is
-- kept, and fields without a column of their own are kept verbatim in `extra`.
CREATE TABLE datasets (
  id               text PRIMARY KEY,
  name             text NOT NULL,
  full_name        text,
  description      text NOT NULL DEFAULT '',
  year             integer,
  introduced_date  text,
  modalities       text[] NOT NULL DEFAULT '{}',
  tasks            text[] NOT NULL DEFAULT '{}',
  languages        text[] NOT NULL DEFAULT '{}',
  paper_title      text,
  paper_url        text,
  homepage         text,
  num_papers       integer,
  size             text,
  source           text NOT NULL,
  extra            jsonb NOT NULL DEFAULT '{}',
  -- sha256 of the normalised record: re-ingesting identical content changes nothing.
  content_hash     text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX datasets_year_idx ON datasets (year);
