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
labeling labelling completion recommendation recommend reasoning inference entailment alignment align
matching match transcription transcribe diarization enhancement separation editing correction
simplification paraphrase paraphrasing dialogue grounding counting registration navigation planning control
anomaly compression understanding modeling modelling resolution disambiguation typing retrieval
normalization spotting reidentification editing colorization deblurring dehazing restoration
regression imputation removal similarity calibration relighting discrimination odometry slam
mapping stylization transfer`;

const taskStems = new Set(tokenize(taskHeadWords).map((word) => stem(word)));

/** Whether a token names a task. */
export function isTaskWord(token: string): boolean {
  return taskStems.has(stem(token));
}

/** The task phrase of a request (a task word with up to three words before it), or null. */
export function findTaskPhrase(text: string, isFiller: (token: string) => boolean): string | null {
  const tokens = tokenize(text, { joinHyphenated: false });
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    if (!isTaskWord(token)) continue;
    const start = Math.max(0, index - 3);
    const before = tokens.slice(start, index).filter((word) => !isFiller(word));
    return [...before, token].join(' ');
  }
  return null;
}
