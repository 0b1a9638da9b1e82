/**
 * @module The size a refinement asks for, read from its words: bigger or smaller ("bigger ones",
 * "it has to train in an hour on a laptop"), or bounds ("at least 50k images", "50k+ images",
 * "under 1 million rows"), or none ("any size", "bigger is fine too"). A size said of something ("Cora is tiny")
 * judges it and asks for nothing. Pure: text in, the wish and the text without its size words out.
 */

export interface SizeWish {
  order: 'larger' | 'smaller' | null;
  min: number | null;
  max: number | null;
}

/** A size said of something ("Cora is tiny", "those are way too huge") judges it: no wish. */
const judged = String.raw`(?<!\b(?:is|are|was|were|'s|'re)\s+(?:(?:way|far|much|too|so|really|very|rather|all|pretty|quite)\s+)*)`;
const larger = new RegExp(
  String.raw`${judged}\b(?:bigger|larger|huge|large[- ]scale|more (?:data|examples|images|samples|hours|sentences)|(?:big|large) (?:ones?|datasets?|sets?|corpus|corpora|collections?))\b`,
  'i',
);
const smaller = new RegExp(
  String.raw`${judged}\b(?:smaller|tiny|lightweight|less data|fewer (?:examples|images|samples)|(?:small|little) (?:ones?|datasets?|sets?|corpus|corpora|collections?)|(?:small|light|quick|fast) enough)\b`,
  'i',
);
/** "millions of nodes", "hundreds of thousands of images": a large size said without a number. */
const manyUnits = /\b(?:(?:tens|hundreds) of )?(?:thousands|millions|billions) of (?:[\p{L}-]+)/giu;

/** A number and its scale ("50k", "2 million"): the digits and the scale word, captured. */
const scaledNumber = '(\\d[\\d,.]*)\\s*(k|thousand|m|million|mio|b|billion)?';
/** What a number counts, when said ("rows", "images"). */
const counted =
  '(?:\\s*(?:rows|examples|samples|instances|records|entries|items|images|pictures|photos|sentences|documents|utterances|clips|videos|pairs|points|tokens|words|hours)\\b)?';
/** A number with its scale and, when said, what it counts ("50k rows", "2 million images"). */
const amount = `${scaledNumber}\\b${counted}`;
const atLeast = new RegExp(`\\b(?:at least|more than|over|above|>=?)\\s*${amount}`, 'i');
/** "50k+ images", "100,000 or more": a lower bound said after the number. */
const orMore = new RegExp(
  `\\b${scaledNumber}(?:\\s*\\+|\\s+or more\\b|\\s+and up\\b)${counted}`,
  'i',
);
const atMost = new RegExp(
  `\\b(?:at most|less than|fewer than|under|below|up to|<=?)\\s*${amount}`,
  'i',
);

/** "100k" -> 100000, "1.2 million" -> 1200000. */
export function amountOf(digits: string, unit: string | undefined): number {
  const value = Number(digits.replace(/,/g, ''));
  const scale: Record<string, number> = {
    k: 1e3,
    thousand: 1e3,
    m: 1e6,
    million: 1e6,
    mio: 1e6,
    b: 1e9,
    billion: 1e9,
  };
  return value * (unit ? (scale[unit.toLowerCase()] ?? 1) : 1);
}

/**
 * What limited compute says about size ("it has to train in an hour", "my laptop is weak", "on a
 * CPU"): smaller datasets. The phrase is consumed, so its words are not searched for.
 */
const limitedCompute =
  /\b(?:(?:(?:on |with )(?:my |a |an |one |our )?|(?:my |a |an |one |our ))(?:laptop|cpu)s?(?:\s+(?:is|are|being)\s+(?:weak|slow|old|small|modest|limited|tiny))?|(?:laptop|cpu)s?\s+(?:is|are|being)\s+(?:weak|slow|old|small|modest|limited|tiny)|(?:(?:weak|slow|old|small|modest|cheap|single)\s+(?:laptop|cpu|desktop|machine|gpu|computer)s?|(?:desktop|machine|gpu|computer)s?\s+(?:is|are|being)\s+(?:weak|slow|old|small|modest|limited|tiny))|cpu[- ]only|limited (?:compute|resources|hardware|memory|budget)|(?:train|trains|training|run|runs)\s+(?:in|within|under|in under)\s+(?:an?|one|a few|a couple of|\d+)\s+(?:hours?|minutes?|mins?)|fits? (?:in|into) (?:memory|ram)|quick to train)\b/gi;

/**
 * Size lifted: "any size", "size doesn't matter", and a size allowed rather than asked for
 * ("bigger is fine too", "smaller ones would also be ok").
 */
const anySize =
  /\bany size\b|\bsize (?:does ?n[o']?t|doesn't|does not) matter\b|\b(?:bigger|larger|smaller)(?: ones| datasets| sets)? (?:is|are|would (?:also )?be|'d (?:also )?be|'s)(?: also)? (?:fine|ok|okay|acceptable|allowed)\b(?: too| as well)?/gi;

/** The wish (null: any size will do; undefined: nothing said about size) and the rest of the text. */
export function readSize(given: string): { wish: SizeWish | null | undefined; rest: string } {
  const lifted = given.match(anySize) !== null;
  let text = given.replace(anySize, ' ');
  const compute = text.match(limitedCompute) !== null;
  // Twice: "train on a laptop in an hour" says "train in an hour" once the laptop is out.
  text = text.replace(limitedCompute, ' ').replace(/\s+/g, ' ').replace(limitedCompute, ' ');
  const wish: SizeWish = { order: null, min: null, max: null };
  let rest = text;
  for (const [pattern, apply] of [
    [atLeast, (value: number) => (wish.min = value)],
    [orMore, (value: number) => (wish.min = value)],
    [atMost, (value: number) => (wish.max = value)],
  ] as const) {
    const match = pattern.exec(rest);
    // Years are not sizes ("under 2015" is not a size).
    if (!match?.[1] || /^(?:19|20)\d{2}$/.test(match[1])) continue;
    apply(amountOf(match[1], match[2]));
    rest = rest.replace(match[0], ' ');
  }
  // "millions of nodes": many of what the data counts, said without a number.
  const many = manyUnits.test(rest);
  rest = rest.replace(manyUnits, ' ');
  if (larger.test(rest) || many) {
    wish.order = 'larger';
    rest = rest.replace(larger, ' ');
  } else if (smaller.test(rest)) {
    wish.order = 'smaller';
    rest = rest.replace(smaller, ' ');
  } else if (compute) wish.order = 'smaller';
  const stated = wish.order !== null || wish.min !== null || wish.max !== null;
  return { wish: stated ? wish : lifted ? null : undefined, rest };
}
