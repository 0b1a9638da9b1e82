-- 0006: frames (Talk to Papers / SOCO, section 3): one per sentence, with its section, its
-- position, character offsets into papers.text and a context window (previous and next sentence).
CREATE TABLE frames (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  paper_id         text NOT NULL REFERENCES papers (id) ON DELETE CASCADE,
  section_index    integer NOT NULL,
  sentence_index   integer NOT NULL,
  -- The source's own sentence index (SciREX `sentences[i]`); the in-paper benchmark uses it.
  source_index     integer,
  text             text NOT NULL,
  char_start       integer NOT NULL,
  char_end         integer NOT NULL,
  page             integer,
  context_before   text NOT NULL DEFAULT '',
  context_after    text NOT NULL DEFAULT '',
  UNIQUE (paper_id, sentence_index)
);
