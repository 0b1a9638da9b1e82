-- 0014: answer-search rows never keep a paper's old title. A frame's BM25F document in
-- frame_search (0013) holds the terms of its paper's title as one field, so retitling a paper (the
-- start-up title repair, or any UPDATE of papers.title) left the old title's terms searchable until
-- the paper was indexed again. The terms can only be analysed in the application, so this trigger
-- deletes the retitled paper's rows in the same transaction as the new title (its postings go by
-- cascade, the statistics by the 0013 delete trigger): the paper is then "missing from search", and
-- the existing catch-up (`quarry serve` at start, `quarry index`) writes its rows again with the
-- new title, reusing its stored vectors. Nothing else changes; the embedded backend leaves these
-- tables empty, so there the delete finds no rows.
CREATE FUNCTION search_rows_forget_retitled_paper() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The corpus row first, as every search writer locks it (0013): no deadlock on term rows.
  PERFORM 1 FROM search_corpus FOR UPDATE;
  DELETE FROM frame_search WHERE paper_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER papers_retitled_forget_search_rows AFTER UPDATE OF title ON papers
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION search_rows_forget_retitled_paper();
