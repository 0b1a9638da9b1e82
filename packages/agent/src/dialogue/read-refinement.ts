/**
 * @module What a refinement or correction changes, read from its words: a year range ("just the
 * ones from 2016 on", "older sets are welcome"), slots it drops ("any language will do", "doesn't
 * need to be finance"), phrases it rules out ("not satellite", "instead of sketches", "no synthetic
 * voices"), and what it asks for, kept in the user's words as the focus ("only thermal images
 * please").
 * The slots the focus states (task, kind of data, language, domain) are read from it by the
 * caller, with the same extraction as a first request.
 */
import { escapeRegExp, tokenize } from '@quarry/text';
import { needMatches } from '@quarry/recommender';
import type { Slot } from '../slots.js';
import {
  compoundNames,
  exampleNames,
  namedCompound,
  namedExample,
  takeAlreadyUsed,
} from './named-exclusions.js';
import { contentWords, requestedWords } from './refinement-focus.js';
import { joinExampleLists, parentheticalItems, takeUnwantedClauses } from './unwanted-clauses.js';
import { readSize } from './size-wish.js';
import { takeRealOnly } from './ruled-out-families.js';
import { takeRemovals } from './removal-phrasings.js';
import type { SizeWish } from './size-wish.js';

export { contentWords } from './refinement-focus.js';
export type { SizeWish } from './size-wish.js';

export interface Refinement {
  /** The message with the years, dropped slots, taken-back and ruled-out phrases removed. */
  positive: string;
  /** The words of `positive` that ask for something (no stopwords, no fillers), hyphens kept. */
  focus: string;
  /**
   * The user asks for nothing else: a refinement narrows ("only …", "make it …", "with …") unless
   * it widens ("… is fine too", "also …", "doesn't have to be …").
   */
  strict: boolean;
  /** Phrases ruled out. */
  excluded: string[];
  /** Words of the standing request taken back (no longer searched for). */
  dropped: string[];
  /** Slots the user no longer cares about. */
  droppedSlots: Slot[];
  /**
   * Words of what the user allows again ("ignore what I said about no synthetic data",
   * "synthetic is fine"): a phrase ruled out before, all of whose words these are, is no longer.
   */
  lifted: string[];
  /** Names the request is compared with ("smaller than Places365"), and how. */
  comparisons: { relation: 'larger' | 'smaller' | 'newer' | 'older'; name: string }[];
  /** A new lower or upper year bound; null drops that bound; undefined leaves it. */
  yearMin?: number | null;
  yearMax?: number | null;
  /** Bigger or smaller datasets than those shown, or a bound on their size; null: any size. */
  size?: SizeWish | null;
}

