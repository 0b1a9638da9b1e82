/**
 * @module Whether a stored sentence belongs to a paper's bibliography rather than its running text:
 * by its section (a "References" or "Bibliography" heading, numbered or not) or, where the section
 * is not known as one (a reference list run into another section, a source without headings), by
 * its shape: a numbered marker, authors written with initials, a year and the words of a venue
 * ("[12] A. Author, B. Author. Title. In Proc. ..., 2019."). A bibliography entry names a dataset
 * only as the title of the paper that introduced it, so a dataset card never quotes one.
 */

const referencesHeading =
  /^\s*(?:(?:\d+|[IVXLC]+|[A-Z])[.)]?\s+)?(?:references?(?:\s+and\s+notes)?|bibliography|literature(?:\s+cited)?|works\s+cited|cited\s+works|reference\s+list)\s*[.:]?\s*$/iu;

/** Whether a section heading is that of a reference list ("References", "7. REFERENCES"). */
export function isReferencesHeading(title: string): boolean {
  return referencesHeading.test(title);
}

/** "[12]", "(12)" or "12." opening an entry of a numbered list. */
const entryMarker = /^\s*(?:\[\d{1,3}\]|\(\d{1,3}\)|\d{1,3}\.\s)/u;
/** "A. Author", "A.-B. Author", "A. B. Author": a surname after initials. */
const initialsThenSurname = /(?<![\p{L}])\p{Lu}\.(?:\s?-?\p{Lu}\.)*\s?\p{Lu}[\p{Ll}'’-]+/gu;
/** "Author, A.": a surname before initials. */
const surnameThenInitials = /\p{Lu}[\p{Ll}'’-]+,\s\p{Lu}\.(?:\s?\p{Lu}\.)*/gu;
const year = /(?<![\p{L}\p{N}])(?:19|20)\d{2}[a-z]?(?![\p{L}\p{N}])/u;
/** Words of where a paper appeared; each distinct one adds to the evidence. */
const venueWords = [
  /\bIn\s+Proc/u,
  /\bProceedings\b/iu,
  /\bConference\b/u,
  /\bJournal\b/u,
  /\bTransactions\b/u,
  /\bWorkshop\b/u,
  /\bSymposium\b/u,
  /\barXiv\b/iu,
  /\bpreprint\b/iu,
  /\bCoRR\b/u,
  /\bpp\.\s?\d/u,
  /\b[Vv]ol\.\s?\d/u,
  /\bdoi\b/iu,
  /\bISBN\b/u,
  /\bPress\b/u,
  /\bSpringer\b/u,
];

/** Evidence needed: an entry marker and authors and a year, or a year and two venue words, ... */
const entryEvidenceNeeded = 3;

/** How much the sentence looks like a reference-list entry (see `entryEvidenceNeeded`). */
export function referenceEntryEvidence(text: string): number {
  let evidence = 0;
  if (entryMarker.test(text)) evidence++;
  const authors =
    (text.match(initialsThenSurname)?.length ?? 0) + (text.match(surnameThenInitials)?.length ?? 0);
  if (authors >= 2) evidence++;
  if (year.test(text)) evidence++;
  const venues = venueWords.filter((word) => word.test(text)).length;
  evidence += Math.min(venues, 2);
  return evidence;
}

/** Whether the sentence is shaped like an entry of a reference list. */
export function looksLikeReferenceEntry(text: string): boolean {
  return referenceEntryEvidence(text) >= entryEvidenceNeeded;
}

/** Whether the sentence is part of a bibliography: by its section's heading or by its shape. */
export function isBibliographySentence(sentence: { text: string; sectionTitle: string }): boolean {
  return isReferencesHeading(sentence.sectionTitle) || looksLikeReferenceEntry(sentence.text);
}
