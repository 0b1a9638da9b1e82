/**
 * @module Properties that descriptions say in several words: a dataset made by a computer rather
 * than captured is "synthetic", "synthesized", "simulated", "rendered" or "computer-generated".
 * A ruled-out phrase of such a word and words for data only ("no synthetic renderings", "not
 * simulated images") rules out every dataset saying any word of the family; "real photos only"
 * rules out the same family. Pure: text in, words out.
 */
import { isStopword } from '@quarry/text';

/** The words descriptions use for data a computer made ("synthetic" names them all). */
const syntheticFamily: readonly string[] = [
  'synthetic',
  'synthesized',
  'synthesised',
  'simulated',
  'simulation',
  'simulations',
  'simulator',
  'simulators',
  'rendered',
  'renderings',
  'computer-generated',
  'cgi',
  'procedurally',
];
const syntheticWords: ReadonlySet<string> = new Set(syntheticFamily);

/** Words for data itself, which say nothing of which data ("synthetic images"). */
const dataWords = new Set(
  `data dataset datasets images image photos photo pictures picture imagery renderings rendering
  footage videos video scenes scene samples examples recordings recording audio speech voices voice
  text texts ones stuff content sets set corpora corpus sequences frames renders photorealistic
  benchmark benchmarks environment environments
  photo-realistic realistic`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/**
 * Every way of saying synthetic, for a ruled-out phrase of one of them and words for data only
 * ("synthetic renderings"); null for any other phrase ("synthetic chairs" says more).
 */
export function ruledOutFamily(phrase: string): readonly string[] | null {
  const words = phrase
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '' && !isStopword(word));
  const saysSynthetic = words.some((word) => syntheticWords.has(word));
  const rest = words.filter((word) => !syntheticWords.has(word));
  return saysSynthetic && rest.every((word) => dataWords.has(word)) ? syntheticFamily : null;
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

/** `text` without what asks for captured data only, and "synthetic" when it asked for that. */
export function takeRealOnly(text: string): { rest: string; excluded: string | null } {
  let asked = false;
  const rest = text.replace(realOnly, () => {
    asked = true;
    return ' , ';
  });
  return { rest, excluded: asked ? 'synthetic' : null };
}
