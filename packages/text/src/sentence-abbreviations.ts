/**
 * @module Word lists the sentence splitter consults: abbreviations that never end a sentence,
 * abbreviations that may, and the common sentence openers that tell an initial ("J. Smith") from
 * a sentence that ends in a capital letter ("of size N. Then").
 */

/** Lowercased, without the final period. A period after these is never a sentence boundary. */
export const nonTerminalAbbreviations: ReadonlySet<string> = new Set([
  // Latin and connective abbreviations.
  'e.g',
  'eg',
  'i.e',
  'ie',
  'cf',
  'vs',
  'viz',
  'approx',
  'ca',
  'resp',
  'incl',
  'w.r.t',
  'wrt',
  'et',
  // References to parts of a paper.
  'fig',
  'figs',
  'eq',
  'eqs',
  'eqn',
  'eqns',
  'secs',
  'sect',
  'tab',
  'tabs',
  'tbl',
  'ref',
  'refs',
  'alg',
  'algo',
  'thm',
  'lem',
  'prop',
  'def',
  'cor',
  'ch',
  'chap',
  'app',
  'appx',
  'vol',
  'pp',
  // Titles.
  'dr',
  'mr',
  'mrs',
  'prof',
  'st',
  // Months, as in "Jan. 2020".
  'jan',
  'feb',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/** Lowercased. Not a boundary when a digit follows ("No. 5"), a boundary otherwise ("said no."). */
export const numberAbbreviations: ReadonlySet<string> = new Set(['no', 'nos', 'nr', 'num']);

/**
 * Lowercased. Ambiguous with a unit ("5 sec. The"), so, like an initial, the period is a boundary
 * only when a common sentence opener follows ("Sec. IV" and "Sec. 4" stay whole).
 */
export const ambiguousAbbreviations: ReadonlySet<string> = new Set(['sec', 'min']);

/**
 * Lowercased. These often end a sentence ("... by Smith et al."), so the period is a boundary
 * only when a capitalised word follows directly, not a citation ("et al. [3]", "et al. (2019)").
 */
export const terminalAbbreviations: ReadonlySet<string> = new Set(['al', 'etc']);

/**
 * Lowercased. A capital letter followed by a period ("J.", "U.S.") ends a sentence only when one of
 * these words follows; otherwise it is read as an initial.
 */
export const commonSentenceOpeners: ReadonlySet<string> = new Set([
  'a',
  'after',
  'all',
  'also',
  'although',
  'an',
  'another',
  'as',
  'at',
  'because',
  'before',
  'both',
  'but',
  'by',
  'consider',
  'each',
  'finally',
  'first',
  'for',
  'from',
  'furthermore',
  'given',
  'hence',
  'here',
  'however',
  'i',
  'if',
  'in',
  'instead',
  'it',
  'its',
  'let',
  'many',
  'moreover',
  'most',
  'note',
  'on',
  'one',
  'our',
  'second',
  'similarly',
  'since',
  'so',
  'some',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'therefore',
  'these',
  'they',
  'this',
  'those',
  'thus',
  'to',
  'unlike',
  'using',
  'we',
  'when',
  'where',
  'which',
  'while',
  'with',
  'without',
  'yet',
]);

/**
 * Lowercased, period-free. A capital letter after one of these is a label, not an initial
 * ("in Section G.", "see Appendix B."), so its period ends the sentence before a capital.
 */
export const labelledThings: ReadonlySet<string> = new Set([
  'algorithm',
  'app',
  'appendix',
  'chapter',
  'eq',
  'equation',
  'fig',
  'figure',
  'lemma',
  'part',
  'phase',
  'section',
  'sec',
  'stage',
  'step',
  'table',
  'theorem',
]);
