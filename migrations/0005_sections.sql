-- 0005: sections of a paper, in order.
CREATE TABLE sections (
  paper_id         text NOT NULL REFERENCES papers (id) ON DELETE CASCADE,
  section_index    integer NOT NULL,
  title            text NOT NULL,
  PRIMARY KEY (paper_id, section_index)
);
