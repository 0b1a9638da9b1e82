/**
 * @module Task words: the head nouns (and a few verbs) that name a machine-learning task. A request
 * that contains none of them leaves the task open; DataFinder (section 5.3) shows that without task
 * words retrieval collapses, so this is the slot most worth asking about.
 */
import { stem, tokenize } from '@quarry/text';

const taskHeadWords = `classification classifier classify classifying categorization segmentation segment
segmenting detection detector detect detecting recognition recognize recognizing translation translate
translating summarization summarize summarizing summary summaries answering answer question questions qa
parsing parser tagging tagger generation generate generating generator retrieval retrieve search ranking
captioning caption captions tracking track estimation estimate estimating prediction predict predicting
forecasting forecast clustering reconstruction reconstruct synthesis synthesize superresolution denoising
inpainting localization localize identification identify verification verify extraction extract linking
labeling labelling completion recommendation recommender reasoning inference entailment alignment align
matching match transcription transcribe diarization enhancement separation editing correction
simplification paraphrase paraphrasing dialogue grounding counting registration navigation planning control
anomaly compression understanding modeling modelling resolution disambiguation typing retrieval
normalization spotting reidentification editing colorization deblurring dehazing restoration
regression imputation removal similarity calibration relighting discrimination odometry slam
mapping stylization transfer comprehension selection exploration sentiment polarity adaptation
generalization`;

const taskWords = [...new Set(tokenize(taskHeadWords))];
const taskStems = new Set(taskWords.map((word) => stem(word)));

/** Words at least this long also match a task word one typo away ("recogntion"). */
export const minTypoTolerantLength = 7;

