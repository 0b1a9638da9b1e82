/**
 * @module SciREX documents (Jain et al., ACL 2020: `doc_id`, `words`, `sentences` and `sections`
 * as word ranges, plus entity annotations) as core Papers. Every SciREX sentence becomes exactly
 * one Sentence whose `sourceIndex` is its index in `sentences`; nothing is re-split.
 *
 * SciREX marks headings with tokens: a section's first sentence reads "section : Introduction"
 * ("subsection :", "paragraph :", "bibliography :", … alike), and the first section holds the
 * title, either alone or as "document : Title" followed by the abstract. Headings and the title are
 * written without their marker ("Introduction"); the title and every heading end their line.
 */

import type { Paper } from '@quarry/core';
import { detokenize } from '@quarry/text';
import { invalidInputError } from './parse-result.js';
import { PaperTextBuilder } from './paper-text-builder.js';
import type { SentenceBreak } from './paper-text-builder.js';
import { describeJsonType, RecordFields } from './record-fields.js';

interface WordRange {
  start: number;
  end: number;
}

interface SciRexDocument {
  docId: string;
  words: string[];
  sentences: WordRange[];
  sections: WordRange[];
  /** Every other field (ner, coref, n_ary_relations, …), verbatim. */
  annotations: Record<string, unknown>;
}

type SentenceRole = 'title' | 'heading' | 'text';

interface SentencePlan {
  sourceIndex: number;
  text: string;
  role: SentenceRole;
}

interface SectionPlan {
  title: string;
  sentences: SentencePlan[];
}

/** A marker token such as "section", "subsection" or "document", followed by ":". */
const markerWordPattern = /^[a-z]+$/;
const longestTitleWords = 30;

/** True for a JSON object shaped like a SciREX document. */
export function isSciRexDocumentShape(value: Record<string, unknown>): boolean {
  return 'doc_id' in value && 'words' in value && 'sentences' in value;
}

function readWordRanges(
  fields: RecordFields,
  fieldName: string,
  wordCount: number,
): WordRange[] | null {
  const value = fields.raw(fieldName);
  if (value === undefined || value === null) return null;
  const expected = 'a list of [start, end] word ranges';
  if (!Array.isArray(value)) {
    throw fields.invalidField(
      fieldName,
      `must be a list but is ${describeJsonType(value)}`,
      expected,
    );
  }
  let previousStart = 0;
  return value.map((item: unknown, position) => {
    const [start, end] = Array.isArray(item) ? (item as unknown[]) : [];
    const isRange =
      Number.isInteger(start) &&
      Number.isInteger(end) &&
      (start as number) >= 0 &&
      (start as number) <= (end as number);
    if (!isRange || (end as number) > wordCount) {
      throw fields.invalidField(
        `${fieldName}[${position}]`,
        `must be a [start, end] range within the ${wordCount} words but is ${JSON.stringify(item)}`,
        expected,
      );
    }
    if ((start as number) < previousStart) {
      throw fields.invalidField(
        `${fieldName}[${position}]`,
        'starts before the range ahead of it',
        `${expected}, in order`,
      );
    }
    previousStart = start as number;
    return { start: start as number, end: end as number };
  });
}

function readSciRexDocument(value: unknown, where: string): SciRexDocument {
  const fields = new RecordFields({ value, where, formatName: 'SciREX' });
  const docId = fields.requiredString('doc_id');
  const words = fields.raw('words');
  if (!Array.isArray(words) || words.some((word) => typeof word !== 'string')) {
    throw fields.invalidField(
      'words',
      `must be a list of strings but is ${describeJsonType(words)}`,
      'a list of word strings',
    );
  }
  const wordList = words as string[];
  const sentences = readWordRanges(fields, 'sentences', wordList.length);
  if (sentences === null || sentences.length === 0) {
    throw fields.invalidField(
      'sentences',
      'is missing or empty',
      'a list of [start, end] word ranges',
    );
  }
  const sections = readWordRanges(fields, 'sections', wordList.length) ?? [];
  return {
    docId,
    words: wordList,
    sentences,
    sections: sections.length > 0 ? sections : [{ start: 0, end: wordList.length }],
    annotations: fields.unreadFields(),
  };
}

/** The marker word of a heading-like sentence ("section" in "section : Introduction"), or null. */
function markerOf(words: readonly string[]): string | null {
  const [first, second] = words;
  return first !== undefined && second === ':' && markerWordPattern.test(first) ? first : null;
}

function withoutMarker(words: readonly string[]): string[] {
  return markerOf(words) === null ? [...words] : words.slice(2);
}

function isTitleLike(words: readonly string[]): boolean {
  return (
    words.length > 0 &&
    words.length <= longestTitleWords &&
    !/[.!?]$/.test(words[words.length - 1] ?? '')
  );
}

/** Groups sentence indexes by the SciREX section their first word falls in. */
function sentenceIndexesBySection(document: SciRexDocument): number[][] {
  const groups: number[][] = document.sections.map(() => []);
  let sectionPosition = 0;
  for (const [sentenceIndex, sentence] of document.sentences.entries()) {
    while (
      sectionPosition + 1 < document.sections.length &&
      sentence.start >= (document.sections[sectionPosition + 1]?.start ?? Infinity)
    ) {
      sectionPosition += 1;
    }
    groups[sectionPosition]?.push(sentenceIndex);
  }
  return groups;
}