const year = '((?:19|20)\\d{2})';
const yearRules: { pattern: RegExp; apply: (refinement: Refinement, found: number) => void }[] = [
  {
    pattern: new RegExp(`\\b(?:after|newer than|later than|post)[- ]?${year}\\b`, 'i'),
    apply: (refinement, found) => (refinement.yearMin = found + 1),
  },
  {
    pattern: new RegExp(
      `\\b(?:since|from|starting(?: in| from)?|in or after)\\s+${year}(?:\\s+(?:on(?:wards?)?|and later|or later))?\\b|\\b${year}(?:\\s+(?:challenge|edition|version|release|one|ones))*\\s*(?:\\+|[-\\s]or[-\\s](?:later|newer|after)|[-\\s]and[-\\s](?:later|newer|after)|onwards?)`,
      'i',
    ),
    apply: (refinement, found) => (refinement.yearMin = found),
  },
  {
    // Spanish, Portuguese, French, German, Italian, Dutch: "después de 2015", "nach 2015".
    pattern: new RegExp(
      `\\b(?:despu[eé]s de|posteriores? a|a partir de|desde|depois de|ap[oó]s|apr[eè]s|depuis|[àa] partir de|nach|seit|ab|dopo il|dopo|dal|na|vanaf|sinds)\\s+(?:el |o |l'|le |dem |il )?${year}\\b`,
      'i',
    ),
    apply: (refinement, found) => (refinement.yearMin = found),
  },
  {
    // Arabic and Russian: "بعد عام 2016", "после 2018 года", "начиная с 2019".
    pattern: new RegExp(
      `(?:^|\\s)(?:بعد|منذ|после|начиная с|с)\\s+(?:عام\\s+|سنة\\s+)?${year}(?!\\d)`,
      'u',
    ),
    apply: (refinement, found) => (refinement.yearMin = found),
  },
  {
    // Japanese, Chinese, Korean: "2015年以降", "2015年以后", "2015년 이후".
    pattern: new RegExp(`${year}\\s*(?:年|년)?\\s*(?:以降|以后|之后|以後|이후|부터)`, 'u'),
    apply: (refinement, found) => (refinement.yearMin = found),
  },
  {
    pattern: new RegExp(
      `${year}\\s*(?:年|년)?\\s*(?:以前|之前|이전)|\\b(?:antes de|avant|vor|prima del|prima di|voor)\\s+${year}\\b|(?:^|\\s)(?:قبل|до)\\s+(?:عام\\s+|سنة\\s+)?${year}(?!\\d)`,
      'iu',
    ),
    apply: (refinement, found) => (refinement.yearMax = found - 1),
  },
  {
    pattern: new RegExp(`\\b(?:before|older than|prior to|pre)[- ]?${year}\\b`, 'i'),
    apply: (refinement, found) => (refinement.yearMax = found - 1),
  },
  {
    pattern: new RegExp(
      `\\b(?:until|up to|no later than|by|in or before)\\s+${year}\\b|\\b${year}\\s*(?:or (?:earlier|older|before)|and (?:earlier|older|before))`,
      'i',
    ),
    apply: (refinement, found) => (refinement.yearMax = found),
  },
];

/** "within the past three years", "in the last 4 years", "recent datasets": a bound from today. */
const relativeYears =
  /\b(?:(?:from |in |within )?the (?:last|past) (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|few|couple of) years|recent (?:ones|datasets?|sets?)|(?:only )?recent ones)\b/i;
const numberWords: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  few: 3,
  'couple of': 2,
};
/** Years back that "recent" means. */
const recentYears = 5;

