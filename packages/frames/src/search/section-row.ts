/**
 * @module A frame row's section kind and role as the PostgreSQL backend reads them (the `sections`
 * columns of migrations/0017, selected as `section_kind` and `section_role` beside
 * `section_title`). A section stored before roles were has none: its heading is classified alone.
 */
import { sectionLabelsOf } from '@quarry/core';
import type { SectionKind, SectionRole } from '@quarry/core';

export function sectionLabelsFromRow(row: Record<string, unknown>): {
  sectionKind: SectionKind;
  sectionRole: SectionRole;
} {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const labels = sectionLabelsOf({
    title: text(row.section_title) ?? '',
    kind: text(row.section_kind),
    role: text(row.section_role),
  });
  return { sectionKind: labels.kind, sectionRole: labels.role };
}
