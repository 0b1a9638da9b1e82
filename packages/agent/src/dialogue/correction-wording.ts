/**
 * @module The words a correction is announced with, and what it takes back. "no, I meant …",
 * "sorry, I should have said …", "let me correct that: …", "wrong word on my side: …" open a
 * correction, and only the text after them restates the request; "I wrote X but I meant Y" takes X
 * back. Opening fillers ("oh", "actually") alone announce nothing: "actually, only from 2019" is a
 * refinement.
 */

/** Words that may come before a correction's signal and say nothing by themselves. */
const filler = '(?:oh|ah|ugh|argh|hm+|um+|uh+|actually|ok(?:ay)?|so|well|right|hold on)';

/** Words that announce a correction in English. */
const signal = [
  // "no" alone, before punctuation or what follows in a correction ("no wait", "no I meant").
  '(?:no+|nope|nah)(?=\\s*(?:[,.!:;\\u2013\\u2014-]|$|wait\\b|no\\b|(?:i|we) (?:meant|mean)\\b|to be\\b|sorry\\b))',
  'sorry',
  'oops',
  'whoops',
  'wait',
  'not quite',
  'not that',
  'typo',
  'wrong(?: word| term| one)?',
  'my (?:bad|mistake|error|fault)',
  '(?:i|we) (?:meant|mean)(?: to (?:say|write|ask for))?',
  'what (?:i|we) (?:meant|mean) (?:was|is)',
  '(?:i|we) should have (?:said|written|asked for|been clearer)',
  '(?:should|could) have been clearer',
  'let me (?:correct|rephrase|clarify)(?: (?:that|myself|this|it))?',
  '(?:i|we) (?:need|have|want) to (?:correct|rephrase|clarify)(?: (?:that|myself|ourselves|this|it))?',
  '(?:i|we) (?:described|explained|phrased|worded|put) (?:it|that|this|the \\w+|my \\w+|our \\w+) (?:wrong(?:ly)?|badly|incorrectly|poorly)',
  '(?:i|we) mixed (?:it|that|this|them|the two|two \\w+) up|(?:i|we) mixed up (?:two|the) \\w+',
  '(?:small|quick|tiny|minor|one) (?:fix|correction)(?: though)?',
  '(?:i|we) (?:described|explained|gave you|asked (?:for|about)|wrote about) the wrong (?:project|task|problem|topic|thing|one|setup|data)',
  '(?:that|this|it) was (?:imprecise|inaccurate|unclear|misleading|wrong)',
  '(?:my|our) (?:supervisor|advisor|pi|boss|colleague) (?:just )?corrected (?:me|us)',
  'correction',
  'to be (?:clear|precise|exact|specific|more (?:precise|specific|exact))',
  'to clarify',
  '(?:(?:i|we) )?(?:got|had) (?:that|it|this) (?:wrong|backwards)',
  '(?:one (?:more )?thing )?(?:i|we) (?:got|had) wrong',
  '(?:i|we) (?:misspoke|mistyped|misspelled|misdescribed|misremembered)(?: (?:that|it|this))?',
  'mistake on my (?:side|part|end)',
  'scratch that',
].join('|');

/** Words that continue a correction's opening but do not start one ("it should be" is a wish). */
const follower = ['on my (?:side|part|end)', 'it should (?:be|have been)'].join('|');

const separator = '[\\s,.!:;\\u2013\\u2014-]*';

/**
 * Words that open a correction: fillers, then at least one signal, then any more of either
 * ("oh, sorry, I meant", "hmm no wait, to be precise:").
 */
export const englishCorrectionOpening = new RegExp(
  `^[\\s\\W]*(?:${filler}\\b${separator})*(?:${signal})\\b${separator}(?:(?:${signal}|${follower}|${filler})\\b${separator})*`,
  'i',
);

/**
 * "I wrote X but I meant Y", "I said X, but I need Y", "I wrote X but that's wrong", "I wrote X.
 * it's Y", "I typed X but the project is Y", "scratch the X part, it's Y": X is what the person
 * takes back.
 */
const replacedWording =
  /\bscratch\s+(?:the\s+)?(.+?)\s+(?:part|bit)\b[\s,:;\u2013\u2014-]*(?:it'?s\s+|it\s+is\s+)?|\b(?:i|we)\s+(?:wrote|said|typed|put|asked for|used the words?)\s+(.+?)\s*,?\s*but\s+(?:(?:(?:i|we)\s+)?(?:(?:actually|really)\s+)?(?:meant|mean|wanted|want|need|needed)(?:\s+to\s+(?:say|write))?|(?:that|it|this)(?:'s|\s+is|\s+was)\s+(?:wrong|incorrect|not right|a mistake|a typo)|(?:the|our|my)\s+(?:project|language|pair|domain|task|data|topic)\s+(?:is|are)(?:\s+actually)?)\b[\s:,\u2013\u2014-]*|\b(?:i|we)\s+(?:wrote|said|typed|put)\s+([^.;!?]+?)\s*[.;!]\s+(?:it'?s|it\s+is|it\s+should\s+be|(?:i|we)\s+meant)\s+/i;

const leadingFillers = new RegExp(`^[\\s\\W]*(?:${filler}\\b${separator})+`, 'i');

/** Whether `message` says it replaces its own earlier words ("I wrote X but I meant Y"). */
export function replacesOwnWording(message: string): boolean {
  return replacedWording.test(message);
}

/**
 * `message` read as a correction: without the words that announce it, and the phrase it takes
 * back ("classification" in "I wrote classification but I meant detection"), if any.
 */
export function readCorrectionWording(message: string): { text: string; takenBack: string } {
  const match = replacedWording.exec(message);
  const takenBack = (match?.[1] ?? match?.[2] ?? match?.[3])?.trim() ?? '';
  // What is left of "Ah, I said X but I need Y" opens with the filler alone.
  const rest = match ? message.replace(match[0], ' ').replace(leadingFillers, ' ') : message;
  return { text: rest.replace(englishCorrectionOpening, ' ').trim(), takenBack };
}
