-- 0001: pgvector, for dense vectors and HNSW indexes (https://github.com/pgvector/pgvector).
CREATE EXTENSION IF NOT EXISTS vector;
