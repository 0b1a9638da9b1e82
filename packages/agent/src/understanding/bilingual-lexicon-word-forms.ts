/**
 * @module The word tables of the bilingual lexicon's matcher (bilingual-lexicon.ts), per language
 * of Latin script: function words never looked up on their own, inflection endings taken off an
 * unknown word, and the languages (German, Dutch) whose compounds are split, with their linking
 * letters.
 */
import type { BilingualLexiconLanguage } from './bilingual-lexicon.js';

/**
 * Frequent function words (folded) that are never looked up on their own, written for this
 * matcher; they can still sit inside a phrase headword ("de poca profundidad").
 */
export const lexiconStopwords: Partial<Record<BilingualLexiconLanguage, ReadonlySet<string>>> =
  Object.fromEntries(
    Object.entries({
      es: 'el la los las lo un una unos unas del al con por para sin sobre entre hacia desde hasta que como cuando donde mas muy pero porque pues sus esta este estos estas ese esa esos esas tambien solo ya quiero necesito busco tengo hay son ser',
      fr: 'les des une dans pour par avec sans sur sous vers chez que qui quoi dont est sont aux ces cette mon mes ses leur nous vous car donc mais puis tres plus aussi seulement deja veux voudrais cherche besoin',
      de: 'der die das den dem des ein eine einen einem einer und oder aber denn weil dass mit fur von auf aus bei nach uber unter ohne durch gegen zum zur ich wir sie suche brauche mochte will sind ist sehr auch nur noch schon fast immer',
      pt: 'os as um uma uns umas dos das com por para sem sobre entre desde ate que como quando onde mais muito mas porque pois seu sua seus suas tambem quero preciso procuro sao ser esta este',
      it: 'il lo la gli le un una uno del della dei delle degli con per senza sui sulle tra fra che come quando dove piu molto ma perche anche solo voglio cerco bisogno sono essere questo questa',
      nl: 'het een van voor met zonder over tussen naar bij uit door tot aan dat die wat als dan want omdat maar ook nog wel niet geen meer zeer heel ik wil zoek heb nodig zijn deze dit',
      pl: 'dla bez przy przez pod nad jest sa ale oraz lub czy jak nie tak ten ta to te tez juz szukam potrzebuje chce',
      tr: 'bir bu icin ile ve veya ama fakat gibi daha cok cunku olan ben istiyorum ariyorum lazim var',
    }).map(([language, words]) => [language, new Set(words.split(' '))]),
  );

/**
 * Endings to try on an unknown word, as [ending, replacement], most specific first (folded
 * forms): plural and case endings common enough to matter in a request.
 */
export const inflectionEndings: Partial<
  Record<BilingualLexiconLanguage, readonly [string, string][]>
> = {
  es: [
    ['es', ''],
    ['s', ''],
  ],
  pt: [
    ['oes', 'ao'],
    ['aes', 'ao'],
    ['ns', 'm'],
    ['is', 'l'],
    ['es', ''],
    ['s', ''],
  ],
  it: [
    ['che', 'ca'],
    ['chi', 'co'],
    ['i', 'o'],
    ['i', 'e'],
    ['i', 'a'],
    ['e', 'a'],
  ],
  fr: [
    ['eaux', 'eau'],
    ['aux', 'al'],
    ['x', ''],
    ['s', ''],
  ],
  de: [
    ['ern', ''],
    ['en', ''],
    ['er', ''],
    ['es', ''],
    ['e', ''],
    ['n', ''],
    ['s', ''],
  ],
  nl: [
    ["'s", ''],
    ['en', ''],
    ['s', ''],
  ],
  pl: [
    ['ami', ''],
    ['ach', ''],
    ['ych', 'e'],
    ['ych', ''],
    ['ow', ''],
    ['om', ''],
    ['ej', 'a'],
    ['ie', 'a'],
    ['y', 'a'],
    ['i', 'a'],
    ['e', 'a'],
    ['y', ''],
    ['i', ''],
    ['a', ''],
    ['e', ''],
    ['u', ''],
  ],
  tr: [
    ['lari', ''],
    ['leri', ''],
    ['lar', ''],
    ['ler', ''],
    ['nin', ''],
    ['si', ''],
    ['in', ''],
    ['un', ''],
    ['da', ''],
    ['de', ''],
    ['ta', ''],
    ['te', ''],
    ['i', ''],
    ['u', ''],
  ],
};

/** Linking letters between the parts of a German or Dutch compound ("Objekt|erkennung", "Daten|satz"). */
export const compoundLinkingEndings = ['', 's', 'es', 'n', 'en', 'e'];
export const compoundingLanguages = new Set<BilingualLexiconLanguage>(['de', 'nl']);
