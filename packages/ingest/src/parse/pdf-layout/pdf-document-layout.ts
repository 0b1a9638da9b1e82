/**
 * @module The layout of a whole PDF paper from its pages' text items: lines rebuilt (pdf-lines.ts),
 * page furniture taken out (page-furniture.ts), columns read in order (column-order.ts), each line
 * given a role (line-roles.ts), then sections of paragraphs assembled:
 *
 * - front matter: the title (the largest type at the top of page 1) and what follows it up to the
 *   first heading (authors, affiliations), a `front-matter` section;
 * - the abstract, under its heading ("Abstract", "ABSTRACT", "Abstract—We …"), a `body` section;
 * - body sections under their headings, paragraphs ending at a wider gap, an indented first line,
 *   a short line ending a sentence, or a list item; a paragraph runs on across a column or page
 *   break and over the captions, figures and footnotes between its lines;
 * - the bibliography, from a "References" heading up to an appendix heading, a `references`
 *   section of one paragraph per entry;
 * - after the body: one `caption` section per figure or table caption (titled "Figure 3") and one
 *   `footnote` section of the footnotes, then one `table` section per table found next to a
 *   "Table N" caption (table-regions.ts), one sentence per row (table-rows.ts). Figure text and
 *   page furniture are left out, and table rows never enter the running text or make a heading.
 *
 * Lines are made readable (readable-text.ts) and joined into running text with line-end hyphens
 * repaired (line-end-hyphenation.ts, in the drafts of section-drafts.ts), so no sentence holds a
 * newline or a broken word.
 */
import { collectHyphenationEvidence, joinWrappedLine } from '../line-end-hyphenation.js';
import type { ParagraphSection } from '../paper-text-builder.js';
import type { PageBox, PositionedText } from '../pdf-text-extraction.js';
import { headingOfLine } from '../plain-text-layout.js';
import { readableText } from '../readable-text.js';
import { orderPageLines } from './column-order.js';
import type { PlacedLine } from './column-order.js';
import { assignLineRoles, captionLabelOf } from './line-roles.js';
import type { RoledLine } from './line-roles.js';
import { withoutPageFurniture } from './page-furniture.js';
import { authorsFromFrontMatter, isListOfNames } from './front-matter-authors.js';
import { columnKey, fontKey, measureColumnEdges, measureTypography } from './page-geometry.js';
import type { Typography } from './page-geometry.js';
import { linesOfPdfPage } from './pdf-lines.js';
import { sentenceEndPattern, startsBodyParagraph } from './paragraph-starts.js';
import { runInLabelOf } from './run-in-labels.js';
import { BlockCollector, SectionAssembler } from './section-drafts.js';
import type { ParagraphDraft, SectionDraft } from './section-drafts.js';
import { findTableRegions } from './table-regions.js';
import { tableOfRegion } from './table-rows.js';
import type { TableLayout } from './table-rows.js';

export interface PdfLayout {
  /** The title read from the page (the largest type at the top of page 1), or ''. */
  title: string;
  /** Author names read from the lines under the title (front-matter-authors.ts); may be []. */
  authors: string[];
  abstract: string | null;
  sections: ParagraphSection[];
  /** The tables found (table-regions.ts), in the order of their `table` sections. */
  tables: TableLayout[];
}

const abstractRunInPattern = /^abstract\s*[-—–:.]\s*/iu;
const referencesHeadingPattern =
  /^(?:(?:\d+|[IVXLC]+)\.?\s+)?(?:references|bibliography|literature cited|works cited|reference list)\s*$/iu;
/** A heading after the references that ends them: an appendix or supplementary material. */
const afterReferencesHeadingPattern =
  /^(?:appendix|appendices|supplementary|supplemental|[A-Z](?:\.\d+)*\.?\s+\p{Lu}|(?:\d+|[IVXLC]+)\.?\s+\p{Lu})/u;
const referenceEntryStartPattern = /^(?:\[\d{1,3}\]|\d{1,3}\.\s)/u;

