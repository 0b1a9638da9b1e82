-- 0009: user annotations: a question attached to a selected span of a paper.
CREATE TABLE annotations (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  paper_id         text NOT NULL REFERENCES papers (id) ON DELETE CASCADE,
  frame_id         integer NOT NULL REFERENCES frames (id) ON DELETE CASCADE,
  question_id      integer REFERENCES questions (id) ON DELETE SET NULL,
  question         text NOT NULL,
  char_start       integer NOT NULL,
  char_end         integer NOT NULL,
  answer_text      text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX annotations_paper_idx ON annotations (paper_id);