/**
 * Plans our sections from SciREX's: the first one holds the title and the abstract (SciREX's
 * separate "section : Abstract" is merged into it), every later one keeps its heading sentence.
 */
function planSections(document: SciRexDocument): { sections: SectionPlan[]; titleSource: string } {
  const wordsOf = (sentenceIndex: number): string[] => {
    const range = document.sentences[sentenceIndex];
    return range ? document.words.slice(range.start, range.end) : [];
  };
  const textOf = (words: readonly string[]): string => detokenize(words).text;
  const groups = sentenceIndexesBySection(document);
  const headingOf = (group: readonly number[]): { title: string; marker: string } | null => {
    const first = group[0];
    if (first === undefined) return null;
    const marker = markerOf(wordsOf(first));
    return marker === null ? null : { title: textOf(withoutMarker(wordsOf(first))), marker };
  };

  const frontGroup = groups[0] ?? [];
  const secondHeading = groups.length > 1 ? headingOf(groups[1] ?? []) : null;
  const abstractFollows = secondHeading !== null && /^abstract\W*$/i.test(secondHeading.title);
  const [firstSentence] = frontGroup;
  const firstWords = firstSentence === undefined ? [] : wordsOf(firstSentence);

  let titleCount: number;
  let titleSource: string;
  if (markerOf(firstWords) === 'document') [titleCount, titleSource] = [1, 'document-marker'];
  else if (abstractFollows) [titleCount, titleSource] = [frontGroup.length, 'front-matter'];
  else if (isTitleLike(firstWords)) [titleCount, titleSource] = [1, 'first-sentence'];
  else [titleCount, titleSource] = [0, 'missing'];

  const frontSentences: SentencePlan[] = frontGroup.map((sourceIndex, position) => {
    const isTitle = position < titleCount;
    const words = isTitle ? withoutMarker(wordsOf(sourceIndex)) : wordsOf(sourceIndex);
    return {
      sourceIndex,
      text: textOf(words.length > 0 ? words : wordsOf(sourceIndex)),
      role: isTitle ? 'title' : 'text',
    };
  });
  const laterGroups = groups
    .slice(1)
    .map((group) => planLaterSection(group, headingOf(group), wordsOf, textOf));
  const abstractSection = abstractFollows ? laterGroups.shift() : undefined;
  if (abstractSection) frontSentences.push(...abstractSection.sentences);

  const hasAbstract = frontSentences.some((sentence) => sentence.role === 'text');
  const frontTitle = groups.length === 1 ? 'Full text' : hasAbstract ? 'Abstract' : 'Title';
  return {
    sections: [{ title: frontTitle, sentences: frontSentences }, ...laterGroups],
    titleSource,
  };
}

function planLaterSection(
  group: readonly number[],
  heading: { title: string; marker: string } | null,
  wordsOf: (sentenceIndex: number) => string[],
  textOf: (words: readonly string[]) => string,
): SectionPlan {
  const sentences = group.map((sourceIndex, position): SentencePlan => {
    const isHeading = position === 0 && heading !== null && heading.title.length > 0;
    return {
      sourceIndex,
      text: isHeading ? heading.title : textOf(wordsOf(sourceIndex)),
      role: isHeading ? 'heading' : 'text',
    };
  });
  const untitled = heading ? `Untitled ${heading.marker}` : 'Untitled section';
  return { title: heading && heading.title.length > 0 ? heading.title : untitled, sentences };
}

function breakAfter(role: SentenceRole | null): SentenceBreak {
  if (role === 'title') return 'paragraph';
  if (role === 'heading') return 'line';
  return 'space';
}

/** Converts one SciREX document; throws an `invalid_input` AppError naming the bad field. */
export function paperFromSciRexDocument(value: unknown, where: string): Paper {
  const document = readSciRexDocument(value, where);
  const { sections, titleSource } = planSections(document);
  const builder = new PaperTextBuilder();
  const titleParts: string[] = [];
  const abstractParts: string[] = [];
  for (const [position, section] of sections.entries()) {
    builder.startSection(section.title);
    let previousRole: SentenceRole | null = null;
    for (const sentence of section.sentences) {
      builder.appendSentence({
        text: sentence.text,
        sentenceBreak: breakAfter(previousRole),
        sourceIndex: sentence.sourceIndex,
      });
      if (sentence.role === 'title') titleParts.push(sentence.text);
      if (position === 0 && sentence.role === 'text' && section.title === 'Abstract')
        abstractParts.push(sentence.text);
      previousRole = sentence.role;
    }
  }
  const assembled = builder.build();
  if (assembled.sentences.length !== document.sentences.length) {
    throw invalidInputError({
      where,
      message: `kept ${assembled.sentences.length} of ${document.sentences.length} sentences`,
      fix: 'Check that "sections" cover every sentence of the document.',
    });
  }
  return {
    id: document.docId,
    title: titleParts.join(' ').trim() || document.docId,
    abstract: abstractParts.length > 0 ? abstractParts.join(' ') : null,
    year: null,
    authors: [],
    url: null,
    source: 'scirex',
    ...assembled,
    extra: { ...document.annotations, titleSource },
  };
}