/** Lines of every page in reading order, furniture taken out, text made readable. */
function readingOrderLines(options: {
  pages: readonly (readonly PositionedText[])[];
  boxes: readonly PageBox[];
}): PlacedLine[] {
  const rawLines = options.pages.flatMap((items, position) =>
    linesOfPdfPage({ items, page: position + 1 }),
  );
  const lines = withoutPageFurniture({ lines: rawLines, boxes: options.boxes });
  const ordered: PlacedLine[] = [];
  options.pages.forEach((_, position) => {
    const page = position + 1;
    const box = options.boxes[position] ?? { left: 0, bottom: 0, right: 612, top: 792 };
    const firstRun = (ordered[ordered.length - 1]?.run ?? -1) + 1;
    ordered.push(
      ...orderPageLines({ lines: lines.filter((line) => line.page === page), box, firstRun }),
    );
  });
  return ordered
    .map((line) => ({ ...line, text: readableText(line.text) }))
    .filter((line) => line.text.length > 0);
}

/** The title's lines: the largest type in the top half of page 1, lines in a row at that size. */
function titleLines(
  lines: readonly RoledLine[],
  typography: Typography,
  boxes: readonly PageBox[],
): Set<RoledLine> {
  const box = boxes[0];
  const firstPage = lines.filter(
    (line) => line.page === 1 && (box === undefined || line.baseline > (box.top + box.bottom) / 2),
  );
  const largest = Math.max(0, ...firstPage.map((line) => line.fontSize));
  const title = new Set<RoledLine>();
  if (largest < typography.bodySize * 1.15) {
    const first = lines[0];
    if (first !== undefined) title.add(first);
    return title;
  }
  const start = firstPage.findIndex((line) => line.fontSize >= largest * 0.95);
  for (let position = start; position >= 0 && position < firstPage.length; position += 1) {
    const line = firstPage[position];
    if (line === undefined || line.fontSize < largest * 0.95) break;
    title.add(line);
  }
  return title;
}

/**
 * Whether a line starts indented: right of the line above it in the same run (a block indented as
 * a whole is not), or right of its column's left edge after a column or page break.
 */
function isReferenceEntryStart(options: {
  line: RoledLine;
  previous: RoledLine | null;
  typography: Typography;
}): boolean {
  const { line, previous, typography } = options;
  if (previous === null) return true;
  if (referenceEntryStartPattern.test(line.text)) return true;
  if (line.run !== previous.run) return false;
  const gap = previous.baseline - line.baseline;
  if (gap > Math.max(typography.leading, line.fontSize * 1.2) * 1.3) return true;
  // Hanging indent: an entry's first line starts left of its continuation lines.
  return line.left < previous.left - line.fontSize * 0.5;
}

/**
 * Page 1 with the lines above its first heading (authors set in columns beside each other) moved
 * before that heading: in a two-column page the right column's top can still hold an author.
 */
function frontMatterFirst(lines: readonly RoledLine[], typography: Typography): RoledLine[] {
  const firstHeading = lines.findIndex(
    (line) =>
      line.page === 1 &&
      (line.role === 'heading' || abstractRunInPattern.test(line.text)) &&
      !/^\p{Lu}\.\s/u.test(line.text),
  );
  const heading = lines[firstHeading];
  if (heading === undefined) return [...lines];
  const isAbove = (line: RoledLine, position: number): boolean =>
    position > firstHeading &&
    line.page === 1 &&
    line.role === 'text' &&
    // Authors and affiliations are set apart from the body's type; body text stays where it is.
    fontKey(line) !== typography.bodyFont &&
    line.baseline > heading.baseline + heading.fontSize * 0.5;
  const above = lines.filter(isAbove);
  if (above.length === 0) return [...lines];
  const rest = lines.filter((line, position) => !isAbove(line, position));
  const at = rest.indexOf(heading);
  return [...rest.slice(0, at), ...above, ...rest.slice(at)];
}

