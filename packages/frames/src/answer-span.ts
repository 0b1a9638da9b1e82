/**
 * @module Answer-span highlighting: marks the likely answer inside a retrieved sentence from the
 * question's expected answer type: a number for "how many / how much / how well / how accurate /
 * what accuracy / what median …" (a measured quantity, as a table cell or a result states it), a year
 * or date for "when / what year", a capitalised name for "which / who / what model …", a reason
 * ("because …", "in order to …") for "why / what is the reason …". Three more kinds are what
 * readers of research papers ask for without the paper's words: a limitation ("what are the
 * shortcomings?" wants "our work has several limitations", "cannot", "fails to"), future work
 * ("what do they plan next?" wants "in future work we"), and hardware ("what hardware?" wants
 * "eight V100 GPUs", "a cluster of four nodes with 2.2GHz processors"). The lists are the
 * usual wording of these parts of a paper, written from how ML and systems papers phrase them,
 * not from any evaluation question. A light, rule-based stand-in for the optional
 * machine-reading step of Talk to Papers (section 3).
 */
import { isStopword, tokenize } from '@quarry/text';

export const answerKinds = [
  'number',
  'time',
  'name',
  'reason',
  'limitation',
  'future',
  'hardware',
] as const;
export type AnswerKind = (typeof answerKinds)[number];

export interface AnswerSpan {
  /** Offsets into the sentence, end exclusive. */
  start: number;
  end: number;
  text: string;
  kind: AnswerKind;
}

const metricWords =
  'accuracy|precision|recall|f1|f-1|f-score|f-measure|bleu|rouge|meteor|cider|perplexity|auc|map|' +
  'error|error rate|wer|score|scores|percentage|percent|speedup|improvement|gain|margin|' +
  'learning rate|batch size|dropout|dimension|dimensionality|size|number|rate|epochs|mean|iou|miou|' +
  'top-1|top-5|em|exact match|fps|speed|latency|parameters|auprc|aupr|auroc|correlation|median|' +
  'average|share|fraction|proportion|ratio|time';
const numberQuestion = new RegExp(
  `\\bhow (many|much|long|large|big|far|fast|often|old|high|low|well|accurate|accurately|precise|precisely|quick|quickly|slow|slowly)\\b|\\b(what|which)( is| was| are| were)?( the)? (${metricWords})\\b`,
);
/** "What mean IoU does the model reach?": a measured value, whatever it is called. */
const measuredValueQuestion =
  /^(what|which)\b(?: [\w-]+){1,3} (?:does|do|did|is|was)\b.*\b(reach|reaches|achieve|achieves|get|gets|obtain|obtains|score|scores|report|reports)\b/;
const timeQuestion = /^(when\b|(in |during )?(what|which) (year|month|decade|century)\b)/;
const reasonQuestion =
  /^(why\b|how come\b|(what|which) (is|are|was|were) the (main )?(reasons?|motivation|rationale|purpose|cause)\b|(what|which) (motivates|motivated|causes|caused)\b|for what (reason|purpose)\b)/;
const nameQuestion =
  /^(who|whom|whose|which)\b|^what (model|models|method|methods|dataset|datasets|corpus|corpora|benchmark|benchmarks|optimizer|architecture|algorithm|metric|metrics|system|baseline|baselines|library|framework|language|network|task|tasks)\b/;

const limitationQuestion =
  /\b(limitations?|shortcomings?|weakness(es)?|drawbacks?|downsides?|disadvantages?|caveats?|pitfalls?|fall(s)? short|go(es)? wrong|fail(s|ed)? to|weak points?)\b/;
