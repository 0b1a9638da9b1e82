/**
 * @module Named settings of the frame index: the hybrid weights (measured, see README.md), the
 * candidate depths and every limit, with their defaults and one validating resolver.
 */
import { AppError } from '@quarry/core';

export interface FrameIndexSettings {
  /**
   * Weight of BM25 in `score = cos + alpha * bm25 / top bm25` for answer search over all frames
   * (Talk to Papers / SOCO, section 3).
   */
  alpha: number;
  /** The same weight for search inside one paper (a separate, smaller-scale ranking). */
  inPaperAlpha: number;
  /**
   * Added to a candidate's score when the query asks for a kind of answer (a date for "when", a
   * number for "how many", a name for "which model") and the sentence holds one (answer-span.ts).
   */
  answerTypeWeight: number;
  /**
   * Weight of the word-vector coverage (word-match.ts) in answer search over all frames: how much
   * of the question's meaning the sentence covers through the model folder's general-English word
   * vectors. 0 by default: measured neutral to harmful in the hybrid (docs/benchmarks.md, "Word
   * vectors"); the coverage still decides whether an answer is clear (answer-clarity.ts).
   */
  wordMatchWeight: number;
  /** The same weight for search inside one paper. */
  inPaperWordMatchWeight: number;
  /**
   * Subtracted from a sentence's score when the question is about the paper's own work and the
   * sentence sits where the paper describes other work or only names things: related work,
   * background, a caption, a footnote, the front matter or the references (section-preference.ts).
   * Answer search and in-paper search alike; 0 switches it off.
   */
  sectionPreferenceWeight: number;
  /**
   * Added times how well the question names a table row's cell, its row label and a column header
   * (table-cell-match.ts), to the score of that row; answer search and in-paper search alike; 0
   * switches it off (docs/benchmarks.md, "Table questions" and the twenty-third session).
   */
  tableCellWeight: number;
  /**
   * In-paper find: how many of the hybrid ranking's best hits the cross-encoder (Embedder.rerank)
   * reads with the question and reorders (rerank-fusion.ts); 0 switches the step off. Each hit costs
   * 4-8 ms of the encoder's thread on 2 cores (longer sentences cost more).
   */
  inPaperRerankDepth: number;
  /** k of the reciprocal-rank fusion of the hybrid and cross-encoder orders (60, as Cormack et al.). */
  rerankFusionK: number;
  /**
   * In-paper find: a sentence the cross-encoder scores at least this (its logit; ms-marco's clear
   * answers score 8 and more) goes before the table rows that kept their slots above it, which
   * the cross-encoder does not read (rerank-fusion.ts). A very large value switches it off.
   */
  rerankClearScore: number;
  /**
   * The least word-vector coverage of the question by the best hit for the answer to count as
   * clear (answer-clarity.ts); below it the reader and chat say no sentence clearly answers.
   */
  clearAnswerMinimumCoverage: number;
  /**
   * Answer search ranks first the sentences of the papers a question names by title words
   * (search/paper-scope.ts), when it names at most this many; 0 switches scoping off.
   */
  maxScopedPapers: number;
  /** How long answer search reuses the papers' titles it read for scoping, in milliseconds. */
  scopeTitlesMaxAgeMs: number;
  /**
   * Weight of the frame's best question BM25 (over a full-match question's BM25) beside the
   * sentence BM25, both times alpha: its generated and annotated questions expand the sentence's
   * words (doc2query). 0 (the default) switches the term off: over the rule questions it measured
   * neutral (README.md); it is meant for richer question sets (a language model's, annotations).
   */
  questionLexicalWeight: number;
  /**
   * w in the answer vector h_a = normalise(e(a) + w * normalise(sum of e(c_i))): how much the
   * context sentences c_i pull the answer sentence a's embedding e(a).
   */
  answerContextWeight: number;
  /** BM25F weight of the context field (the sentence field weighs 1). */
  bm25ContextWeight: number;
  /**
   * BM25F weight of the paper-title field in answer search over all papers ("what loss does the
   * DeepLab paper use?" names the paper, not the sentence). In-paper search has no title field.
   */
  bm25TitleWeight: number;
  /** BM25 term-frequency saturation. */
  bm25K1: number;
  /** BM25 length normalisation. */
  bm25B: number;
  /**
   * Sentences on each side, in the same section, that make a frame's context (for h_a and the
   * BM25 context field); `section` takes the whole section (a SQuAD paragraph).
   */
  contextSentences: number | 'section';
  /** BM25 candidates per query before the exact re-score. */
  bm25Candidates: number;
  /** Nearest frame vectors per query before the exact re-score. */
  vectorCandidates: number;
  /** Nearest question vectors per query (each brings its frame) before the exact re-score. */
  questionCandidates: number;
  /** Texts per embedder call. */
  embedBatchSize: number;
  /** Vectors per bulk upsert. */
  upsertBatchSize: number;
  /** Most results one search may return. */
  maxResults: number;
  /** Longest query accepted, in characters. */
  maxQueryCharacters: number;
  /** Papers whose in-paper BM25 index is kept built (least recently used are dropped). */
  inPaperIndexCacheSize: number;
  /** Most hits a text-mode (Ctrl+F) search returns. */
  maxTextMatches: number;
  /** Longest `/regex/` accepted, in characters (a guard against pathological patterns). */
  maxPatternCharacters: number;
  /** Frames read from the store per page while loading. */
  loadPageSize: number;
  /** Most suggestions or FAQs one call returns. */
  maxSuggestions: number;
  /** Stored questions fetched per wanted suggestion (many frames share a generated question). */
  suggestionCandidateFactor: number;
  /** Shortest typed text that also gets semantic (nearest-question) suggestions. */
  minSemanticSuggestionCharacters: number;
  /** Sentences on each side of a frame whose questions its FAQ may offer. */
  faqNeighbourSentences: number;
  /**
   * Question search skips frames with fewer words than this, and section headings: fragments and
   * titles ("Experiments", "[A B C]") never answer a question. Text search still finds them.
   */
  minAnswerWords: number;
  /**
   * PostgreSQL backend: the HNSW candidate list (`hnsw.ef_search`) of a dense query, at least the
   * candidates asked for; iterative index scans go past it when a filter drops rows.
   */
  postgresEfSearch: number;
  /**
   * PostgreSQL backend: highest-impact postings read per query term for BM25 candidates (their
   * exact BM25F is then computed from frame_search). Larger finds more, costs more per query.
   */
  postgresPostingsPerTerm: number;
}

