/**
 * @module Need words: the small closed vocabularies that say what data a researcher needs, in the
 * DataFinder paper's slots (section 3.3 and the error analysis of 5.3–5.4: task, modality, domain
 * and language words carry the need; method words do not). Used to boost those query words, to
 * infer a dataset's modalities and languages when its record has none, and to label explanations.
 * Phrases are read before words everywhere: "hate speech" is text, "speech recognition" speech.
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
  '3D': '3d pointcloud pointclouds lidar mesh meshes voxel depth rgbd stereo',
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
  Polish: 'polish',
  Thai: 'thai',
  Swahili: 'swahili kiswahili',
  Greek: 'greek',
  Catalan: 'catalan',
  Welsh: 'welsh',
  Basque: 'basque',
  Kinyarwanda: 'kinyarwanda',
  Finnish: 'finnish',
  Telugu: 'telugu',
  Bulgarian: 'bulgarian',
  Tamil: 'tamil',
  Marathi: 'marathi',
  Hebrew: 'hebrew',
  Swedish: 'swedish',
  Norwegian: 'norwegian',
  Danish: 'danish',
  Ukrainian: 'ukrainian',
  Romanian: 'romanian',
  Hungarian: 'hungarian',
  Malay: 'malay',
  Tagalog: 'tagalog filipino',
  Amharic: 'amharic',
  Hausa: 'hausa',
  Yoruba: 'yoruba',
  Igbo: 'igbo',
  Zulu: 'zulu isizulu',
  Nepali: 'nepali',
  Estonian: 'estonian',
  Slovak: 'slovak',
  Slovenian: 'slovenian slovene',
  Croatian: 'croatian',
  Serbian: 'serbian',
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

/**
 * Names of several words read as one unit before their words (needMatches): the words of a
 * phrase signal only what the phrase signals ("hate speech" is text, "video games" a domain, "in
 * depth" nothing).
 */
const phraseSignals: Record<string, readonly string[]> = {
  'hate speech': ['modality:Text'],
  hatespeech: ['modality:Text'],
  'offensive speech': ['modality:Text'],
  'toxic speech': ['modality:Text'],
  'free speech': ['modality:Text'],
  'political speech': ['modality:Text'],
  'speech act': ['modality:Text'],
  'speech acts': ['modality:Text'],
  'part of speech': ['modality:Text'],
  'parts of speech': ['modality:Text'],
  'figure of speech': ['modality:Text'],
  'figures of speech': ['modality:Text'],
  'reported speech': ['modality:Text'],
  'natural language': ['modality:Text'],
  'language model': ['modality:Text'],
  'language models': ['modality:Text'],
  'language modeling': ['modality:Text'],
  'language modelling': ['modality:Text'],
  'programming language': ['modality:Text'],
  'programming languages': ['modality:Text'],
  'source code': ['modality:Text'],
  'text to speech': ['modality:Speech'],
  texttospeech: ['modality:Speech'],
  'speech to text': ['modality:Speech'],
  'speech recognition': ['modality:Speech'],
  'speech synthesis': ['modality:Speech'],
  'speech translation': ['modality:Speech'],
  'speech emotion': ['modality:Speech'],
  'speech enhancement': ['modality:Speech'],
  'spoken language': ['modality:Speech'],
  // Short spoken words, not text: "keyword spotting", "wake words", "voice commands".
  'keyword spotting': ['modality:Speech'],
  'wake word': ['modality:Speech'],
  'wake words': ['modality:Speech'],
  'spoken words': ['modality:Speech'],
  'voice command': ['modality:Speech'],
  'voice commands': ['modality:Speech'],
  'spoken commands': ['modality:Speech'],
  'command words': ['modality:Speech'],
  'sign language': ['modality:Video'],
  'point cloud': ['modality:3D'],
  'point clouds': ['modality:3D'],
  'depth map': ['modality:3D'],
  'depth maps': ['modality:3D'],
  'depth estimation': ['modality:3D'],
  'in depth': [],
  indepth: [],
  'time series': ['modality:Time series'],
  'knowledge graph': ['modality:Graph'],
  'knowledge graphs': ['modality:Graph'],
  'scene graph': ['modality:Image'],
  'scene graphs': ['modality:Image'],
  'scene text': ['modality:Image'],
  'handwritten text': ['modality:Image'],
  'text images': ['modality:Image'],
  'text image': ['modality:Image'],
  'word images': ['modality:Image'],
  'video game': ['domain:Games'],
  'video games': ['domain:Games'],
  'computer games': ['domain:Games'],
  'social media': ['domain:Social media'],
  'electronic health records': ['domain:Medical'],
  // "which benchmarks do people use": those who use the data, not people in it.
  'people use': [],
  'people used': [],
  'people usually': [],
  'people commonly': [],
  'people typically': [],
  // People who judge the data are no people in it ("distorted images with human opinion scores").
  'human opinion': [],
  'human opinions': [],
  'human ratings': [],
  'human judgments': [],
  'human judgements': [],
  'human annotators': [],
  'human annotations': [],
  'human raters': [],
  'human evaluation': [],
  'human preferences': [],
  // Animals' or people's social behaviour is no social media.
  'social interaction': [],
  'social interactions': [],
  'social behavior': [],
  'social behaviour': [],
  'social behaviors': [],
  'social behaviours': [],
  'social navigation': [],
  // Traffic on a network is no road traffic.
  'network traffic': [],
  'attack traffic': [],
  'internet traffic': [],
  'web traffic': [],
  'packet traffic': [],
  'iot traffic': [],
};

