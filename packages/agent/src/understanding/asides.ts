/**
 * @module Asides: words of a message that sound like a constraint and state none. Set phrases
 * whose negation rules nothing out ("no pasa nada": no problem; "ce n'est pas grave": never mind),
 * and the language a dataset was translated from ("traducido del inglés" asks for Spanish data, not
 * English), and words that answer a question before it is asked ("to answer what you'll ask
 * next"). Taken out before a message is read for what it asks for and rules out. "No importa …"
 * stays: it lifts a constraint ("no importa el idioma").
 */

/** "to answer what you'll probably ask next": words about the conversation, stating nothing. */
const preemptedQuestion =
  /\b(?:(?:and )?(?:to answer|answering) (?:what you(?:'ll|'d| will| would| might)? (?:probably |likely )?(?:ask|want to know)(?: next)?|your (?:next )?question)|before you ask)\b[:,]?/giu;

const harmlessNegations =
  /\b(?:no pasa nada|no hay problema|pas de probl[eè]me|(?:ce )?n'est pas grave|kein problem|macht nichts|n[aã]o tem problema|n[aã]o faz mal|nessun problema|geen probleem)\b/giu;

/**
 * "translated from English" and its kin: the source language of data translated into the one asked
 * for; "translated from English to German" names a pair and stays.
 */
const translatedFrom =
  /\b(?:(?:machine[- ])?translated\s+(?:from|out of)\s+\p{L}+|traducid[oa]s?\s+(?:del?|desde el)\s+\p{L}+|traduit(?:e|s|es)?\s+(?:de l'|de|du|depuis l')\s*\p{L}+|[üu]bersetzt\s+(?:aus dem|aus|vom)\s+\p{L}+|traduzid[oa]s?\s+(?:do|da|de)\s+\p{L}+|tradott[oaie]\s+(?:dall'|dal|da)\s*\p{L}+)(?!\p{L})(?!\s+(?:to|into|a|al|à|en|nach|ins|in|para|per)\s)/giu;

/** `message` without its asides. */
export function withoutAsides(message: string): string {
  return message
    .replace(harmlessNegations, ' , ')
    .replace(preemptedQuestion, ' , ')
    .replace(translatedFrom, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