/** Lays out the pages of a PDF as the title, abstract and sections of a paper. */
export function layOutPdfPages(options: {
  pages: readonly (readonly PositionedText[])[];
  boxes: readonly PageBox[];
}): PdfLayout {
  const placed = readingOrderLines(options);
  const typography = measureTypography(placed);
  const edges = measureColumnEdges(placed);
  const lines = frontMatterFirst(
    assignLineRoles({ lines: placed, typography, edges, boxes: options.boxes }),
    typography,
  );
  const evidence = collectHyphenationEvidence(lines.map((line) => line.text));
  const tables: TableLayout[] = [];
  // A table's lines are its rows, never running text or a heading.
  const tableLines = new Set<RoledLine>();
  for (const region of findTableRegions({
    lines,
    typography,
    edges,
    boxes: options.boxes,
    evidence,
  })) {
    const table = tableOfRegion(region);
    if (table === null) continue;
    tables.push(table);
    for (const row of region.rows) for (const line of row.lines) tableLines.add(line);
  }
  const title = titleLines(lines, typography, options.boxes);
  const assembler = new SectionAssembler(evidence);
  const captions: SectionDraft[] = [];
  const captionCollector = new BlockCollector(evidence, (paragraph, first) => {
    captions.push({
      title: captionLabelOf(first.text) ?? 'Caption',
      kind: 'caption',
      paragraphs: [paragraph],
    });
  });
  const footnotes: ParagraphDraft[] = [];
  const footnoteCollector = new BlockCollector(evidence, (paragraph) => footnotes.push(paragraph));

  const frontMatterNotes = new BlockCollector(evidence, (paragraph) =>
    assembler.sections[0]?.kind === 'front-matter'
      ? assembler.sections[0].paragraphs.push(paragraph)
      : undefined,
  );
  let abstractFontSize: number | undefined;
  const frontMatterLines: string[] = [];
  const hasHeading = lines.some((line) => line.role === 'heading');
  assembler.startSection(
    hasHeading ? 'Front matter' : 'Full text',
    hasHeading ? 'front-matter' : 'body',
  );
  let isInReferences = false;
  let abstractSection: SectionDraft | null = null;
  let isTitleDone = false;

  for (const [position, line] of lines.entries()) {
    if (tableLines.has(line)) continue;
    if (title.has(line)) {
      // The title is a paragraph (and so a sentence) of its own, its lines joined.
      if (isTitleDone) assembler.endParagraph();
      assembler.appendLine(line);
      const next = lines[position + 1];
      if (next === undefined || !title.has(next)) {
        assembler.endParagraph(true);
        isTitleDone = true;
      }
      continue;
    }
    const isFrontMatter = assembler.currentSection?.kind === 'front-matter';
    const runIn = line.role === 'text' ? runInLabelOf(line, typography.bodyFont) : null;
    const isAbstractRunIn = runIn !== null && /^abstract$/iu.test(runIn.label);
    if (
      isFrontMatter &&
      (abstractRunInPattern.test(line.text) || isAbstractRunIn) &&
      line.role !== 'caption'
    ) {
      assembler.startSection('Abstract', 'body');
      abstractSection = assembler.currentSection ?? null;
      const rest = isAbstractRunIn ? runIn.rest : line.text.replace(abstractRunInPattern, '');
      if (rest.length > 0) assembler.appendLine(line, rest);
      continue;
    }
    // Before the abstract, "B. Smith & A. Jones" or "Ann Lee, Bo Chen" is authors, not a heading.
    const isAuthorLine =
      isFrontMatter && (/^\p{Lu}\.\s/u.test(line.text) || isListOfNames(line.text));
    if (
      (line.role === 'heading' && !isAuthorLine) ||
      (isFrontMatter && headingOfLine(line.text)?.kind === 'abstract')
    ) {
      const heading = headingOfLine(line.text);
      if (heading?.kind === 'abstract' && abstractSection === null) {
        assembler.startSection('Abstract', 'body');
        abstractSection = assembler.currentSection ?? null;
        continue;
      }
      const isReferencesHeading = referencesHeadingPattern.test(line.text);
      if (isInReferences && !afterReferencesHeadingPattern.test(line.text)) {
        assembler.appendLine(line);
        continue;
      }
      // A heading in the same font on the next line continues this one ("3. PROBABILISTICALLY" / "BOUNDED").
      const previous = lines[position - 1];
      if (
        previous?.role === 'heading' &&
        previous.fontName === line.fontName &&
        previous.run === line.run &&
        previous.baseline - line.baseline < line.fontSize * 1.8 &&
        !referencesHeadingPattern.test(previous.text) &&
        !/^\s*(?:\d|[IVXLC]+\.|[A-Z]\.)/u.test(line.text)
      ) {
        const section = assembler.currentSection;
        if (section !== undefined && section.paragraphs.length <= 1) {
          section.title = joinWrappedLine({ text: section.title, nextLine: line.text, evidence });
          const headingParagraph = section.paragraphs[0];
          if (headingParagraph !== undefined) headingParagraph.text = section.title;
          continue;
        }
      }
      isInReferences = isReferencesHeading;
      assembler.startSection(line.text, isReferencesHeading ? 'references' : 'body');
      assembler.appendLine(line);
      assembler.endParagraph(true);
      continue;
    }
    if (line.role === 'caption') {
      captionCollector.add(line, captionLabelOf(line.text) !== null);
      continue;
    }
    if (isInReferences) {
      const previous = assembler.lastLine;
      if (isReferenceEntryStart({ line, previous, typography })) assembler.endParagraph();
      assembler.appendLine(line);
      continue;
    }
    if (line.role === 'footnote') {
      footnoteCollector.add(line, line.startsWithRaisedMark);
      continue;
    }
    if (line.role === 'figure') continue;
    // Under the abstract, a block set smaller (a reference format, an artifact note) is front matter.
    if (assembler.currentSection === abstractSection && abstractSection !== null) {
      abstractFontSize ??= line.fontSize;
      if (line.fontSize < abstractFontSize * 0.92) {
        frontMatterNotes.add(line, false);
        continue;
      }
    }
    const previous = assembler.lastLine;
    // A run-in label opening a paragraph (run-in-labels.ts) is a sentence of its own. LaTeX sets
    // a `\paragraph` heading at the column's edge; bold words opening an indented paragraph are
    // the sentence's own.
    const columnLeft = edges.get(columnKey(line))?.left ?? line.left;
    if (
      runIn !== null &&
      line.left - columnLeft <= typography.bodySize * 0.6 &&
      (previous === null ||
        sentenceEndPattern.test(previous.text) ||
        startsBodyParagraph({ line, previous, edges, typography, paragraphText: previous.text }))
    ) {
      assembler.endParagraph();
      assembler.appendLine(line, runIn.label);
      assembler.endParagraph(true);
      assembler.appendLine(line, runIn.rest);
      continue;
    }
    if (
      previous !== null &&
      !assembler.runsOnBrokenWord(line.text) &&
      startsBodyParagraph({
        line,
        previous,
        edges,
        typography,
        paragraphText: previous.text,
      })
    ) {
      assembler.endParagraph();
    }
    if (assembler.currentSection?.kind === 'front-matter') frontMatterLines.push(line.text);
    assembler.appendLine(line);
  }
  assembler.endParagraph();
  captionCollector.flush();
  footnoteCollector.flush();
  frontMatterNotes.flush();

  const sections: SectionDraft[] = [
    ...assembler.sections,
    ...captions,
    ...tables.map((table) => ({
      title: table.label,
      kind: 'table' as const,
      paragraphs: table.rows.map((row) => ({
        text: row.text,
        pageStarts: [{ offset: 0, page: row.page }],
        isOneSentence: true,
      })),
    })),
    ...(footnotes.length > 0
      ? [{ title: 'Footnotes', kind: 'footnote' as const, paragraphs: footnotes }]
      : []),
  ].filter((section) => section.paragraphs.length > 0);
  const abstractText =
    abstractSection?.paragraphs.map((paragraph) => paragraph.text).join('\n\n') ?? '';
  return {
    title: [...title].map((line) => line.text).join(' '),
    authors: authorsFromFrontMatter(frontMatterLines),
    abstract: abstractText.length > 0 ? abstractText : null,
    tables,
    sections: sections.map((section) => ({
      title: section.title,
      ...(section.kind === 'body' ? {} : { kind: section.kind }),
      paragraphs: section.paragraphs,
    })),
  };
}
