/**
 * @module The drafts a PDF's layout is assembled into (pdf-document-layout.ts): sections of
 * paragraphs built line by line, each line joined to the paragraph's running text with line-end
 * hyphens repaired (line-end-hyphenation.ts) and the page where each stretch of text starts kept;
 * and collectors of blocks set apart from the running text (captions, footnotes), one paragraph
 * per block.
 */
import type { SectionKind } from '@quarry/core';
import { joinWrappedLine, judgeLineEndHyphen } from '../line-end-hyphenation.js';
import type { HyphenationEvidence } from '../line-end-hyphenation.js';
import type { PageStart } from '../paper-text-builder.js';
import type { RoledLine } from './line-roles.js';

/** A paragraph being drafted: its running text and the pages it starts on. */
export interface ParagraphDraft {
  text: string;
  pageStarts: PageStart[];
  /** A heading or the title: one sentence. */
  isOneSentence?: boolean;
}

/** A section being drafted; its kind `body` is left out of the finished section. */
export interface SectionDraft {
  title: string;
  kind: SectionKind;
  paragraphs: ParagraphDraft[];
}

/**
 * Assembles sections from lines with roles; the layout (pdf-document-layout.ts) decides where a
 * section starts and a paragraph ends.
 */
export class SectionAssembler {
  readonly sections: SectionDraft[] = [];
  private paragraph: ParagraphDraft | null = null;
  private previousLine: RoledLine | null = null;

  constructor(private readonly evidence: HyphenationEvidence) {}

  startSection(title: string, kind: SectionKind): void {
    this.endParagraph();
    this.sections.push({ title, kind, paragraphs: [] });
  }

  get currentSection(): SectionDraft | undefined {
    return this.sections[this.sections.length - 1];
  }

  /** Ends the paragraph being built; `isOneSentence` for a heading or the title. */
  endParagraph(isOneSentence = false): void {
    const section = this.currentSection;
    if (this.paragraph !== null && this.paragraph.text.trim().length > 0 && section) {
      section.paragraphs.push(
        isOneSentence ? { ...this.paragraph, isOneSentence: true } : this.paragraph,
      );
    }
    this.paragraph = null;
    this.previousLine = null;
  }

  /** Whether the paragraph being built ends in a word broken at a line end that `text` finishes. */
  runsOnBrokenWord(text: string): boolean {
    if (this.paragraph === null) return false;
    return (
      judgeLineEndHyphen({
        lineEnd: this.paragraph.text,
        nextLine: text,
        evidence: this.evidence,
      }) !== null
    );
  }

  get lastLine(): RoledLine | null {
    return this.previousLine;
  }

  appendLine(line: RoledLine, text: string = line.text): void {
    this.paragraph = appendToParagraph({
      paragraph: this.paragraph,
      text,
      page: line.page,
      evidence: this.evidence,
    });
    this.previousLine = line;
  }
}

function appendToParagraph(options: {
  paragraph: ParagraphDraft | null;
  text: string;
  page: number;
  evidence: HyphenationEvidence;
}): ParagraphDraft {
  const { paragraph, text, page } = options;
  if (paragraph === null) return { text, pageStarts: [{ offset: 0, page }] };
  const joined = joinWrappedLine({
    text: paragraph.text,
    nextLine: text,
    evidence: options.evidence,
  });
  const lastPage = paragraph.pageStarts[paragraph.pageStarts.length - 1]?.page;
  const pageStarts =
    lastPage === page
      ? paragraph.pageStarts
      : [...paragraph.pageStarts, { offset: joined.length - text.length, page }];
  return { text: joined, pageStarts };
}

/** Collects paragraphs of one kind of block (captions, footnotes) as they come. */
export class BlockCollector {
  private draft: { paragraph: ParagraphDraft; last: RoledLine } | null = null;
  constructor(
    private readonly evidence: HyphenationEvidence,
    private readonly onBlock: (paragraph: ParagraphDraft, first: RoledLine) => void,
  ) {}

  private first: RoledLine | null = null;

  add(line: RoledLine, startsBlock: boolean): void {
    if (this.draft !== null && (startsBlock || line.run !== this.draft.last.run)) this.flush();
    if (this.draft === null) this.first = line;
    this.draft = {
      paragraph: appendToParagraph({
        paragraph: this.draft?.paragraph ?? null,
        text: line.text,
        page: line.page,
        evidence: this.evidence,
      }),
      last: line,
    };
  }

  flush(): void {
    if (this.draft !== null && this.first !== null) this.onBlock(this.draft.paragraph, this.first);
    this.draft = null;
    this.first = null;
  }
}