/**
 * Defaults. alpha and answerContextWeight were chosen on even-index SQuAD articles that the shipped
 * encoder's training held out; bm25ContextWeight and bm25TitleWeight (lexical terms) on all 12
 * even-index articles; inPaperAlpha on the self-written in-paper dev questions. answerTypeWeight 0.4
 * and clearAnswerMinimumCoverage 0.55 on the real-PDF dev set and its self-written unanswerable
 * questions; held-out sets measure them (docs/benchmarks.md). With the pretrained default encoder
 * (decision 0014) cosines are calibrated and carry paraphrases: inPaperAlpha 0.75 -> 0.1 and
 * answerTypeWeight 0.4 -> 0.2 were chosen on the SciREX in-paper dev questions (MRR 59.8 -> 63.2,
 * paraphrased 33.1 -> 46.3) and the real-PDF dev set. sectionPreferenceWeight 0.05 was chosen from
 * 0, 0.05 and 0.1 on the real-PDF dev set with the own-work dev questions and the SciREX in-paper
 * dev questions (decision 0015). inPaperRerankDepth 10 from 10 / 20 / 30 on the real-PDF and SciREX
 * in-paper dev questions and the load benchmark (decision 0016: 20 gains a point on the real PDFs
 * and misses the load benchmark's search p95; 10 meets it). rerankClearScore 8 from 0 / 4 / 6 / 7 / 8 /
 * 10 on the real-PDF dev questions and dev table questions (fourteenth session: lexical 88.4 ->
 * 90.8 with table hit@3 unchanged at 8; lower values cost table questions, 10 changes nothing).
 * tableCellWeight 0.2 from 0 / 0.1 / 0.2 / 0.3 on the dev table questions, the real-PDF dev questions
 * and the SciREX in-paper dev questions (twenty-third session: table hit@3 71.4 -> 74.6, MRR 61.9 ->
 * 70.2, the others unchanged; it had shipped off while it cost manner questions a place).
 */