/** One need phrase or word found in a token list: tokens `start` to `end` (exclusive). */
export interface NeedMatch {
  start: number;
  end: number;
  words: readonly NeedWord[];
}

interface NeedPhrase {
  tokens: string[];
  words: NeedWord[];
}

let phrasesByFirstToken: Map<string, NeedPhrase[]> | undefined;

/** Need phrases by their first token, longest first. */
function needPhrases(): Map<string, NeedPhrase[]> {
  if (phrasesByFirstToken) return phrasesByFirstToken;
  const all = Object.entries(phraseSignals)
    .map(([phrase, signals]) => ({
      tokens: phrase.split(' '),
      words: signals.map((signal) => {
        const [category, label] = signal.split(':') as [NeedCategory, string];
        return { category, label };
      }),
    }))
    .sort((left, right) => right.tokens.length - left.tokens.length);
  phrasesByFirstToken = new Map();
  for (const phrase of all) {
    const first = phrase.tokens[0] ?? '';
    phrasesByFirstToken.set(first, [...(phrasesByFirstToken.get(first) ?? []), phrase]);
  }
  return phrasesByFirstToken;
}

/**
 * What `tokens` signal, phrases first: a token inside a need phrase ("speech" in "hate speech")
 * signals only what the phrase does; every other token signals its own need words.
 */
export function needMatches(tokens: readonly string[]): NeedMatch[] {
  const matches: NeedMatch[] = [];
  let index = 0;
  while (index < tokens.length) {
    const phrase = needPhrases()
      .get(tokens[index] ?? '')
      ?.find(({ tokens: words }) => words.every((word, offset) => tokens[index + offset] === word));
    if (phrase) {
      matches.push({ start: index, end: index + phrase.tokens.length, words: phrase.words });
      index += phrase.tokens.length;
      continue;
    }
    const words = needWordsOf(tokens[index] ?? '');
    if (words.length > 0) matches.push({ start: index, end: index + 1, words });
    index += 1;
  }
  return matches;
}

/**
 * Whether each token of `tokens` sits in a need phrase that says something its own need words do
 * not ("speech" in "hate speech": speech alone is the speech modality, the phrase is text).
 */
export function phraseChangesWord(tokens: readonly string[]): boolean[] {
  const changed = tokens.map(() => false);
  for (const match of needMatches(tokens)) {
    if (match.end - match.start < 2) continue;
    for (let index = match.start; index < match.end; index++) {
      const own = needWordsOf(tokens[index] ?? '');
      const differs = own.some(
        (word) =>
          !match.words.some((said) => said.category === word.category && said.label === word.label),
      );
      changed[index] = differs;
    }
  }
  return changed;
}

/** The need words of each token of `tokens`, phrases first (needMatches). */
export function needWordsByToken(tokens: readonly string[]): (readonly NeedWord[])[] {
  const byToken: (readonly NeedWord[])[] = tokens.map(() => []);
  for (const match of needMatches(tokens))
    for (let index = match.start; index < match.end; index++) byToken[index] = match.words;
  return byToken;
}

let lexicon: Map<string, NeedWord[]> | undefined;

/** What a lowercase token signals, if anything (a word may signal several slots). */
export function needWordsOf(token: string): readonly NeedWord[] {
  lexicon ??= buildLexicon();
  return lexicon.get(token) ?? [];
}

/** Labels of `category` signalled anywhere in `tokens` (phrases first), with how often each was seen. */
export function needLabelCounts(options: {
  tokens: readonly string[];
  category: NeedCategory;
}): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of needMatches(options.tokens)) {
    for (const word of match.words) {
      if (word.category === options.category) {
        counts.set(word.label, (counts.get(word.label) ?? 0) + 1);
      }
    }
  }
  return counts;
}