/** "older stuff is ok", "the date doesn't matter": a year bound taken back. */
const widenYears: { pattern: RegExp; drops: 'yearMin' | 'yearMax' | 'both' }[] = [
  {
    pattern:
      /\bany (?:year|date|age)s?\b|\b(?:year|date|age) (?:does ?n[o']?t|doesn't) matter\b|\bcualquier año\b|\bel año (?:no importa|da igual)\b|\b(?:peu importe|n'importe quelle) (?:l'ann[ée]e|ann[ée]e)\b|\begal welches jahr\b|\bjahr (?:ist )?egal\b|\bqualquer ano\b|\bo ano n[aã]o importa\b|\bl'anno non importa\b|\bqualsiasi anno\b|\belk jaar\b|\bjaar maakt niet uit\b|年は問わない|何年でも|年份不限|任何年份|年份无所谓|연도(?:는)? 상관(?:없|없어)/iu,
    drops: 'both',
  },
  {
    pattern:
      /\bolder (?:ones?|datasets?|sets?|stuff)?\s*(?:are|is)?\s*(?:fine|ok(?:ay)?|good|welcome|too)\b|\b(?:classic|older) ones\b/i,
    drops: 'yearMin',
  },
  {
    pattern:
      /\bnewer (?:ones?|datasets?|sets?|stuff)?\s*(?:are|is)?\s*(?:fine|ok(?:ay)?|good|welcome|too)\b/i,
    drops: 'yearMax',
  },
];

/** "any language", "any domain": that slot no longer matters. */
const anySlot: { pattern: RegExp; slot: Slot }[] = [
  {
    pattern:
      /\bany (?:languages?|lang)\b|\blanguage (?:does ?n[o']?t|doesn't) matter\b|\bcualquier (?:idioma|lengua)\b|\bn'importe quelle langue\b|\bpeu importe la langue\b|\b(?:beliebige|jede) sprache\b|\bsprache (?:ist )?egal\b|\bqualquer (?:idioma|l[ií]ngua)\b|\bqualsiasi lingua\b|\belke taal\b|どの言語でも|言語は(?:問わない|何でも)|任何语言|语言不限|어떤 언어(?:든|라도)/iu,
    slot: 'language',
  },
  { pattern: /\bany (?:domains?|field|area|topic)\b/i, slot: 'domain' },
  { pattern: /\bany (?:kind|type|sort) of data\b|\bany modalit(?:y|ies)\b/i, slot: 'modality' },
  { pattern: /\bany (?:length|size)\b/i, slot: 'textLength' },
];

/** What to do when nothing fits ("if the catalog has none for Swahili,"): states nothing. */
const fallbackClause =
  /\bif (?:there(?:'s| is| are)|you have|the catalog has) (?:nothing|none|no \w+)[^,.;!?]*[,.;!?]?/gi;

/**
 * "no radar there", "no audio in them": what datasets lack, said as the reason for another clause
 * ("KITTI is out, no radar there"), rules nothing out itself.
 */
const lacksClause =
  /\bno\s+[^,.;:!?]+?\s+(?:there|in (?:it|them|those|these|that one|either|both))(?=\s*(?:[,.;:!?]|\s-\s|$))/gi;

/** "doesn't have to be X", "forget the X part": X is taken back. */
const takenBack =
  /\b(?:(?:does ?n[o']?t|doesn't|do ?n[o']?t|don't|needn'?t|does not|do not) (?:have|need) to be|not necessarily)\s*([^,.;:!?]+?)(?=\s*(?:[,.;:!?]|\s-\s|\s(?:and|but|any|either|actually)\b|$))|\b(?:forget|drop|ignore|skip) (?:about )?(?:the )?([^,.;:!?]+?)\s+(?:part|bit|requirement|constraint|condition|restriction)s?\b/gi;

/**
 * "ignore what I said about no synthetic data", "forget my comment on Wikipedia": what the user
 * said before is taken back, ruled out or asked for.
 */
const recalled =
  /\b(?:ignore|forget|disregard|scratch|never ?mind|take back)\s+(?:what (?:i|we) (?:said|wrote|asked|mentioned|meant)|my (?:earlier |previous |last )?(?:comment|remark|note|request|point|ask))\s+(?:about|on|regarding|re)\s+(?:the\s+)?(?:(?:no|not|only|nothing|without)\s+)?([^,.;:!?]+?)(?=\s*(?:[,.;:!?]|\s-\s|\s(?:and|but)\b|$))/gi;
/** "synthetic is fine", "Wikipedia ones are ok too": what is allowed (again). */
const allowed =
  /\b([\p{L}][\p{L}\d-]*(?:\s+[\p{L}][\p{L}\d-]*)?)\s+(?:is|are)\s+(?:fine|ok(?:ay)?|acceptable|allowed|welcome)\b/giu;

/**
 * "X instead of Y", "rather than Y", "not Y", "no Y", "except Y", "swap Y for X"; never the end of
 * a hyphenated word ("face-swap videos", "yes-no questions").
 */
const ruledOut =
  /(?<![-\u2010])\b(?:instead of|rather than|not|no|except(?: for)?|excluding|other than|swap)\s+((?:\([^()]*\)|[^,.;:!?()])+?)(?=\s*(?:[,.;:!?)]|\s-\s|\s(?:and|but|for|with|instead|please)\b|$))/gi;

/** Where a phrase ends: punctuation, a dash, or a word that starts another clause. */
const phraseEnd = '(?=\\s*(?:[,.;:!?]|\\s-\\s|\\s(?:and|but|for|instead|please)\\b|$))';
/** How datasets come from or hold what a phrase names ("built from", "scraped off", "with"). */
const source =
  '(?:with|from|about|using|containing|covering|(?:built|based|made|scraped|collected|derived|sourced|drawn|taken|crawled|gathered|pulled|generated|created)(?:\\s+(?:on|from|off|of|out of|in|with|by|using))?)';
/** The datasets a negation points at ("the one", "those", "anything that is"). */
const referent =
  '(?:(?:the|that|those|these|this|them|any|anything|ones?)\\s+)?(?:(?:ones?|datasets?|sets?|stuff|kind|corpora|corpus|data)\\s+)?(?:(?:that|which)\\s+(?:(?:is|are|was|were|has|have|uses?|contains?)\\s+)?)?';
/**
 * "not the one with X", "none of those built from X", "nothing from X", "anything but X", "skip
 * anything X", "avoid X", "leave out X", "stay away from X": X is ruled out. After "not" and "no"
 * a source word is needed ("not the one with X"): "not X" alone is read by `ruledOut`.
 */
const ruledOutSource = new RegExp(
  `\\b(?:(?:not|no)\\s+${referent}${source}|(?:nothing|none(?:\\s+of)?|anything (?:but|except)|avoid(?:ing)?|skip|exclude|leave out|no more|stay away from|steer clear of)\\s+${referent}(?:${source}\\s+)?)\\s*([^,.;:!?]+?)${phraseEnd}`,
  'gi',
);
/** Words that say how a ruled-out phrase's datasets were made, not what they hold. */
const sourceWords = new Set(
  'based built made scraped collected derived sourced drawn taken crawled gathered pulled'.split(
    ' ',
  ),
);

/** "don't need X", "no need for X". */
const notNeeded =
  /\b(?:(?:i|we) )?(?:do ?n[o']?t|don't|do not) (?:need|want|care about)\s+([^,.;:!?]+?)(?=\s*(?:[,.;:!?]|\s-\s|\s(?:and|but)\b|$))|\bno need for\s+([^,.;:!?]+?)(?=\s*(?:[,.;:!?]|\s-\s|\s(?:and|but)\b|$))/gi;

/** "smaller than Places365", "newer than MNIST": a named dataset the request is compared to. */
const comparison =
  /\b(bigger|larger|smaller|newer|older|more recent)\s+than\s+([^,.;:!?]+?)(?=\s*(?:[,.;:!?]|\s-\s|\s(?:and|but|it'?s|for|with)\b|$))/gi;

/** "without Y" rules Y out only when Y names a kind of data, a language or a domain. */
const without = /\bwithout\s+([^,.;:!?]+?)(?=\s*(?:[,.;:!?]|\s-\s|\s(?:and|but)\b|$))/gi;

/** Most content words a ruled-out phrase may have: a longer one is a description, not a label. */
const mostRuledOutWords = 4;

/**
 * Words that say the user also accepts more than before, or would only prefer what they ask for
 * ("with depth if possible", "in-the-wild recordings are a plus", "mostly lane boundaries").
 */
const widenCue =
  /\b(?:too|also|as well|either|fine|ok(?:ay)?|works|any|whatever|if possible|where possible|acceptable|ideally|preferably|mostly|mainly|primarily|largely|(?:is|are|would be) a plus|nice to have|would be nice|bonus|(?:does ?n[o']?t|doesn't|do ?n[o']?t|don't|needn'?t|does not|do not) (?:have|need) to|not necessarily|optional|(?<!\b(?:has|have|must|needs?|got) to )include|including|tambi[eé]n|aussi|auch|tamb[eé]m|anche|ook|egal|peu importe|da igual|no importa|n[aã]o importa|non importa|cualquier|qualquer|qualsiasi|beliebige)\b/iu;

/** "ok and is there …", "cool, thanks.": an opening that acknowledges the reply, not "X is ok". */
const acknowledgement =
  /^\s*(?:(?:ok(?:ay)?|cool|great|thanks|thank you|nice|alright|sure|fine|got it)\b[\s,.!]*)+/i;

function namesNeed(text: string): boolean {
  return needMatches(tokenize(text, { joinHyphenated: false })).some(
    (match) => match.words.length > 0,
  );
}

export function readRefinement(message: string, options: { now?: Date } = {}): Refinement {
  const refinement: Refinement = {
    positive: '',
    focus: '',
    strict: !widenCue.test(message.replace(acknowledgement, ' ')),
    excluded: [],
    dropped: [],
    droppedSlots: [],
    lifted: [],
    comparisons: [],
  };
  // "as long as it's speech" asks for speech, not for long texts.
  // A dash of any width ends a phrase ("not NER — relation extraction").
  let text = ` ${message
    .replace(/\s*[\u2013\u2014]\s*/g, ' - ')
    .replace(fallbackClause, ' ')
    .replace(lacksClause, ' , ')
    .replace(/\b(?:as|so) long as\b/gi, ' , ')} `;
  text = joinExampleLists(text);
  for (const rule of yearRules) {
    const match = rule.pattern.exec(text);
    const found = match?.slice(1).find((group) => group !== undefined);
    if (match && found) {
      rule.apply(refinement, Number(found));
      text = text.replace(match[0], ' ');
    }
  }
  const relative = relativeYears.exec(text);
  if (relative && refinement.yearMin === undefined) {
    const back = relative[1]
      ? (numberWords[relative[1].toLowerCase()] ?? Number(relative[1]))
      : recentYears;
    refinement.yearMin = (options.now ?? new Date()).getUTCFullYear() - back;
    text = text.replace(relative[0], ' ');
  }
  for (const { pattern, drops } of widenYears) {
    if (!pattern.test(text)) continue;
    if (drops !== 'yearMax' && refinement.yearMin === undefined) refinement.yearMin = null;
    if (drops !== 'yearMin' && refinement.yearMax === undefined) refinement.yearMax = null;
    text = text.replace(pattern, ' ');
  }
  text = text.replace(comparison, (_whole, how: string, name: string) => {
    const relation = /bigger|larger/i.test(how)
      ? 'larger'
      : /smaller/i.test(how)
        ? 'smaller'
        : /older/i.test(how)
          ? 'older'
          : 'newer';
    refinement.comparisons.push({ relation, name: name.trim() });
    return ' ';
  });
  const size = readSize(text);
  if (size.wish !== undefined) refinement.size = size.wish;
  text = size.rest;
  for (const { pattern, slot } of anySlot) {
    if (!pattern.test(text)) continue;
    refinement.droppedSlots.push(slot);
    text = text.replace(pattern, ' ');
  }
  text = text.replace(takenBack, (_whole, said?: string, part?: string) => {
    const phrase = said ?? part ?? '';
    // "doesn't need to be Brazilian food": the qualifier is taken back, the head noun stays
    // asked for ("any cuisine" is still food; "news articles" still articles).
    // A list ("the egocentric and recency requirements") takes back each of its words.
    const words = contentWords(phrase);
    const qualified =
      said !== undefined && words.length > 1 && !/\b(?:and|or)\b|[,/]/i.test(phrase);
    refinement.dropped.push(...(qualified ? words.slice(0, -1) : words));
    // "drop the recency requirement", "forget the year part": the year bounds go.
    if (/\b(?:recency|recent|newness|years?|dates?|age)\b/i.test(phrase)) {
      if (refinement.yearMin === undefined) refinement.yearMin = null;
      if (refinement.yearMax === undefined) refinement.yearMax = null;
    }
    return ' ';
  });
  const ruleOut = (phrase: string): boolean => {
    // "labels (ChestX-ray14 or CheXpert)": each name in parentheses is out, then the words.
    const inParentheses = parentheticalItems(phrase);
    if (inParentheses.items.length > 0) {
      for (const item of inParentheses.items) ruleOut(item);
      ruleOut(inParentheses.rest);
      return true;
    }
    // "cora / citeseer / pubmed", "medical/clinical": single words between slashes, one by one.
    if (/^\s*[^\s/]+(?:\s*\/\s*[^\s/]+)+\s*$/u.test(phrase))
      return phrase.split('/').map(ruleOut).some(Boolean);
    // "Reddit or YouTube comments don't fit": each alternative is out.
    const alternatives = phrase.split(/\s+(?:or|nor)\s+/i);
    if (alternatives.length > 1) return alternatives.map(ruleOut).some(Boolean);
    // "paragraphs of text" is said "text paragraphs": the words that qualify come first, which is
    // how a ruled-out phrase is read (refined-candidates.ts).
    const ofPhrase = /^\s*(\S+(?:\s+\S+)?)\s+of\s+(\S+(?:\s+\S+)?)\s*$/i.exec(phrase);
    const ordered = ofPhrase ? `${ofPhrase[2] ?? ''} ${ofPhrase[1] ?? ''}` : phrase;
    // "MBPP and HumanEval are too easy": a list of names rules out each.
    const listed = exampleNames(ordered);
    if (
      listed.length > 1 &&
      contentWords(listed.reduce((rest, named) => rest.replace(named, ' '), ordered)).length === 0
    )
      return listed.map(ruleOut).some(Boolean);
    // "MS MARCO being English-only", "FEVER's wikipedia claims": a name in the phrase is out too,
    // unless it qualifies the word after it ("YouTube comments") or is a short abbreviation ("HR").
    const inPhrase = (listed.length === 1 && listed[0] === ordered ? [] : listed).filter(
      (named) =>
        named.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 &&
        new RegExp(
          `${escapeRegExp(named)}(?:(?:'s|\u2019s)\\b|\\s+(?:being|is|are|was|were)\\b|\\s*$)`,
          'u',
        ).test(ordered),
    );
    const given = namedExample.exec(ordered)?.[1];
    const compound = namedCompound.exec(ordered)?.[1];
    const namesOut = inPhrase.length > 0 && given === undefined && compound === undefined;
    if (namesOut) for (const named of inPhrase) ruleOut(named);
    // "3D boxes alone don't help": not enough by itself, which rules nothing out.
    if (/\b(?:alone|by (?:it|them)sel(?:f|ves)|on (?:its|their) own)\s*$/i.test(ordered))
      return true;
    // The example a ruled-out phrase names ("general sets like HumanEval") is ruled out by itself.
    const example = given ?? compound;
    if (example !== undefined && example !== ordered)
      for (const named of given === undefined ? compoundNames(example) : exampleNames(example))
        ruleOut(named);
    const words = contentWords(
      ordered.replace(namedExample, ' ').replace(namedCompound, ' '),
    ).filter((word) => !sourceWords.has(word));
    if (words.length === 0 || words.length > mostRuledOutWords)
      return example !== undefined || namesOut;
    refinement.excluded.push(words.join(' '));
    refinement.dropped.push(...words);
    return true;
  };
  text = text.replace(recalled, (_whole, phrase: string) => {
    refinement.lifted.push(...contentWords(phrase));
    return ' , ';
  });
  for (const match of text.matchAll(allowed))
    refinement.lifted.push(...contentWords(match[1] ?? ''));
  // "real photos only": synthetic data is out, and nothing else is asked for.
  const realOnly = takeRealOnly(text);
  if (realOnly.excluded !== null) refinement.excluded.push(realOnly.excluded);
  text = realOnly.rest;
  const alreadyUsed = takeAlreadyUsed(text);
  for (const named of alreadyUsed.names) ruleOut(named);
  text = alreadyUsed.rest;
  // A clause said not to be wanted asks for nothing, even when it is too long to rule out.
  text = takeUnwantedClauses(text, ruleOut);
  text = takeRemovals(text, ruleOut);
  text = text.replace(notNeeded, (whole, first?: string, second?: string) =>
    ruleOut(first ?? second ?? '') ? ' , ' : whole,
  );
  text = text.replace(without, (whole, phrase: string) => {
    if (!namesNeed(phrase)) return whole;
    refinement.excluded.push(phrase.trim());
    return ' ';
  });
  // A phrase after "not" that is too long to rule out still asks for nothing.
  // "not who is speaking": a question contrasted with the task rules no words out; nor does "not
  // just document polarity", which asks for more than it, not for its absence.
  const negated = (whole: string, phrase: string) =>
    /^\s*(?:who|what|which|where|when|how|whether|just|only|merely|simply)\b/i.test(phrase) ||
    ruleOut(phrase) ||
    contentWords(phrase).length > mostRuledOutWords
      ? ' , '
      : whole;
  text = text.replace(ruledOutSource, negated);
  text = text.replace(ruledOut, negated);
  refinement.excluded = [...new Set(refinement.excluded)];
  refinement.dropped = [...new Set(refinement.dropped)];
  refinement.lifted = [...new Set(refinement.lifted)];
  refinement.positive = text.replace(/\s+/g, ' ').trim();
  refinement.focus = requestedWords(refinement.positive);
  return refinement;
}
