/**
 * @module Author names read from the lines under a PDF paper's title, for a PDF whose metadata
 * names none: the first lines made mostly of personal names ("Jay Pujara and Eriq Augustine",
 * "Chunshui Cao† Xianming Liu‡", "Răzvan V. Marinescu1,2, Marco Lorenzi5"), split at commas, "and",
 * "&" and the affiliation marks after each name. Reading stops at the first line that is not
 * names once some were found (an affiliation, an e-mail address); an anonymous submission has none.
 */

/** Affiliation marks and separators between names. */
const nameSeparatorPattern = /\s*(?:,|;|&|\band\b|\\|[*∗†‡§¶♯♮♭]+|(?<=\p{L})\d[\d,]*)\s*/u;
/** A word of a personal name: "Pujara", "J.", "Cudré-Mauroux", "O’Neil", "de", "van". */
const nameWordPattern =
  /^(?:\p{Lu}[\p{L}\p{M}’'-]*\p{Ll}[\p{Ll}\p{M}]*|\p{Lu}\.(?:-?\p{Lu}\.)*|de|da|del|der|van|von|la|le|di|du)$/u;
const notNamePattern =
  /\b(?:anonymous|submission|university|universit[äé]|institute|department|college|school|laboratory|lab|centre|center|research|inc|corporation|paper|id|abstract|faculty|hospital|academy|group)\b/iu;
/** Most lines under a title hold at most this many names. */
const mostAuthorLines = 4;

function namesOfLine(line: string): string[] | null {
  if (line.includes('@') || notNamePattern.test(line) || /\d{3,}/u.test(line)) return null;
  const parts = line
    .split(nameSeparatorPattern)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (parts.length === 0) return null;
  const names = parts.filter((part) => {
    const words = part.split(/\s+/u);
    return (
      words.length >= 2 && words.length <= 5 && words.every((word) => nameWordPattern.test(word))
    );
  });
  return names.length >= parts.length * 0.6 ? names : null;
}

/**
 * Whether a line lists two or more personal names ("Ann Lee, Bo Chen"): set large or bold under
 * a title, such a line is authors, not a heading.
 */
export function isListOfNames(line: string): boolean {
  return (namesOfLine(line)?.length ?? 0) >= 2;
}

/** The authors named in the lines under the title, in order; [] when none read as names. */
export function authorsFromFrontMatter(lines: readonly string[]): string[] {
  const authors: string[] = [];
  for (const line of lines.slice(0, mostAuthorLines)) {
    const names = namesOfLine(line);
    if (names === null) {
      if (authors.length > 0) break;
      continue;
    }
    authors.push(...names);
  }
  return [...new Set(authors)];
}
