-- 0003: alternative names of a dataset (benchmark variants such as "SQuAD1.1"), with a normalised
-- form for matching dataset mentions in paper sentences.
CREATE TABLE dataset_variants (
  dataset_id       text NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  variant          text NOT NULL,
  normalized       text NOT NULL,
  PRIMARY KEY (dataset_id, variant)
);

CREATE INDEX dataset_variants_normalized_idx ON dataset_variants (normalized);
