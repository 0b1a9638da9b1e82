/**
 * @module English stopwords for retrieval: function words that carry no topic, in the lowercase,
 * apostrophe-free form `tokenize` produces ("don't" -> "dont").
 */

/** Grouped by kind; each group is a whitespace-separated list. */
const groups = [
  // Articles, determiners and quantifiers.
  `a an the this that these those some any each every either neither all both few more most
   other such own same no nor not only very much many several`,
  // Pronouns, the indefinite ones too ("something like ImageNet" names no topic).
  `i me my myself we us our ours ourselves you your yours yourself yourselves he him his
   himself she her hers herself it its itself they them their theirs themselves what which
   who whom whose something anything everything nothing someone anyone everyone somebody
   anybody nobody`,
  // Auxiliary and copular verbs.
  `am is are was were be been being have has had having do does did doing can could will
   would shall should may might must`,
  // Contractions, apostrophes removed.
  `dont doesnt didnt isnt arent wasnt werent cant couldnt wouldnt shouldnt hasnt havent
   hadnt im ive youre theyre weve thats`,
  // Prepositions.
  `about above across after against along among around at before below between beyond by
   during for from in into of off on onto out over per through to toward towards under
   until up upon via with within without`,
  // Conjunctions and adverbs.
  `and or but if then else than so because as while when where why how whether although
   though also again further here there once just too thus hence however therefore yet
   still etc`,
];

/** About 180 English stopwords, lowercase. */
export const englishStopwords: ReadonlySet<string> = new Set(
  groups.flatMap((group) => group.trim().split(/\s+/u)),
);

/** Whether `token` (lowercase, as `tokenize` gives it) is an English stopword. */
export function isStopword(token: string): boolean {
  return englishStopwords.has(token);
}
