-- 0007: dense vectors of frames, questions and datasets. The model id and dimension are stored
-- with every vector so two models are never mixed; HNSW indexes (cosine) are created per model
-- and dimension by the encoder at index time, as an expression index on embedding::vector(dim),
-- because pgvector can only index a column whose dimension is fixed.
CREATE TABLE vectors (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_kind       text NOT NULL CHECK (owner_kind IN ('frame', 'question', 'dataset')),
  owner_id         text NOT NULL,
  model            text NOT NULL,
  dim              integer NOT NULL,
  embedding        vector NOT NULL,
  UNIQUE (owner_kind, owner_id, model)
);

CREATE INDEX vectors_model_idx ON vectors (model, owner_kind);
