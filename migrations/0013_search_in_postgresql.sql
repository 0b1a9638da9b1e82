-- 0013: answer search served by PostgreSQL (docs/decisions/0006-search-in-postgresql.md). The
-- database is the index: a frame's BM25F data (its analysed terms with per-field frequencies and
-- field lengths) sits in frame_search, an impact-ordered postings table gives BM25 candidates, and
-- the corpus statistics BM25 needs (document frequencies, total field lengths) are kept up to date
-- by statement triggers on every insert and delete, so adding or removing a paper changes only that
-- paper's rows plus one counter per term it holds. Dense candidates come from the HNSW indexes on
-- `vectors` (0007). Only the PostgreSQL search backend writes these tables; the embedded backend
-- keeps its index in memory and leaves them empty.

-- One row per distinct analysed term; frame_count is its document frequency over frame_search.
CREATE TABLE search_terms (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  term             text NOT NULL UNIQUE,
  frame_count      integer NOT NULL DEFAULT 0
);

-- A single row: how many frames are indexed and the total length of each BM25F field.
CREATE TABLE search_corpus (
  singleton        boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  frame_count      bigint NOT NULL DEFAULT 0,
  sentence_length  bigint NOT NULL DEFAULT 0,
  context_length   bigint NOT NULL DEFAULT 0,
  title_length     bigint NOT NULL DEFAULT 0
);
INSERT INTO search_corpus DEFAULT VALUES;

-- Every frame's BM25F document: `terms` are distinct term ids, the *_tf arrays their frequencies in
-- each field, aligned with `terms`. `answerable` is false for headings and fragments, which count
-- in the statistics but are never returned by question search.
CREATE TABLE frame_search (
  frame_id         integer PRIMARY KEY REFERENCES frames (id) ON DELETE CASCADE,
  paper_id         text NOT NULL,
  answerable       boolean NOT NULL,
  sentence_length  integer NOT NULL,
  context_length   integer NOT NULL,
  title_length     integer NOT NULL,
  terms            integer[] NOT NULL,
  sentence_tf      smallint[] NOT NULL,
  context_tf       smallint[] NOT NULL,
  title_tf         smallint[] NOT NULL
);
CREATE INDEX frame_search_paper_idx ON frame_search (paper_id);

-- BM25 candidates: one posting per answerable frame and term of its sentence or title field, with
-- the term's BM25F saturation (tf / (k1 + tf)) at write time as its impact; a query takes the
-- highest-impact postings of each of its terms. Exact scores come from frame_search.
CREATE TABLE search_postings (
  term_id          integer NOT NULL,
  frame_id         integer NOT NULL REFERENCES frame_search (frame_id) ON DELETE CASCADE,
  impact           real NOT NULL
);
CREATE INDEX search_postings_term_impact_idx ON search_postings (term_id, impact DESC) INCLUDE (frame_id);
CREATE INDEX search_postings_frame_idx ON search_postings (frame_id);

-- Statistics follow inserts and deletes. The corpus row is locked first, so concurrent writers
-- queue there and never take term locks in different orders.
CREATE FUNCTION search_statistics_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_corpus SET
    frame_count = frame_count + (SELECT count(*) FROM changed_rows),
    sentence_length = sentence_length + (SELECT coalesce(sum(sentence_length), 0) FROM changed_rows),
    context_length = context_length + (SELECT coalesce(sum(context_length), 0) FROM changed_rows),
    title_length = title_length + (SELECT coalesce(sum(title_length), 0) FROM changed_rows);
  UPDATE search_terms AS t SET frame_count = t.frame_count + d.frames
  FROM (SELECT term_id, count(*) AS frames FROM changed_rows, unnest(changed_rows.terms) AS term_id
        GROUP BY term_id) AS d
  WHERE t.id = d.term_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION search_statistics_forget() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_corpus SET
    frame_count = frame_count - (SELECT count(*) FROM changed_rows),
    sentence_length = sentence_length - (SELECT coalesce(sum(sentence_length), 0) FROM changed_rows),
    context_length = context_length - (SELECT coalesce(sum(context_length), 0) FROM changed_rows),
    title_length = title_length - (SELECT coalesce(sum(title_length), 0) FROM changed_rows);
  UPDATE search_terms AS t SET frame_count = t.frame_count - d.frames
  FROM (SELECT term_id, count(*) AS frames FROM changed_rows, unnest(changed_rows.terms) AS term_id
        GROUP BY term_id) AS d
  WHERE t.id = d.term_id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER frame_search_added AFTER INSERT ON frame_search
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_statistics_follow();

CREATE TRIGGER frame_search_removed AFTER DELETE ON frame_search
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_statistics_forget();
