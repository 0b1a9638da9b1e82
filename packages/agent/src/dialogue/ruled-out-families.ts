/**
 * @module Properties that descriptions say in several words: a dataset made by a computer rather
 * than captured is "synthetic", "synthesized", "simulated", "rendered" or "computer-generated".
 * A ruled-out phrase of such a word and words for data only ("no synthetic renderings", "not
 * simulated images") rules out every dataset saying any word of the family; "real photos only"
 * rules out the same family. Pure: text in, words out.
 */
import { isStopword } from '@quarry/text';

/** Each family's words, as descriptions write them; the first names the family. */
const families: readonly (readonly string[])[] = [
  [
    'synthetic',
    'synthesized',
    'synthesised',
    'simulated',
    'rendered',
    'renderings',
    'computer-generated',
    'cgi',
    'procedurally',
  ],
];

/** Words for data itself, which say nothing of which data ("synthetic images"). */
const dataWords = new Set(
  `data dataset datasets images image photos photo pictures picture imagery renderings rendering
  footage videos video scenes scene samples examples recordings recording audio speech voices voice
  text texts ones stuff content sets set corpora corpus sequences frames renders photorealistic
  photo-realistic realistic`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

const familyOfWord = new Map<string, readonly string[]>(
  families.flatMap((family) => family.map((word) => [word, family] as const)),
);

/**
 * The family a ruled-out phrase stands for ("synthetic renderings": every way of saying synthetic),
 * or null when the phrase says more than one such word and words for data.
 */
export function ruledOutFamily(phrase: string): readonly string[] | null {
  const words = phrase
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '' && !isStopword(word));
  const named = words.filter((word) => familyOfWord.has(word));
  const family = named.length > 0 ? familyOfWord.get(named[0] ?? '') : undefined;
  if (family === undefined) return null;
  const rest = words.filter((word) => !familyOfWord.has(word));
  return rest.every((word) => dataWords.has(word)) ? family : null;
}

const dataWord = [...dataWords].join('|');
/**
 * "real photos only", "only real-world footage", "it has to be real data": the data must be
 * captured, which rules synthetic data out. Without "only" or "has to be", "real-world images"
 * is a wish the focus keeps, and so is "it has to be real clinical text" (real notes, not abstracts).
 */
const realOnly = new RegExp(
  `\\b(?:(?:only|just)\\s+(?:(?:genuinely|actually)\\s+)?real(?:[- ]world| captured)?\\s+(?:${dataWord})\\b|real(?:[- ]world| captured)?\\s+(?:${dataWord})\\s+only\\b|(?:has|have|must|needs?) to be real(?:[- ]world)?(?:\\s+(?:${dataWord}))?(?=\\s*(?:[,.;:!?]|$|\\s(?:and|but|not|no)\\b)))`,
  'gi',
);

/**
 * `text` without what asks for captured data only, and the family it rules out (the family's
 * name) when it asked.
 */
export function takeRealOnly(text: string): { rest: string; excluded: string | null } {
  let asked = false;
  const rest = text.replace(realOnly, () => {
    asked = true;
    return ' , ';
  });
  return { rest, excluded: asked ? (families[0]?.[0] ?? null) : null };
}
