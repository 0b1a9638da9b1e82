-- 0017: what each section of a paper is (docs/decisions/0015-section-roles.md). `kind` is how the
-- section sits in the paper's layout (core SectionKind: body, front-matter, caption, footnote,
-- references, table); `role` is what part of the paper it is, read from the headings (core
-- section-role.ts: method, experiments, results, limitations, related-work, ...). Both search
-- backends read them with a frame's section title (the join they already make), to prefer the
-- paper's own work over its account of other papers and over captions. Until now the kinds other
-- than body were kept only in papers.extra.sectionKinds; they are copied here. `role` stays NULL for
-- sections stored before this migration: readers then classify the section's heading alone.
ALTER TABLE sections ADD COLUMN kind text NOT NULL DEFAULT 'body';
ALTER TABLE sections ADD COLUMN role text;

UPDATE sections AS s SET kind = p.extra -> 'sectionKinds' ->> s.section_index::text
FROM papers AS p
WHERE p.id = s.paper_id AND p.extra -> 'sectionKinds' ? s.section_index::text;
