/**
 * @module The LaTeX-pairs text-fidelity set (docs/benchmarks.md, "Text fidelity on LaTeX pairs"):
 * papers whose LaTeX source sits beside their PDF in a public repository, listed in
 * eval/latex-pairs/manifest.jsonl as repository@commit paths and split into a `tune` half and a
 * `report` half. This module turns the manifest and a reader of repository files into the two
 * benchmark folders `quarry eval pdfs --dir` reads (the PDFs as `<id>.pdf`,
 * reference-sentences.jsonl, caption-footnote-texts.jsonl and manifest.jsonl); the reading of
 * the local mirrors and the writing of files is eval/latex-pairs/rebuild.mjs. No I/O here.
 */
import { latexReferences } from './latex-sentences.js';

export const latexPairHalves = ['tune', 'report'] as const;
export type LatexPairHalf = (typeof latexPairHalves)[number];

export interface LatexPair {
  id: string;
  /** `owner/name`. */
  repo: string;
  commit: string;
  /** Repository path of the compiled PDF. */
  pdf: string;
  /** Repository paths of the LaTeX files, the main file first. */
  tex: string[];
  half: LatexPairHalf;
  /** The whole manifest line, copied to the folder's manifest.jsonl (template, layout, ...). */
  record: Record<string, unknown>;
  /** 1-based line of the manifest. */
  line: number;
}

export interface LatexPairProblem {
  line: number;
  id: string | null;
  message: string;
}

/** Parses manifest.jsonl; a bad line is a problem naming it, and the other lines go on. */
export function parseLatexPairsManifest(text: string): {
  pairs: LatexPair[];
  problems: LatexPairProblem[];
} {
  const pairs: LatexPair[] = [];
  const problems: LatexPairProblem[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of text.split('\n').entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    let record: Record<string, unknown>;
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error();
      record = value as Record<string, unknown>;
    } catch {
      problems.push({ line, id: null, message: 'not a JSON object' });
      continue;
    }
    const id = typeof record.id === 'string' ? record.id : null;
    const problem = (message: string) => problems.push({ line, id, message });
    const { repo, commit, pdf, tex, half } = record;
    if (id === null || !/^[\w.-]+$/.test(id)) problem('id must be letters, digits, ".", "_", "-"');
    else if (seen.has(id)) problem(`id ${id} is already on an earlier line`);
    else if (typeof repo !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(repo))
      problem('repo must be "owner/name"');
    else if (typeof commit !== 'string' || !/^[0-9a-f]{7,40}$/i.test(commit))
      problem('commit must be a commit hash');
    else if (typeof pdf !== 'string' || pdf === '') problem('pdf must be a repository path');
    else if (
      !Array.isArray(tex) ||
      tex.length === 0 ||
      !tex.every((path) => typeof path === 'string')
    )
      problem('tex must be a list of repository paths, the main file first');
    else if (half !== 'tune' && half !== 'report') problem('half must be "tune" or "report"');
    else {
      seen.add(id);
      pairs.push({ id, repo, commit, pdf, tex, half, record, line });
    }
  }
  return { pairs, problems };
}

/** Reads a file of a repository at a commit; undefined when the path is not there. */
export type ReadRepositoryFile = (path: string) => Buffer | undefined;

export interface LatexPairFiles {
  pdf: Buffer;
  file: string;
  references: { file: string; sentence: string }[];
  asides: { file: string; text: string; kind: 'caption' | 'footnote' }[];
  /** The manifest line with `file` added. */
  manifestLine: Record<string, unknown>;
  cleanSentences: number;
  missingInputs: string[];
}

/** Whether the bytes are a PDF (a Git LFS pointer or an HTML page is not). */
export function looksLikePdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

/**
 * A pair's files for its half's folder, or the problem that keeps it out (a missing PDF or main
 * file, a file that is no PDF, a source without one clean sentence).
 */
export function latexPairFiles(options: {
  pair: LatexPair;
  read: ReadRepositoryFile;
  includeAppendix?: boolean;
  /** Reference sentences taken from each paper (latex-sentences.ts's default when absent). */
  sentencesPerPaper?: number;
}): LatexPairFiles | LatexPairProblem {
  const { pair, read } = options;
  const problem = (message: string): LatexPairProblem => ({
    line: pair.line,
    id: pair.id,
    message,
  });
  const pdf = read(pair.pdf);
  if (pdf === undefined) return problem(`${pair.repo}@${pair.commit} has no ${pair.pdf}`);
  if (!looksLikePdf(pdf)) return problem(`${pair.pdf} is not a PDF (a Git LFS pointer?)`);
  const [mainPath = ''] = pair.tex;
  const texts = new Map<string, string | undefined>();
  const readText = (path: string): string | undefined => {
    if (!texts.has(path)) texts.set(path, read(path)?.toString('utf8'));
    return texts.get(path);
  };
  if (readText(mainPath) === undefined) {
    return problem(`${pair.repo}@${pair.commit} has no ${mainPath}`);
  }
  const found = latexReferences({
    mainPath,
    read: readText,
    ...(options.includeAppendix !== undefined ? { includeAppendix: options.includeAppendix } : {}),
    ...(options.sentencesPerPaper !== undefined
      ? { sentencesPerPaper: options.sentencesPerPaper }
      : {}),
  });
  if (found.sentences.length === 0) return problem(`no clean sentence in ${mainPath}`);
  const file = `${pair.id}.pdf`;
  return {
    pdf,
    file,
    references: found.sentences.map((sentence) => ({ file, sentence })),
    asides: found.asides.map((aside) => ({ file, text: aside.text, kind: aside.kind })),
    manifestLine: { ...pair.record, file },
    cleanSentences: found.cleanSentences,
    missingInputs: found.missingInputs,
  };
}

/** Whether a result of latexPairFiles is a problem. */
export function isLatexPairProblem(
  value: LatexPairFiles | LatexPairProblem,
): value is LatexPairProblem {
  return 'message' in value && !('pdf' in value);
}

/** `manifest line 12 (id): message`. */
export function describeLatexPairProblem(problem: LatexPairProblem): string {
  return `manifest line ${problem.line}${problem.id === null ? '' : ` (${problem.id})`}: ${problem.message}`;
}
