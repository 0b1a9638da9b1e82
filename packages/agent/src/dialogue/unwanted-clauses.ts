/**
 * @module Clauses that say what a person does not want, by what is said about it after it: "point
 * clouds aren't needed", "sets like HumanEval are too easy", "book reviews like LABR aren't
 * representative", "English-only MS MARCO doesn't test that", "satellite sets like DOTA have a
 * totally different viewpoint, exclude those". Examples may be listed in parentheses or with commas
 * ("(ChestX-ray14, CheXpert)", "like kitti, nuscenes or waymo"), and a clause keeps them. Pure: text in, text and phrases out.
 */
import { exampleNames, namedCompound, namedExample } from './named-exclusions.js';

/**
 * Characters a clause runs over: anything but punctuation, a parenthesis counting as one word, a
 * point inside a name ("Human3.6M") as a letter. Each character can be read one way only (a
 * parenthesis that closes is read as a group, one that does not as a character), so that a clause
 * with no predicate after it fails in linear time.
 */
const clauseChar = String.raw`(?:\([^()]*\)|\((?![^()]*\))|\)|(?<=[A-Za-z0-9])\.(?=[A-Za-z0-9])|(?!\s-\s)[^,.;:!?()])`;

/**
 * What is said after a clause that rules it out: it does not fit, help or count, is out, too easy
 * or too small, the wrong register, not representative.
 */
const unwantedPredicate = String.raw`(?:(?:(?:is|are|was|were) ?n[o']?t|(?:is|are) not|won'?t|will not|wouldn'?t|do ?n[o']?t|doesn'?t|does not|do not) (?:do|work|help|count|fit|match|suit|apply|qualify|transfer|cut it|(?:good |big |clean )?enough|sufficient|useful|needed|relevant|representative|helpful|wanted|interesting|of (?:any )?(?:interest|use)|in scope|suitable|appropriate|usable|a (?:good )?fit|what (?:i|we)(?:'m|'re| am| are)? (?:want|need|after|looking for))|(?:is|are) (?:out(?! there)|off the table|no good|tiny|toys?|toy-sized|saturated|outdated|overused|useless|of no use|no use|irrelevant|(?:the )?wrong (?:\w+)|already (?:covered|handled|done|taken care of)|(?:far |way |much |a bit |rather )?too (?:easy|simple|saturated|dated|small|tiny|big|large|old|short|noisy|clean|narrow|generic))|(?:is|are) ?n[o']?t (?:the|our|my) (?:task|goal|problem|focus|target|use case)|(?:is|are) ?n[o']?t (?:an? |really an? )?(?:option|possibility|alternative|choice)s?|(?:is|are) (?:a |an )?(?:different|separate|another|other) (?:projects?|problems?|tasks?|story|stories|things?|topics?|papers?))`;

/** "X aren't relevant", "X are way too small": the clause before is ruled out. */
export const notWanted = new RegExp(
  String.raw`(?:^|[,.;:!?]|\s-\s)\s*(${clauseChar}+?)\s+${unwantedPredicate}\b[^,.;:!?]*`,
  'gi',
);

/**
 * Said of named datasets only, since said of anything else it rules nothing out: "MS MARCO doesn't
 * test that", "sets like MSR-VTT don't have the timestamps I need", "DOTA has a totally different
 * viewpoint".
 */
const namedPredicate = String.raw`(?:(?:(?:do|does) ?n[o']?t|don't|doesn't|do not|does not) (?:need|require|test|exercise|stress|challenge|cover|measure|capture|have|give|provide|include|offer|contain|address|reflect|represent)\b|(?:has|have) (?:a |an )?(?:totally |completely |very |entirely |quite |rather )?different\b)`;
const namedNotWanted = new RegExp(
  String.raw`(?:^|[,.;:!?]|\s-\s)\s*(${clauseChar}+?)\s+${namedPredicate}[^,.;:!?]*`,
  'gi',
);

/** "…, exclude those": the clause before is ruled out. */
const excludeThose = new RegExp(
  String.raw`(?:^|[.;:!?]|\s-\s)\s*([^.;:!?]+?),?\s+(?:so\s+)?(?:please\s+)?(?:exclude|skip|drop|remove|leave out)\s+(?:those|them|these|that|it|all of them)\b`,
  'gi',
);

/**
 * "the DR grading sets (EyePACS, Messidor) only have image-level grades, so not useful here": the
 * clause before a consequence that says it is of no use is ruled out.
 */
