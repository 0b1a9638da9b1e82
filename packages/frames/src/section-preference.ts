/**
 * @module Whose work a question is about, and how much a sentence's section suits it. A question
 * about the paper's own work ("what are the limitations?", "how was the method evaluated?", "which
 * datasets did they test on?", "what results do they report?") is answered by the paper's method,
 * experiments, results, discussion and conclusion, not by its related work, where the same words
 * describe OTHER papers' shortcomings and evaluations, and not by a figure caption, a footnote, the
 * front matter or the bibliography, which only name things. Such sections get a penalty of 1 (a
 * caption 0.25; the caller weighs it, `sectionPreferenceWeight`); every other section 0. The question is read by its
 * words alone: it names a part of a study (limitations, evaluation, datasets, results, method,
 * experiments, baselines, metrics, training, contributions, findings) or the authors ("they",
 * "the authors", "this paper"), and it does not ask about others' work ("related work", "prior",
 * "previous", "existing", "other papers") unless it compares with it ("how does it compare with
 * existing methods?" asks for the paper's results). A question naming a figure or table keeps
 * captions.
 */
import type { SectionKind, SectionRole } from '@quarry/core';
import { sectionRoleGroups } from '@quarry/core';
import { stem, tokenize } from '@quarry/text';

/** The section a sentence sits in, as search knows it (absent: body, role not known). */
export interface SentenceSection {
  sectionKind?: SectionKind | undefined;
  sectionRole?: SectionRole | undefined;
}

/** Words (stemmed) naming a part of a study: what a paper says about its own work. */
const studyWords = new Set(
  [
    'limitation',
    'shortcoming',
    'weakness',
    'drawback',
    'caveat',
    'disadvantage',
    'evaluate',
    'evaluation',
    'assess',
    'validate',
    'validation',
    'dataset',
    'datasets',
    'data',
    'corpus',
    'corpora',
    'benchmark',
    'test',
    'tested',
    'experiment',
    'experimental',
    'result',
    'finding',
    'find',
    'found',
    'show',
    'performance',
    'perform',
    'accuracy',
    'metric',
    'measure',
    'baseline',
    'outperform',
    'achieve',
    'improve',
    'method',
    'methodology',
    'approach',
    'technique',
    'propose',
    'contribution',
    'conclude',
    'conclusion',
    'future',
    'ablation',
    'train',
    'implement',
    'implementation',
    'hyperparameter',
    'setup',
    'evidence',
  ].map((word) => stem(word)),
);

/** The authors or the paper itself as the question's subject. */
const selfReference =
  /\b(?:they|their|them|the authors?|this (?:paper|work|study|article)|the (?:paper|work|study|article)|proposed|our|we|you|your)\b/;

/** A question about other papers' work: related work answers it, so nothing is preferred. */
const othersReference =
  /\b(?:related work|prior|previous(?:ly)?|earlier|existing|other (?:papers?|works?|methods?|approaches|systems|authors|studies)|state of the art|cite[sd]?|citations?|literature|inspired by|builds? on)\b/;

/**
 * A comparison with other work is a question about the paper's own results ("how does their method
 * compare with existing methods?", "how much better than previous approaches?").
 */
const comparison =
  /\b(?:compar(?:e|es|ed|ing|ison)|outperforms?|better|worse|than|versus|vs|against)\b/;

/** A question that a bibliography entry may answer: what is cited, by whom, where published. */
const asksForCitation =
  /\b(?:cite[sd]?|citing|citations?|references?|bibliography|reading list|published (?:in|at|by)|proceedings|journal|venue|which paper|what paper|who (?:proposed|introduced|wrote|published|developed))\b/;

/** A question about a figure or a table: its caption may well be the answer. */
const figureReference = /\b(?:fig(?:ure)?s?|tables?|plots?|charts?|diagrams?|caption)\b/;

/**
 * The penalty of each kind of section that is not running text (a table row is left neutral). A
 * caption describes the paper's own figure or table, only tersely ("Table 1: Statistics of the
 * datasets"), so it weighs a quarter of what related work does: a layout that takes a paragraph
 * below a figure for its caption (a real case on the dev PDFs) must not sink that paragraph (at half,
 * a paraphrased dev answer fell from rank 1 to 2).
 */
const kindPenalties: Partial<Record<SectionKind, number>> = {
  caption: 0.25,
  footnote: 1,
  'front-matter': 1,
  references: 1,
};

/** Whether the question asks about the paper's own work (see the module comment). */
export function isOwnWorkQuestion(question: string): boolean {
  const text = question.toLowerCase();
  if (othersReference.test(text) && !comparison.test(text)) return false;
  if (selfReference.test(text)) return true;
  return tokenize(text).some((token) => studyWords.has(stem(token)));
}

/**
 * For a question about the paper's own work, the penalty of a sentence's section: 1 for related
 * work and background, acknowledgements and references, footnotes and front matter, 0.25 for a
 * caption (0 when the question names a figure or table); else 0. For any other question a
 * bibliography entry still gets 1 unless the question asks what is cited; null when it does.
 */
export function sectionPenaltyFor(question: string): ((section: SentenceSection) => number) | null {
  if (!isOwnWorkQuestion(question)) {
    // A bibliography entry names a paper; it answers only a question about what is cited.
    if (asksForCitation.test(question.toLowerCase())) return null;
    return (section) => (section.sectionKind === 'references' ? 1 : 0);
  }
  const sparesCaptions = figureReference.test(question.toLowerCase());
  return (section) => {
    const kind = section.sectionKind ?? 'body';
    const kindPenalty = sparesCaptions && kind === 'caption' ? 0 : (kindPenalties[kind] ?? 0);
    if (kindPenalty > 0) return kindPenalty;
    const group = sectionRoleGroups[section.sectionRole ?? 'other'];
    return group === 'others' || group === 'outside' ? 1 : 0;
  };
}
