/**
 * @module Need words: the small closed vocabularies that say what data a researcher needs, in the
 * DataFinder paper's slots (section 3.3 and the error analysis of 5.3–5.4: task, modality, domain
 * and language words carry the need; method words do not). Used to boost those query words, to
 * infer a dataset's modalities and languages when its record has none, and to label explanations.
 */

export const needCategories = ['modality', 'language', 'domain'] as const;
export type NeedCategory = (typeof needCategories)[number];

export interface NeedWord {
  category: NeedCategory;
  /** The canonical label, e.g. "Image" for "images", "photos" and "pictures". */
  label: string;
}

/** Canonical label -> lowercase words (as `tokenize` gives them) that signal it. */
const modalityWords: Record<string, string> = {
  Image: 'image images imagery photo photos photograph photographs picture pictures pixel',
  Video: 'video videos clip clips frames footage',
  Text: 'text texts textual sentence sentences document documents corpus word words tweets notes',
  Speech: 'speech spoken speaker speakers utterance utterances asr',
  Audio: 'audio sound sounds music acoustic',
  '3D': '3d point pointcloud pointclouds lidar mesh meshes voxel depth rgbd stereo',
  Graph: 'graph graphs node nodes edges',
  Tabular: 'tabular table tables',
  'Time series': 'timeseries sensor sensors signal signals eeg ecg',
  Medical: 'mri ct xray radiology radiograph radiographs histopathology ultrasound',
};

const languageWords: Record<string, string> = {
  English: 'english',
  Chinese: 'chinese mandarin cantonese',
  German: 'german',
  French: 'french',
  Spanish: 'spanish',
  Arabic: 'arabic',
  Hindi: 'hindi',
  Japanese: 'japanese',
  Korean: 'korean',
  Russian: 'russian',
  Portuguese: 'portuguese',
  Italian: 'italian',
  Dutch: 'dutch',
  Turkish: 'turkish',
  Vietnamese: 'vietnamese',
  Persian: 'persian farsi',
  Indonesian: 'indonesian',
  Bengali: 'bengali',
  Urdu: 'urdu',
  Czech: 'czech',
  Multilingual: 'multilingual crosslingual bilingual',
};

const domainWords: Record<string, string> = {
  Medical: 'medical biomedical clinical health patient patients disease diseases hospital',
  Biology: 'protein proteins molecule molecules molecular gene genes genomic cell cells chemical',
  Driving: 'driving autonomous vehicle vehicles traffic pedestrian pedestrians road roads',
  'Remote sensing': 'aerial satellite remote drone uav',
  Legal: 'legal law court',
  Finance: 'financial finance stock stocks',
  News: 'news newswire',
  'Social media': 'twitter tweets social reddit',
  Science: 'scientific science scholarly citation citations',
  Commerce: 'product products ecommerce shopping retail reviews',
  Dialogue: 'dialogue dialog conversation conversational chat',
  Face: 'face faces facial',
  People: 'person people human humans pedestrian',
  Robotics: 'robot robots robotic manipulation grasping',
  Surveillance: 'surveillance',
  Art: 'art artistic paintings',
  Sports: 'sports sport',
  Games: 'game games atari',
};

function buildLexicon(): Map<string, NeedWord[]> {
  const lexicon = new Map<string, NeedWord[]>();
  const add = (category: NeedCategory, table: Record<string, string>) => {
    for (const [label, words] of Object.entries(table)) {
      for (const word of words.split(' ')) {
        const entries = lexicon.get(word) ?? [];
        entries.push({ category, label });
        lexicon.set(word, entries);
      }
    }
  };
  add('modality', modalityWords);
  add('language', languageWords);
  add('domain', domainWords);
  return lexicon;
}

let lexicon: Map<string, NeedWord[]> | undefined;

/** What a lowercase token signals, if anything (a word may signal several slots). */
export function needWordsOf(token: string): readonly NeedWord[] {
  lexicon ??= buildLexicon();
  return lexicon.get(token) ?? [];
}

/** Labels of `category` signalled anywhere in `tokens`, with how often each was seen. */
export function needLabelCounts(options: {
  tokens: Iterable<string>;
  category: NeedCategory;
}): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of options.tokens) {
    for (const word of needWordsOf(token)) {
      if (word.category === options.category) {
        counts.set(word.label, (counts.get(word.label) ?? 0) + 1);
      }
    }
  }
  return counts;
}
