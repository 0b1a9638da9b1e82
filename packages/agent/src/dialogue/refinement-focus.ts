/**
 * @module What a refinement asks for, in the person's words: its words without stopwords and
 * fillers ("only ones please", "the year restriction was dumb"), without what says why rather than
 * what ("it's for a home robot", "our method", "built from"), hyphens and slashes between
 * alternatives kept. Pure: text in, words out.
 */
import { isStopword, tokenize } from '@quarry/text';
import { isTaskWord } from '../task-lexicon.js';

/**
 * "it's for a home robot", "that's for a grounded captioning paper", "Context: we're building
 * background replacement for video calls", "we want to redistribute some clips in a demo": what
 * the person's work is or what they will do with the data ("to train a translation system"), which
 * says why, not what the data must hold; it is searched for but not required.
 */
const purpose =
  /\b(?:it(?:'s| is)|that(?:'s| is)|this is|which is|all|everything(?:'s| is)?|(?:we(?:'re| are)|i(?:'m| am)) (?:building|making|developing|doing|deploying) (?:this|it|that)) (?:just |only |mainly |mostly )?for (?:a|an|our|my|the|some) [^,.;:!?]+|\bcontext\s*:\s*[^.;!?]+|\b(?:we(?:'re| are)|i(?:'m| am)) (?:building|developing|making|deploying|prototyping) [^,.;:!?]+|\b(?:we|i)(?:'d| would)? (?:want|need|plan|hope|like|have) to (?:redistribute|share|publish|release|show|demo|ship|sell|put) [^,.;:!?]+|\bto (?:train|build|fine-?tune|pre-?train|evaluate|test|benchmark) (?:a|an|our|my|the|some) [^,.;:!?]*?\b(?:model|system|classifier|network|detector|tagger|parser|recogni[sz]er|pipeline|engine)s?\b/gi;
/** "my collaborator is in Hanoi": the person's circumstances, which ask for nothing. */
const circumstances =
  /\b(?:my|our) (?:collaborators?|colleagues?|co-?authors?|supervisor|advisor|pi|boss|client|partners?|team|lab|group|company|students?) (?:is|are|was|were|works?|lives?|sits?) [^,.;:!?]+/gi;
/** "our method", "my model": the person's own work, not a property of the data. */
const ownWork =
  /\b(?:our|my) (?:own )?(?:method|model|approach|system|pipeline|paper|project|work|setup|use case|application|architecture|network)s?\b/gi;
/**
 * "a permissive licence such as CC-BY", "commercial use": terms of use, which the catalog does not
 * record (the reply says so, read-message.ts); as words to search for they would keep the few
 * descriptions that happen to say them.
 */
const licenceTerms =
  /\b(?:(?:permissive|open|free|commercial(?:ly)?[- ]?(?:usable|friendly)?|non[- ]?commercial|restrictive|research[- ]only|creative commons|cc[- ]by(?:[- ](?:sa|nc|nd))*|cc0|mit|apache(?: 2(?:\.0)?)?|gpl)\s+)*(?:licen[cs]e[sd]?|licensing|terms of use|commercial use)\b(?:\s*,?\s*(?:such as|like|e\.?\s?g\.?,?)\s+[\w.-]+(?:\s+(?:or|and)\s+[\w.-]+)?)?/gi;

const licenceMention = new RegExp(licenceTerms.source, 'i');

/** Whether `text` speaks of terms of use ("a permissive licence such as CC-BY"). */
export function mentionsLicence(text: string): boolean {
  return licenceMention.test(text);
}

/**
 * "I want other sources", "different options": more of what the conversation asked for, which a
 * ruled-out phrase beside it already says; no words to search for.
 */
const otherOnes =
  /\b(?:other|different|alternative|another|new|more|fresh)\s+(?:sources?|options?|alternatives?|choices?|suggestions?|ideas?|origins?|providers?|candidates?|picks?)\b/gi;

/** "built from", "based on", "scraped off": how datasets were made, which asks for nothing itself. */
const madeFrom =
  /\b(?:built|based|made|scraped|collected|derived|sourced|drawn|taken|crawled|gathered|pulled)\s+(?:from|on|off|out of|of)\b/gi;
/**
 * Words that carry no request in a refinement ("only ones please", "make it"), and words about
 * the conversation rather than the data ("the year restriction was dumb, reviewers will want …").
 */
const refinementFillers = new Set(
  `only just actually please pls plz instead rather make it that them those these ones one same thing
  also maybe perhaps ideally preferably hmm eh uh um ok okay sorry meant mean clear clearer should been want need
  like something some dataset datasets data set sets corpus benchmark benchmarks released published
  newer older recent fine good works work too either any anything stuff kind type sort version versions
  change plan swap replace now then still well yes yeah sure thanks thank domain task tasks field area
  topic classic standard usual people use used using find finding look looking specifically ideal
  would could really stuff things eg e g etc typo typos oops whoops classics first way much far lot
  bit slightly very quite right correct let switch modality modalities
  year years date dates restriction restrictions constraint constraints requirement requirements
  criterion criteria condition conditions limit limits filter filters forgot forget mention
  mentioned said say wrote typed earlier previous above dumb silly stupid pointless overkill
  unnecessary anyway anyhow honestly definitely certainly probably basically reviewer reviewers
  advisor supervisor boss idea point matter care mind tell told know think guess hope suppose
  talked spoke discussed checked pi project projects lab labmate colleague team thesis corpora
  important detail details note backwards pasted paste proposal autocorrect autocorrected argh ugh
  mixed confused go ahead possible plus bonus nice preferred acceptable required necessary
  mandatory essential restrict restricted similar comparable equivalent analogous alike
  restricting narrow narrowed narrowing focus focused focusing covered down prefer release releases
  already related useful`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/**
 * Words that ask for labels of some kind without saying which ("aspect-level labels", "polygon
 * annotations"): the words before them say it, and nearly every dataset is labelled. Left out of
 * what a refinement asks for, kept in what it rules out ("not the one with handwritten labels").
 */
const annotationFillers = new Set(
  'labels label labelled labeled annotations annotation annotated'.split(' '),
);

/** Words that end a compound without saying anything of it ("legal-domain", "text-only data"). */
const compoundFillers = new Set(
  'domain domains field area topic data dataset datasets set sets stuff ones'.split(' '),
);

/** Where "or" stood between two kept words, until the focus's length says what it means. */
const orMark = '\u0000or';
const separators: ReadonlySet<string> = new Set(['/', orMark]);
/** Between two phrases that are alternatives as a whole (phrase-alternatives.ts). */
const phraseOr = '|';
/** Longest focus (in words) in which "or" offers alternatives. */
const mostWordsWithOr = 4;

/**
 * `text`'s words without stopwords and fillers, each as written (hyphens kept), in order. A slash
 * between two kept words stays: it offers alternatives ("curved / arbitrary-shaped text",
 * phrase-alternatives.ts); so does "or" ("aerial or drone imagery": "aerial / drone imagery").
 */
function focusOf(text: string): string {
  const kept: string[] = [];
  for (const written of text.split(/\s+/)) {
    if (written === '/' || written.toLowerCase() === 'or') {
      const mark = written === '/' ? '/' : orMark;
      if (kept.length > 0 && !separators.has(kept[kept.length - 1] ?? '')) kept.push(mark);
      continue;
    }
    // "legal-domain", "news-style data": a filler that ends a compound says nothing either.
    const word = written
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
      .replace(/(?:[-\u2010][\p{L}\p{N}]+)+$/u, (ending) => {
        const parts = ending.split(/[-\u2010]/u).filter((part) => part !== '');
        let end = parts.length;
        while (end > 0 && compoundFillers.has(parts[end - 1]?.toLowerCase() ?? '')) end -= 1;
        return parts
          .slice(0, end)
          .map((part) => `-${part}`)
          .join('');
      });
    // "let's", "I'd", "FEVER's": the word without its contraction or possessive.
    const tokens = tokenize(word.replace(/['\u2019](?:d|s|ll|re|ve|m)$/iu, ''), {
      joinHyphenated: false,
    });
    if (
      tokens.some(
        (token) =>
          !isStopword(token) && !refinementFillers.has(token) && !annotationFillers.has(token),
      )
    )
      kept.push(word);
  }
  if (separators.has(kept[kept.length - 1] ?? '')) kept.pop();
  // "aerial or drone imagery": in a short focus "or" between two words that a head word follows
  // offers alternatives like a slash; "built or demolished" and a long description it joins.
  const words = kept.filter((word) => !separators.has(word)).length;
  const offers = (index: number) => words <= mostWordsWithOr && index < kept.length - 2;
  return kept
    .map((word, index) => (word === orMark && joinsTasks(kept, index) ? phraseOr : word))
    .filter((word, index) => word !== orMark || offers(index))
    .map((word) => (word === orMark ? '/' : word))
    .join(' ');
}

/**
 * Whether the "or" at `index` joins two task phrases ("speech recognition or sound event
 * detection"): a task word before it, and after it two words or more up to the focus's end, the
 * last a task word. Each phrase is then an alternative (phrase-alternatives.ts).
 */
function joinsTasks(kept: readonly string[], index: number): boolean {
  const after = kept.slice(index + 1);
  const lastWord = (word: string | undefined) =>
    tokenize(word ?? '', { joinHyphenated: false }).pop() ?? '';
  return (
    after.length >= 2 &&
    !after.some((word) => separators.has(word)) &&
    isTaskWord(lastWord(kept[index - 1])) &&
    isTaskWord(lastWord(after[after.length - 1]))
  );
}

/** Content words of `text` (no stopwords, no refinement fillers), in order. */
export function contentWords(text: string): string[] {
  return tokenize(text, { joinHyphenated: false }).filter(
    (token) => !isStopword(token) && !refinementFillers.has(token) && !/^\d{1,2}$/.test(token),
  );
}

/**
 * The focus of a refinement's positive text: `focusOf` after leaving out how datasets were made,
 * what the work is for and the person's own work.
 */
export function requestedWords(positive: string): string {
  return focusOf(
    positive
      .replace(licenceTerms, ' ')
      .replace(otherOnes, ' ')
      .replace(madeFrom, ' ')
      .replace(purpose, ' , ')
      .replace(circumstances, ' , ')
      .replace(ownWork, ' ')
      // "point clouds" is a kind of data, though "point" alone asks for nothing.
      .replace(/\bpoint[ -](clouds?)\b/giu, 'point-$1'),
  );
}