const soNotWanted = new RegExp(
  String.raw`(?:^|[.;:!?]|\s-\s)\s*([^.;:!?]+?),?\s+(?:so|hence|thus|which makes (?:them|it)|and (?:so|thus|hence))\s+(?:(?:they(?:'re| are)|it(?:'s| is)|those are|these are|that's|that is)\s+)?(?:(?:not|no longer|of no|never)\s+(?:(?:very|really|that|much|too|of)\s+)?(?:useful|use|relevant|helpful|suitable|usable|applicable|good enough)|useless|irrelevant|unusable)\b[^.;:!?]*`,
  'gi',
);

/** A capitalised word or a name as datasets write it ("Cora", "NCI1", "MS MARCO"). */
const listItem = String.raw`\p{Lu}[\p{L}\p{N}.-]*(?: \p{Lu}[\p{L}\p{N}.-]*)?`;
/** Three or more names in a row ("Cora, Citeseer, Pubmed", "MUTAG, PROTEINS and NCI1"). */
const nameList = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${listItem}(?:\s*,\s*${listItem}){1,}(?:,?\s+(?:and|or|&)\s+${listItem}|(?:\s*,\s*${listItem}))(?![\p{L}\p{N}])`,
  'gu',
);

/** "and co", "etc.": no name of a dataset. */
const listTail =
  /\s*(?:,?\s*\b(?:and|&) (?:co|the like|friends|others|similar)\b\.?|,?\s*\betc\b\.?)/gi;

/**
 * Lists of examples written with "or": "like kitti, nuscenes or waymo" -> "like kitti or nuscenes
 * or waymo", so that a clause's commas do not cut its examples off (a clause's parentheses are
 * read whole, commas and all).
 */
export function joinExampleLists(text: string): string {
  return text
    .replace(listTail, '')
    .replace(nameList, (list) => list.replace(/\s*,\s*(?:(?:or|and)\s+)?|\s+(?:and|&)\s+/g, ' or '))
    .replace(
      /\b(like|such as|e\.g\.,?|including)\s+((?:[^\s,.;:!?]+\s?){1,3}(?:,\s*(?:[^\s,.;:!?]+\s?){1,3})+,?\s+(?:or|and|nor)\s+[^\s,.;:!?]+)/gi,
      (_whole, cue: string, list: string) =>
        `${cue} ${list.replace(/\s*,\s*(?:(?:or|and)\s+)?/g, ' or ')}`,
    );
}

/** The names inside a phrase's parentheses ("labels (ChestX-ray14 or CheXpert)"), one by one. */
export function parentheticalItems(phrase: string): { items: string[]; rest: string } {
  const items: string[] = [];
  const rest = phrase.replace(/\(([^()]*)\)/g, (_whole, inner: string) => {
    items.push(
      ...inner
        .split(/\s*(?:,|\/|\bor\b|\band\b|\bnor\b|&)\s*/i)
        .map((item) => item.replace(/^(?:e\.?g\.?|i\.?e\.?|like|such as)\s+/i, '').trim())
        .filter((item) => item.length > 0),
    );
    return ' ';
  });
  return { items, rest };
}

/** The dataset names a clause gives as examples; none when it names none. */
function namesOf(clause: string): string[] {
  const { items } = parentheticalItems(clause);
  if (items.length > 0) return items;
  const example = namedExample.exec(clause)?.[1] ?? namedCompound.exec(clause)?.[1];
  if (example !== undefined) return exampleNames(example);
  const named = exampleNames(clause);
  return named.length === 1 && named[0] === clause ? [] : named;
}

/**
 * `text` without its clauses said not to be wanted; `ruleOut` is given each one (the whole clause,
 * or only its names where what is said rules out names alone).
 */
export function takeUnwantedClauses(text: string, ruleOut: (phrase: string) => void): string {
  const named = (whole: string, clause: string) => {
    const names = namesOf(clause);
    if (names.length === 0) return whole;
    for (const name of names) ruleOut(name);
    return ' , ';
  };
  // "…, exclude those" and "…, so not useful" first: their clause may hold commas.
  const namesOrClause = (_whole: string, clause: string) => {
    const names = namesOf(clause);
    for (const name of names.length > 0 ? names : [clause]) ruleOut(name);
    return ' . ';
  };
  return text
    .replace(excludeThose, namesOrClause)
    .replace(soNotWanted, namesOrClause)
    .replace(notWanted, (_whole, clause: string) => {
      ruleOut(clause);
      return ' , ';
    })
    .replace(namedNotWanted, named);
}
