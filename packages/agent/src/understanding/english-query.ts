/**
 * @module What the recommender is asked for a request in another language: the English the
 * dictionaries gave it (the parenthesis `understandRequest` appends) and the words of the message
 * that name things in any language (dataset names, acronyms, numbers: "ROSIS", "Sentinel-2"),
 * not the message's other words, which the English-trained encoder and the English catalog do not
 * read. An English request, or one with no English added, is searched as it is. Pure.
 */
import { detectMessageLanguage } from './message-language.js';

/** The English appended to a translated request: "… (semantic segmentation; building)". */
const appendedEnglish = /\(([^()]*)\)\s*$/u;

/** A word that names a thing in any language: capitals after its first letter, or digits. */
const nameLike = /^(?=.*[\p{L}])(?:.\S*\p{Lu}\S*|\S*\p{N}\S*)$/u;

export function englishQuery(request: string): string {
  const appended = appendedEnglish.exec(request);
  if (appended === null) return request;
  const message = request.slice(0, appended.index);
  if (detectMessageLanguage(message) === 'en') return request;
  const names = message
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => nameLike.test(word));
  return [...names, (appended[1] ?? '').replace(/;/g, ' ')].join(' ').replace(/\s+/g, ' ').trim();
}