const futureQuestion =
  /\b(future|next steps?|(look|looking) into next|plan(s|ned)? (to|next)|propose to (study|explore|look)|follow[- ]up|open (questions|problems)|what('s| is) next)\b/;
const hardwareQuestion =
  /\b(hardware|gpus?|cpus?|tpus?|machines?|devices?|compute|computing resources|cluster|infrastructure|accelerators?)\b/;

const limitationPattern =
  /\b(?:limitations?|limited (?:to|by|in)|drawbacks?|shortcomings?|weakness(?:es)?|disadvantages?|caveats?|cannot|can not|unable to|fails? to|failed to|does not (?:\w+)|do not (?:\w+)|is not able|not (?:yet )?(?:able|possible|supported|released|available)|restricted to|suffers? from|at the cost of)\b[^.;:]*/gi;
const futurePattern =
  /\b(?:future (?:work|research|directions?|studies|versions?)|(?:we|they) (?:plan|intend|hope) to|plan to|will (?:explore|investigate|study|extend|address|consider|examine|look)|(?:remains?|is left) (?:open|to be|for future)|further (?:work|research|study|investigation|improvements?)|an? (?:interesting|promising|rich) (?:area|direction|avenue))\b[^.;:]*/gi;
const hardwarePattern =
  /\b(?:\d+\s?(?:x\s?)?)?(?:nvidia\s)?(?:gpus?|cpus?|tpus?|geforce[\w\s-]*|titan[\w\s-]*|tesla[\w\s-]*|[vakph]100s?|k[48]0s?|(?:rtx\s?)?[1-4]0[789]0(?:\s?ti)?|xeon[\w\s-]*|opteron[\w\s-]*|intel core[\w\s-]*|\d+(?:\.\d+)?\s?ghz|\d+\s?gb (?:of )?(?:ram|memory|gpu memory)|(?:dual|quad|multi)-core[\w\s-]*|(?:cluster|nodes?|machines?|servers?) (?:of|with) [^.;:,]*)/gi;

const numberPattern =
  /(?<![\w.])[-+±]?\d+(?:[.,]\d+)*(?:\s?%|\s?(?:k|K|M|B)\b|\s(?:million|billion|thousand|hundred)\b)?(?![\w])/g;
const timePattern =
  /\b(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)(?:\s+\d{1,2},?)?\s+)?(?:1[0-9]{3}|20[0-9]{2})s?\b/g;
/** A clause that gives a cause or a purpose, from its marker to the end of the clause. */
const reasonPattern =
  /\b(?:because|since|due to|owing to|as a result of|in order to|so that|so as to|to (?:avoid|prevent|reduce|mitigate|alleviate|address|overcome|remedy|counter|compensate|ensure|guarantee|cope with|deal with)|this is why|which is why|the reason)\b[^.;:]*/gi;
/** A run of capitalised or mixed-case words ("Penn Treebank", "ResNet-50", "SQuAD v1.1"). */
const namePattern =
  /\b(?:[A-Z][\w.-]*[\w]|[A-Z])(?:\s+(?:of\s+|de\s+|the\s+)?(?:[A-Z][\w.-]*[\w]|v?\d[\d.]*))*/g;

/** The answer type a question asks for, or null when the rules have no opinion. */
export function expectedAnswerKind(question: string): AnswerKind | null {
  const lowered = question.trim().toLowerCase();
  if (reasonQuestion.test(lowered)) return 'reason';
  if (limitationQuestion.test(lowered)) return 'limitation';
  if (futureQuestion.test(lowered)) return 'future';
  if (hardwareQuestion.test(lowered)) return 'hardware';
  if (timeQuestion.test(lowered)) return 'time';
  if (numberQuestion.test(lowered) || measuredValueQuestion.test(lowered)) return 'number';
  if (nameQuestion.test(lowered)) return 'name';
  return null;
}

/**
 * The likely answer span of `sentence` for `question`: among the spans of the expected kind that
 * the question does not already contain, the one nearest the question's words in the sentence.
 */
export function highlightAnswerSpan(options: {
  question: string;
  sentence: string;
}): AnswerSpan | null {
  const kind = expectedAnswerKind(options.question);
  if (kind === null) return null;
  const { sentence } = options;
  const questionTokens = new Set(tokenize(options.question));
  const candidates = newSpansOfKind({ sentence, kind, questionTokens });
  if (candidates.length === 0) return null;
  const anchors = anchorOffsets(sentence, questionTokens);
  if (anchors.length === 0) return candidates[0] ?? null;
  let best = candidates[0] ?? null;
  let bestDistance = Infinity;
  for (const span of candidates) {
    const distance = Math.min(
      ...anchors.map((anchor) =>
        anchor < span.start ? span.start - anchor : Math.max(0, anchor - span.end),
      ),
    );
    if (distance < bestDistance) [best, bestDistance] = [span, distance];
  }
  return best;
}

/**
 * For a question that asks for a kind of answer, a test of whether a sentence holds one (a span
 * of that kind the question does not already contain); null when the question asks for no kind.
 */
export function answerTypeTest(question: string): ((sentence: string) => boolean) | null {
  const kind = expectedAnswerKind(question);
  if (kind === null) return null;
  const questionTokens = new Set(tokenize(question));
  return (sentence) => newSpansOfKind({ sentence, kind, questionTokens }).length > 0;
}

/** Spans of `kind` in the sentence with a content word the question does not already contain. */
function newSpansOfKind(options: {
  sentence: string;
  kind: AnswerKind;
  questionTokens: ReadonlySet<string>;
}): AnswerSpan[] {
  return spansOfKind(options.sentence, options.kind).filter((span) => {
    const tokens = tokenize(span.text).filter((token) => !isStopword(token));
    return tokens.length > 0 && tokens.some((token) => !options.questionTokens.has(token));
  });
}

function spansOfKind(sentence: string, kind: AnswerKind): AnswerSpan[] {
  const pattern = {
    number: numberPattern,
    time: timePattern,
    name: namePattern,
    reason: reasonPattern,
    limitation: limitationPattern,
    future: futurePattern,
    hardware: hardwarePattern,
  }[kind];
  const spans: AnswerSpan[] = [];
  for (const match of sentence.matchAll(pattern)) {
    const start = match.index;
    const text = match[0].trim();
    if (text.length === 0) continue;
    if (kind === 'number' && insideCitation(sentence, start)) continue;
    if (kind === 'name' && isCommonSentenceOpener(sentence, start, text)) continue;
    spans.push({ start, end: start + text.length, text, kind });
  }
  return spans;
}

/** "[12]", "[3, 4]": numbers inside square brackets are citations, not answers. */
function insideCitation(sentence: string, offset: number): boolean {
  const open = sentence.lastIndexOf('[', offset);
  if (open < 0) return false;
  const close = sentence.indexOf(']', open);
  return close >= offset && !sentence.slice(open, offset).includes(']');
}

/** "The", "We", "In": a capitalised stopword that only starts the sentence is not a name. */
function isCommonSentenceOpener(sentence: string, start: number, text: string): boolean {
  const firstWord = text.split(/\s+/)[0] ?? '';
  return isStopword(firstWord.toLowerCase()) && sentence.slice(0, start).trim().length === 0;
}

/** Offsets where a content word of the question occurs in the sentence. */
function anchorOffsets(sentence: string, questionTokens: ReadonlySet<string>): number[] {
  const anchors: number[] = [];
  for (const match of sentence.matchAll(/[\p{L}\p{N}]+/gu)) {
    const token = match[0].toLowerCase();
    if (questionTokens.has(token) && !isStopword(token)) anchors.push(match.index);
  }
  return anchors;
}
