/**
 * @module The phrases a phrase with slashes stands for: researchers write alternatives with a slash
 * between single words ("curved / arbitrary-shaped text", "social/collaboration networks",
 * "RGB-D cameras / scanners"), and each alternative takes the words around it: "curved text" or
 * "arbitrary-shaped text". Whole phrases between " | " are alternatives too ("speech recognition |
 * sound event detection", from an "or" between two tasks). A phrase without either stands for
 * itself. Pure: text in, phrases out.
 */

/** Most alternatives a phrase expands to (a phrase of many slashes keeps its first ones). */
export const mostPhraseAlternatives = 8;

export function phraseAlternatives(phrase: string): string[] {
  // "speech recognition | sound event detection": whole phrases as alternatives, each with its
  // own slashes.
  const wholes = phrase.split(/\s+\|\s+/u).filter((part) => part.trim() !== '');
  if (wholes.length > 1)
    return wholes.flatMap((whole) => wordAlternatives(whole)).slice(0, mostPhraseAlternatives);
  return wordAlternatives(phrase);
}

function wordAlternatives(phrase: string): string[] {
  const words = phrase
    .replace(/\s*\/\s*/gu, '/')
    .split(/\s+/u)
    .filter((word) => word.length > 0);
  if (!words.some((word) => word.includes('/'))) return [phrase];
  let alternatives: string[][] = [[]];
  for (const word of words) {
    const choices = word.split('/').filter((choice) => choice.length > 0);
    if (choices.length === 0) continue;
    alternatives = alternatives
      .flatMap((start) => choices.map((choice) => [...start, choice]))
      .slice(0, mostPhraseAlternatives);
  }
  return alternatives.map((alternative) => alternative.join(' '));
}
