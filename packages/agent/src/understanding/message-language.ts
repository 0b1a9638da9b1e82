/**
 * @module The language a message is written in (not the language of the data it asks for): the
 * writing system decides for Chinese, Japanese, Korean, Arabic, Russian and Hindi; for Latin
 * script, the share of each language's most frequent function words. English is the default.
 */
import { foldDiacritics } from '@quarry/text';

export const messageLanguages = [
  'en',
  'es',
  'fr',
  'de',
  'pt',
  'it',
  'tr',
  'nl',
  'pl',
  'zh',
  'ja',
  'ko',
  'ar',
  'ru',
  'hi',
] as const;
export type MessageLanguage = (typeof messageLanguages)[number];

const scripts: { language: MessageLanguage; pattern: RegExp }[] = [
  // Kana first: Japanese text mixes kana with Han characters.
  { language: 'ja', pattern: /[\u3040-\u30ff]/u },
  { language: 'ko', pattern: /[\uac00-\ud7af\u1100-\u11ff]/u },
  { language: 'zh', pattern: /[\u4e00-\u9fff]/u },
  { language: 'ar', pattern: /[\u0600-\u06ff]/u },
  { language: 'ru', pattern: /[\u0400-\u04ff]/u },
  { language: 'hi', pattern: /[\u0900-\u097f]/u },
];

/** Frequent short words of each Latin-script language (written for this detector). */
const functionWords: Record<'en' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'tr' | 'nl' | 'pl', string> =
  {
    en: 'the of and to in for with on a an is are i we want need data that from about only just please any some not but also actually ones it',
    es: 'el la los las de del y en para con un una que por quiero necesito datos sobre textos imagenes solo sin tambien pero',
    fr: 'le la les des de du et en pour avec un une que je veux besoin donnees sur textes seulement sans pas aussi mais',
    de: 'der die das den dem des und in fur mit ein eine ich will mochte brauche daten uber von zu nur kein keine keinen nicht ohne bitte auch aber',
    pt: 'o a os as de do da dos das e em para com um uma que eu quero preciso dados sobre apenas sem nao tambem mas',
    it: 'il lo la gli le di del della e in per con un una che voglio ho bisogno dati sui sulle non anche piu bene anno questo questa sono',
    tr: 've bir bu icin ile ben istiyorum veri verisi veriler uzerinde turkce metin sadece degil olmadan ama',
    nl: 'de het een en van voor met ik wil zoek zoeken graag gegevens dataset over naar dat die niet ook alleen geen zonder maar',
    pl: 'i w z na do dla jest sie nie ze od szukam potrzebuje chce danych dane zbior zbioru tekstow obrazow',
  };

const functionWordSets = Object.fromEntries(
  Object.entries(functionWords).map(([language, words]) => [language, new Set(words.split(' '))]),
) as Record<keyof typeof functionWords, Set<string>>;

/** Lower case without accents on Latin letters: "Donnees" and "données", "tanıma" and "tanima". */
export function foldLatin(text: string): string {
  // Letters without a decomposition fold by hand: Turkish "ı", Polish "ł".
  return foldDiacritics(text).toLowerCase().replace(/ı/g, 'i').replace(/ł/g, 'l');
}

/** Letters only Turkish, Spanish, German, Portuguese or French write. */
const telltaleLetters: { language: keyof typeof functionWords; pattern: RegExp }[] = [
  { language: 'tr', pattern: /[ğışİ]/u },
  { language: 'es', pattern: /[ñ¿¡]/u },
  { language: 'de', pattern: /ß|\b\p{L}*[äöü]\p{L}*/u },
  { language: 'pt', pattern: /[ãõ]/u },
  { language: 'fr', pattern: /[èêëœ]|\bç/u },
  { language: 'pl', pattern: /[ąęłńśźż]/u },
];

/**
 * `otherwise`: the language to take when nothing tells (no function word, no telltale letter),
 * such as the conversation's own: "prefiero grabaciones telefónicas" after a Spanish request is
 * Spanish, not English. Without it, English.
 */
export function detectMessageLanguage(
  text: string,
  otherwise: MessageLanguage = 'en',
): MessageLanguage {
  for (const { language, pattern } of scripts) if (pattern.test(text)) return language;
  // The parts of a hyphenated word are no function words ("per-pixel" is not Italian "per").
  const words = foldLatin(text).match(/(?<![\p{L}-])\p{L}+(?![\p{L}-])/gu) ?? [];
  if (words.length === 0) return otherwise;
  let best: { language: keyof typeof functionWords; hits: number } = { language: 'en', hits: 0 };
  for (const language of Object.keys(functionWordSets) as (keyof typeof functionWords)[]) {
    const set = functionWordSets[language];
    const hits = words.filter((word) => set.has(word)).length;
    if (hits > best.hits) best = { language, hits };
  }
  if (best.hits === 0 || best.language === 'en') {
    const telltale = telltaleLetters.find(({ pattern }) => pattern.test(text));
    if (best.hits > 0) return best.language;
    return telltale ? telltale.language : otherwise;
  }
  return best.language;
}