export const defaultFrameIndexSettings = {
  alpha: 2,
  inPaperAlpha: 0.1,
  answerTypeWeight: 0.2,
  questionLexicalWeight: 0,
  wordMatchWeight: 0,
  inPaperWordMatchWeight: 0,
  sectionPreferenceWeight: 0.05,
  tableCellWeight: 0.2,
  inPaperRerankDepth: 10,
  rerankFusionK: 60,
  rerankClearScore: 8,
  clearAnswerMinimumCoverage: 0.55,
  maxScopedPapers: 20,
  scopeTitlesMaxAgeMs: 5000,
  answerContextWeight: 0.3,
  bm25ContextWeight: 0.25,
  bm25TitleWeight: 0.5,
  bm25K1: 0.9,
  bm25B: 0.4,
  contextSentences: 1,
  bm25Candidates: 100,
  vectorCandidates: 100,
  questionCandidates: 50,
  embedBatchSize: 512,
  upsertBatchSize: 4096,
  maxResults: 100,
  maxQueryCharacters: 1000,
  inPaperIndexCacheSize: 64,
  maxTextMatches: 500,
  maxPatternCharacters: 200,
  loadPageSize: 20_000,
  maxSuggestions: 20,
  suggestionCandidateFactor: 10,
  minSemanticSuggestionCharacters: 3,
  faqNeighbourSentences: 3,
  minAnswerWords: 4,
  postgresEfSearch: 200,
  postgresPostingsPerTerm: 2000,
} as const satisfies FrameIndexSettings;

const positiveIntegerNames = [
  'bm25Candidates',
  'vectorCandidates',
  'questionCandidates',
  'embedBatchSize',
  'upsertBatchSize',
  'maxResults',
  'maxQueryCharacters',
  'inPaperIndexCacheSize',
  'maxTextMatches',
  'maxPatternCharacters',
  'loadPageSize',
  'maxSuggestions',
  'suggestionCandidateFactor',
  'minSemanticSuggestionCharacters',
  'postgresEfSearch',
  'postgresPostingsPerTerm',
  'rerankFusionK',
] as const satisfies readonly (keyof FrameIndexSettings)[];

const nonNegativeNames = [
  'alpha',
  'inPaperAlpha',
  'answerTypeWeight',
  'questionLexicalWeight',
  'wordMatchWeight',
  'inPaperWordMatchWeight',
  'sectionPreferenceWeight',
  'tableCellWeight',
  'inPaperRerankDepth',
  'rerankClearScore',
  'clearAnswerMinimumCoverage',
  'maxScopedPapers',
  'scopeTitlesMaxAgeMs',
  'answerContextWeight',
  'bm25ContextWeight',
  'bm25TitleWeight',
  'bm25K1',
  'faqNeighbourSentences',
  'minAnswerWords',
] as const satisfies readonly (keyof FrameIndexSettings)[];

function invalidSetting(name: string, value: unknown, expected: string): AppError {
  return new AppError({
    code: 'invalid_input',
    message: `frame index setting ${name} is ${JSON.stringify(value)}`,
    fix: `use ${expected}`,
  });
}

/** The defaults overridden by `overrides`, validated. */
export function resolveFrameIndexSettings(
  overrides: Partial<FrameIndexSettings> = {},
): FrameIndexSettings {
  const settings: FrameIndexSettings = { ...defaultFrameIndexSettings, ...overrides };
  for (const name of positiveIntegerNames) {
    const value = settings[name];
    if (!Number.isInteger(value) || value < 1)
      throw invalidSetting(name, value, 'a whole number >= 1');
  }
  for (const name of nonNegativeNames) {
    const value = settings[name];
    if (!Number.isFinite(value) || value < 0) throw invalidSetting(name, value, 'a number >= 0');
  }
  if (!(settings.bm25B >= 0 && settings.bm25B <= 1)) {
    throw invalidSetting('bm25B', settings.bm25B, 'a number from 0 to 1');
  }
  const context = settings.contextSentences;
  if (context !== 'section' && (!Number.isInteger(context) || context < 0)) {
    throw invalidSetting('contextSentences', context, 'a whole number >= 0 or "section"');
  }
  return settings;
}
