/**
 * @module What a message in another language rules out ("keine Musik", "pas de segmentation",
 * "sin imágenes", "tanıma değil", "静止画ではなく"): the words a negation governs, up to the next
 * punctuation or "and", are split from the rest, so the caller can read them as exclusions and
 * the rest as what is asked for. English is read by read-refinement.ts.
 */
import type { MessageLanguage } from './message-language.js';

/**
 * "and" and "or" in each language: a negation governs the words up to it. "ni", "né", "nem" and
 * "noch" (nor) carry it on: "pas CNN/DailyMail ni d'autres corpus anglais" rules out both.
 */
const conjunctions = 'and|or|y|e|o|et|ou|und|oder|en|of|i|lub|ve|veya|и|или|و';
/** Words up to punctuation or a conjunction. */
const governed = `((?:(?!\\s(?:${conjunctions})\\s)[^,.;:!?¿¡()])+)`;
/** Words that negate what follows them ("sin X", "nada de X", "keine X", "без X"). */
const before = new RegExp(
  `(?:^|[\\s,.;:!?¿¡(])(?:nada (?:de|en)|ningun[oa]?|ningún|nenhum|nenhuma|rien (?:de|en)|niente|nessun[oa]?|no|sin|excepto|salvo|pas|sans|sauf|aucune?|kein(?:e[nrs]?)?|nicht|ohne|au(?:ß|ss)er|n[aã]o|sem|exceto|non|senza|tranne|geen|niet|zonder|behalve|nie|bez|opr[oó]cz|не|без|кроме|нет|لا|بدون|ليس|غير|دون)\\s+${governed}`,
  'giu',
);
/**
 * Negations written after what they negate ("tanıma değil", "分類ではなく", "분류가 아니라", at a
 * clause's end "英文的就不用了").
 */
const after =
  /([^\s,.;:!?、。，：；]+(?:\s+[^\s,.;:!?、。，：；]+)?)\s*(?:değil|degil|olmadan|hariç|haric|ではなく|じゃなく|以外|は不要|は要らない|はいらない|は必要ない|は必要ありません|가 아니라|이 아니라|아니라|말고|제외|(?:就)?(?:不用了|不要了?|不需要了?|不考虑)(?=[\s,.;:!?、。，：；！？]|$))/giu;
/**
 * A clause said to be of no use, the negation after it ("los de opción múltiple, … , no me
 * sirven", "as de múltipla escolha não nos servem", "… ne nous conviennent pas"): the clause from
 * the sentence's start is ruled out.
 */
const clauseOfNoUse =
  /(?:^|(?<=[.;:!?¿¡]))\s*([^.;:!?¿¡]+?)\s*,?\s+(?:no (?:me |nos |les? )?(?:sirven?|interesan?|valen?|funcionan?)|n[aã]o (?:me |nos )?(?:servem|serve|interessam|interessa|funcionam)|ne (?:me |nous )?(?:servent|sert|conviennent|convient|int[ée]ressent) pas|non (?:mi |ci )?(?:servono|serve|interessano|interessa|vanno bene))\b/giu;

/**
 * Chinese negations before what they negate ("不要音乐", "不是分类"), but not the questions "有没有"
 * (is there), "是不是" (is it) and "要不要" (do you want).
 */
const chineseBefore = /(?:(?<!要)不要|(?<!是)不是|(?<!有)没有|除了|而不是)([^,.;:!?、。，：；]+)/gu;

export interface NegationSplit {
  /** The message without the negated words. */
  positive: string;
  /** The negated words, one phrase per negation. */
  negated: string[];
}

export function splitNegated(message: string, language: MessageLanguage): NegationSplit {
  if (language === 'en') return { positive: message, negated: [] };
  const negated: string[] = [];
  const take = (whole: string, phrase: string) => {
    const words = phrase.trim();
    if (words === '') return whole;
    negated.push(words);
    return ' , ';
  };
  const positive = message
    .replace(after, take)
    .replace(chineseBefore, take)
    .replace(before, take)
    .replace(/\s+/g, ' ')
    .trim();
  return { positive, negated };
}

/** The clauses of `message` said to be of no use ("…, no me sirven"), set apart from the rest. */
export function splitClausesOfNoUse(message: string, language: MessageLanguage): NegationSplit {
  if (language === 'en') return { positive: message, negated: [] };
  const negated: string[] = [];
  const positive = message.replace(clauseOfNoUse, (_whole, clause: string) => {
    negated.push(clause.trim());
    return ' , ';
  });
  return { positive, negated };
}
