-- 0011: vectors never outlive their owners. `vectors.owner_id` is polymorphic (a frame, question
-- or dataset id, by owner_kind), so no foreign key can cascade: replacing or deleting a paper
-- deleted its frames and (by cascade) their questions, but left their vectors behind. These
-- statement-level triggers delete the vectors of every deleted owner in the same transaction,
-- cascaded deletes included, through the UNIQUE (owner_kind, owner_id, model) index.
CREATE FUNCTION delete_vectors_of_deleted_owners() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vectors
  WHERE owner_kind = TG_ARGV[0]
    AND owner_id IN (SELECT deleted.id::text FROM deleted_owners AS deleted);
  RETURN NULL;
END;
$$;

CREATE TRIGGER frames_delete_vectors AFTER DELETE ON frames
  REFERENCING OLD TABLE AS deleted_owners
  FOR EACH STATEMENT EXECUTE FUNCTION delete_vectors_of_deleted_owners('frame');

CREATE TRIGGER questions_delete_vectors AFTER DELETE ON questions
  REFERENCING OLD TABLE AS deleted_owners
  FOR EACH STATEMENT EXECUTE FUNCTION delete_vectors_of_deleted_owners('question');

CREATE TRIGGER datasets_delete_vectors AFTER DELETE ON datasets
  REFERENCING OLD TABLE AS deleted_owners
  FOR EACH STATEMENT EXECUTE FUNCTION delete_vectors_of_deleted_owners('dataset');

-- The vectors that earlier replacements and deletions left behind.
DELETE FROM vectors AS v WHERE v.owner_kind = 'frame'
  AND NOT EXISTS (SELECT 1 FROM frames AS f WHERE f.id::text = v.owner_id);
DELETE FROM vectors AS v WHERE v.owner_kind = 'question'
  AND NOT EXISTS (SELECT 1 FROM questions AS q WHERE q.id::text = v.owner_id);
DELETE FROM vectors AS v WHERE v.owner_kind = 'dataset'
  AND NOT EXISTS (SELECT 1 FROM datasets AS d WHERE d.id = v.owner_id);