/** Whether two words differ by at most one inserted, deleted or substituted letter. */
function withinOneEdit(left: string, right: string): boolean {
  if (Math.abs(left.length - right.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (left.length > right.length) i += 1;
    else if (right.length > left.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (left.length - i) + (right.length - j) <= 1;
}

/** Whether a token names a task (a misspelt long task word counts). */
/**
 * Words that share a stem with a task word without naming a task ("model" / "modeling",
 * "correctness" / "correction"), and the verb people use to ask this tool for data ("can you
 * recommend a dataset?").
 */
const notTaskWords = new Set([
  'model',
  'models',
  'recommend',
  'recommends',
  'recommended',
  // "unit tests to check correctness": a property, not error correction.
  'correctness',
  // "depth maps", "saliency maps": data, not mapping.
  'map',
  'maps',
]);

/** Task words for the annotation data carries ("labels" shares its stem with "labeling"). */
const annotationWords: ReadonlySet<string> = new Set(['label', 'labels', 'tags']);

/**
 * Whether a task phrase names the annotation of the data ("per-point semantic labels", "a type
 * label", "strong labels"): in a follow-up it describes the data of the standing task, while in
 * a first message "arrhythmia labels" names what is to be classified.
 */
export function namesAnnotation(task: string): boolean {
  const words = tokenize(task.toLowerCase());
  return annotationWords.has(words[words.length - 1] ?? '');
}

/** Task words that name a task only with a head after them ("anomaly detection"). */
const qualifyingTaskWords: ReadonlySet<string> = new Set(['anomaly', 'anomalies', 'similarity']);

/**
 * Whether one word, as written, names a task by itself ("detection", "summarization"): a task
 * word itself, not a relative that shares its stem ("similar", "inferring"), and not a word that
 * needs a head ("anomaly").
 */
export function namesTaskAlone(word: string): boolean {
  const lower = word.toLowerCase();
  return taskWords.includes(lower) && !qualifyingTaskWords.has(lower) && !notTaskWords.has(lower);
}

export function isTaskWord(token: string): boolean {
  if (notTaskWords.has(token)) return false;
  // A past participle describes the data ("transcribed speech", "annotated frames"), it does
  // not name a task.
  if (token.endsWith('ed') && !taskWords.includes(token)) return false;
  if (taskStems.has(stem(token))) return true;
  if (token.length < minTypoTolerantLength) return false;
  return taskWords.some(
    (word) => word.length >= minTypoTolerantLength && withinOneEdit(token, word),
  );
}

/** Task verbs and the noun that names their task. */
const taskNounOfVerb = new Map(
  (
    'detect:detection classify:classification segment:segmentation recognize:recognition ' +
    'recognise:recognition translate:translation summarize:summarization summarise:summarization ' +
    'predict:prediction forecast:forecasting estimate:estimation generate:generation ' +
    'track:tracking retrieve:retrieval transcribe:transcription identify:identification ' +
    'verify:verification extract:extraction localize:localization localise:localization ' +
    'reconstruct:reconstruction synthesize:synthesis parse:parsing tag:tagging count:counting ' +
    'caption:captioning cluster:clustering denoise:denoising ' +
    // The same verbs as a request's gerund: "I'm interested in detecting sarcasm".
    'detecting:detection classifying:classification segmenting:segmentation ' +
    'recognizing:recognition recognising:recognition translating:translation ' +
    'summarizing:summarization summarising:summarization predicting:prediction ' +
    'estimating:estimation generating:generation retrieving:retrieval ' +
    'transcribing:transcription identifying:identification verifying:verification ' +
    'extracting:extraction localizing:localization localising:localization ' +
    'reconstructing:reconstruction synthesizing:synthesis synthesising:synthesis ' +
    'separate:separation separating:separation enhance:enhancement enhancing:enhancement'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/** Words that end the object of a task verb ("sarcasm" in "detect sarcasm in tweets"). */
const objectEnds = new Set([
  'in',
  'on',
  'from',
  'for',
  'with',
  'of',
  'at',
  'using',
  'by',
  'and',
  'or',
]);

/** Up to two content words after a task verb, before a preposition ends them. */
function objectAfter(
  tokens: readonly string[],
  from: number,
  isFiller: (token: string) => boolean,
  links: readonly boolean[] = [],
): string[] {
  // Two words at most, a hyphenated word counting as one ("face-swap deepfake videos").
  const object: string[] = [];
  for (let at = from; at < tokens.length && object.length < 2; at += 1) {
    const word = tokens[at] ?? '';
    if (objectEnds.has(word) || isTaskWord(word)) break;
    let unit = word;
    while (links[at] === true && at + 1 < tokens.length) {
      at += 1;
      unit += `-${tokens[at] ?? ''}`;
    }
    if (unit !== word || (!isFiller(word) && !determiners.has(word) && !/^\d+$/.test(word)))
      object.push(unit);
  }
  return object;
}

/** "sequence-to-sequence tasks", "the task of …": the request names its task in so many words. */
const taskNouns = new Set(['task', 'tasks']);

/** Words before "task" that point at a task without naming it. */
const determiners = new Set([
  'my',
  'our',
  'your',
  'their',
  'this',
  'that',
  'these',
  'those',
  'the',
  'a',
  'an',
  'same',
  'new',
  'downstream',
  'target',
  'main',
  'other',
  'several',
  'many',
  'various',
  'different',
  'diverse',
  'multiple',
  'some',
  'any',
  'each',
  'every',
]);

/**
 * Prepositions a task phrase does not reach back over, and the copulas after a subject ("the
 * target is transcribing meetings": the task is meeting transcription, not "target transcribing").
 */
const phraseBoundaries = new Set([
  'for',
  'on',
  'of',
  'about',
  'with',
  'to',
  'from',
  'in',
  'over',
  'is',
  'are',
  'was',
  'were',
]);

/**
 * For each token of `text` (as `tokenize` without joining gives them), whether a hyphen joins it
 * to the next one ("few-shot", "text-to-speech"); all false when the tokens of the text's
 * whitespace-separated chunks do not line up with the whole text's.
 */
export function hyphenLinks(text: string): boolean[] {
  const links: boolean[] = [];
  for (const chunk of text.split(/\s+/)) {
    const parts = tokenize(chunk, { joinHyphenated: false });
    const joined = /[\p{L}\p{N}][-\u2010\u2011][\p{L}\p{N}]/u.test(chunk);
    parts.forEach((_, index) => links.push(joined && index < parts.length - 1));
  }
  const count = tokenize(text, { joinHyphenated: false }).length;
  return links.length === count ? links : new Array<boolean>(count).fill(false);
}

/**
 * The task phrase of a request (a task word with up to three words before it, or the words before
 * "task(s)"), or null. A hyphenated word stays whole, filler parts included ("few-shot image
 * classification", "text-to-speech synthesis").
 */
export function findTaskPhrase(text: string, isFiller: (token: string) => boolean): string | null {
  const tokens = tokenize(text, { joinHyphenated: false });
  const links = hyphenLinks(text);
  const linked = (at: number) => links[at] === true || links[at - 1] === true;
  const isDropped = (at: number) => !linked(at) && isFiller(tokens[at] ?? '');
  // The words from `from` to `to`, fillers left out before `kept` (the task word and after).
  const phraseOf = (from: number, to: number, kept = to) =>
    tokens
      .slice(from, to)
      .map((word, offset) => ({ word, at: from + offset }))
      .filter(({ at }) => at >= kept || !isDropped(at))
      .map(({ word, at }) => word + (links[at] === true && at + 1 < to ? '-' : ' '))
      .join('')
      .trim();
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    const namedTask = taskNouns.has(token);
    if (!isTaskWord(token) && !namedTask) continue;
    // The words before reach back three words, never over a preposition: "a dataset for question
    // answering" names question answering, not "dataset question answering".
    const start = Math.max(0, index - 3);
    let from = index;
    while (from > start && (!phraseBoundaries.has(tokens[from - 1] ?? '') || linked(from - 1)))
      from -= 1;
    // A hyphenated word is not cut at the reach of three words ("sequence-to-sequence").
    while (from > 0 && links[from - 1] === true) from -= 1;
    const before = tokens.slice(from, index).filter((_, offset) => !isDropped(from + offset));
    if (namedTask) {
      // The words before "task" up to a determiner name it: "the segmentation task" and
      // "sequence-to-sequence tasks" do, while "a model for my task" or "downstream tasks" do not.
      let reach = start;
      while (reach > 0 && links[reach - 1] === true) reach -= 1;
      let first = index;
      while (first > reach && !(determiners.has(tokens[first - 1] ?? '') && !linked(first - 1)))
        first -= 1;
      const adjacent = phraseOf(first, index);
      if (adjacent !== '') return adjacent;
      continue;
    }
    // A task verb opening the phrase names its task by what follows: "detect sarcasm in tweets"
    // is sarcasm detection, "classify bird songs" bird song classification.
    // "planning to segment tumours": the person's plan, not path planning.
    if (token === 'planning' && tokens[index + 1] === 'to') continue;
    const noun = taskNounOfVerb.get(token);
    if (noun !== undefined && before.length === 0) {
      // "generate or summarise commit messages": two verbs share the object after the second.
      const shared =
        (tokens[index + 1] === 'or' || tokens[index + 1] === 'and') &&
        taskNounOfVerb.has(tokens[index + 2] ?? '');
      const object = objectAfter(tokens, index + (shared ? 3 : 1), isFiller, links);
      if (object.length > 0) return [...object, noun].join(' ');
    }
    // A task word right after it belongs to the phrase ("question answering", "answer selection").
    const next = tokens[index + 1];
    const end = next !== undefined && isTaskWord(next) ? index + 2 : index + 1;
    return phraseOf(from, end, index);
  }
  return null;
}
