/**
 * @module The terms of use a message asks for, first or in a refinement: an open licence ("only Creative Commons
 * videos", "CC-BY or CC0") or none that forbids commercial use ("nothing non-commercial",
 * "something I can use commercially"). The catalog has no licence field; a description states
 * its terms now and then ("distributed under the Creative Commons license", "CC BY-NC 4.0",
 * "for research purposes only"), so the wish orders by what descriptions say: open ones first,
 * those that forbid commercial use left out. Pure: text in, phrases out.
 */

/** How descriptions say a licence is open: alternatives for a focus phrase. */
export const openLicencePhrase = 'creative commons/cc0/cc-by/open license/mit license';
/** How descriptions say commercial use is not allowed: alternatives for a ruled-out phrase. */
export const nonCommercialPhrase =
  'non-commercial/noncommercial/by-nc/research purposes only/research use only/research purpose only';

const openLicence =
  /\b(?:creative[- ]commons|cc[- ]?by(?![- ]?nc)|cc0|open(?:ly)?[- ]licen[cs]ed?|permissive(?:ly)?[- ]licen[cs]e[ds]?|open licen[cs]es?)\b/i;

/** "nothing non-commercial", "no research-only licences", "can't be NC". */
const noNonCommercial =
  /\b(?:no|not|nothing|none|without|avoid|exclude|drop|skip|never|can'?t be|cannot be|mustn'?t be)\b[^.;!?]{0,30}?\b(?:non[- ]?commercial|research[- ]only|research use only|nc)\b/i;
/** "we need commercial use", "something I can use commercially", "for a commercial product". */
const commercialUse =
  /\b(?:(?:use|used|usable|using|deploy|ship|sell)\s+(?:it\s+|them\s+)?commercially|commercial(?:ly)?[- ](?:use|usable|friendly|product|purposes?|settings?|license)|(?:allows?|permits?)\s+commercial)\b/i;
/** Commercial use said not to matter or not to be wanted: "no commercial use", "non-commercial is fine". */
const commercialNotNeeded =
  /\b(?:no|not|non)[- ]?commercial(?:ly)?\s+(?:use\s+)?(?:is\s+)?(?:fine|ok|okay)\b|\bno commercial use\b/i;

export interface LicenceWish {
  /** A phrase datasets saying an open licence are put first by; null when none is asked for. */
  wanted: string | null;
  /** A phrase ruling out datasets whose description forbids commercial use; null when none. */
  ruledOut: string | null;
}

export function readLicenceWish(text: string): LicenceWish {
  const commercial =
    !commercialNotNeeded.test(text) && (noNonCommercial.test(text) || commercialUse.test(text));
  return {
    wanted: openLicence.test(text) ? openLicencePhrase : null,
    ruledOut: commercial ? nonCommercialPhrase : null,
  };
}

/** How the search line says a licence phrase ("non-commercial licences"); null for any other. */
export function licenceLabel(phrase: string): string | null {
  if (phrase === openLicencePhrase) return 'open licence';
  if (phrase === nonCommercialPhrase) return 'non-commercial licences';
  return null;
}

/** Words of a ruled-out phrase that only restates the licence wish ("non commercial"). */
const licenceWords = new Set(
  'non commercial noncommercial licence license licences licenses licensed nc use'.split(' '),
);

/**
 * A reading without the ruled-out phrases and taken-back words that only restate the licence
 * wish: "nothing non-commercial" is read as the phrase "non commercial" too, which only
 * descriptions saying both words would match, and which takes nothing back.
 */
export function withoutLicenceRestatements<T extends { excluded: string[]; dropped: string[] }>(
  reading: T,
  wish: LicenceWish,
): T {
  if (wish.ruledOut === null) return reading;
  const restates = (phrase: string) =>
    phrase
      .toLowerCase()
      .split(/[\s-]+/u)
      .filter((word) => word !== '')
      .every((word) => licenceWords.has(word));
  return {
    ...reading,
    excluded: reading.excluded.filter((phrase) => !restates(phrase)),
    dropped: reading.dropped.filter((word) => !restates(word)),
  };
}
