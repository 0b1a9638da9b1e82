/**
 * @module What part of a paper a section is (its role), read from the section headings alone so
 * that it holds for every source format and for papers never seen: "2 Related Work", "5.
 * Experimental Setup", "Limitations", "IV. RESULTS", "Appendix B: Proofs". A heading names its
 * role by its words (English keywords; a heading in another language stays `other`); a heading
 * that names none ("4.2 Baselines of a kind", "3 The BiDAF model") takes the role of the section
 * it is numbered under ("4" for "4.2"), and an unnumbered one the role of the section before it
 * when that one is about the paper's own work. Search reads the role (with the section's kind) to
 * tell the paper's own work from its account of other papers' work (section-role groups below).
 */
import { sectionKinds } from './paper.js';
import type { SectionKind } from './paper.js';

export const sectionRoles = [
  'abstract',
  'introduction',
  'background',
  'related-work',
  'method',
  'experiments',
  'results',
  'discussion',
  'limitations',
  'conclusion',
  'acknowledgements',
  'references',
  'appendix',
  'other',
] as const;
export type SectionRole = (typeof sectionRoles)[number];

/**
 * Whose work a role describes: `own` (the paper's contribution: its method, experiments, results,
 * limitations, conclusion, and its abstract), `others` (related work and background, where the
 * paper describes other papers), `outside` (acknowledgements and references: not running text
 * about any work) and `mixed` (the introduction, which does both, and an unknown heading).
 */
export type SectionRoleGroup = 'own' | 'others' | 'outside' | 'mixed';

export const sectionRoleGroups = {
  abstract: 'own',
  introduction: 'mixed',
  background: 'others',
  'related-work': 'others',
  method: 'own',
  experiments: 'own',
  results: 'own',
  discussion: 'own',
  limitations: 'own',
  conclusion: 'own',
  acknowledgements: 'outside',
  references: 'outside',
  appendix: 'own',
  other: 'mixed',
} as const satisfies Record<SectionRole, SectionRoleGroup>;

/**
 * Keyword patterns, tried in this order: the first that matches a heading's words names its role.
 * The order settles headings that name two: "Limitations and Future Work" is limitations,
 * "Introduction and Related Work" the introduction (it states the paper's own contribution too),
 * "Related Work and Background" related work, "Experimental Results" results, "Conclusion and
 * Discussion" conclusion.
 */
const rolePatterns: readonly { role: SectionRole; pattern: RegExp }[] = [
  { role: 'references', pattern: /^(?:references?|bibliography|literature cited|works cited)$/ },
  { role: 'acknowledgements', pattern: /\b(?:acknowledge?ments?|thanks|funding)\b/ },
  { role: 'appendix', pattern: /\b(?:appendix|appendices|supplementa(?:ry|l)|supplement)\b/ },
  { role: 'abstract', pattern: /^abstract\b/ },
  {
    role: 'limitations',
    pattern:
      /\b(?:limitations?|shortcomings?|weaknesses|threats to validity|failure (?:cases|modes)|negative results)\b/,
  },
  { role: 'introduction', pattern: /\b(?:introduction|motivation|overview of the paper)\b/ },
  {
    role: 'related-work',
    pattern:
      /\b(?:related (?:work|works|research|literature|studies|approaches)|prior (?:work|art|research)|previous (?:work|research|studies|approaches)|literature (?:review|survey))\b/,
  },
  { role: 'conclusion', pattern: /\b(?:conclusions?|concluding|summary|future work|outlook)\b/ },
  {
    role: 'background',
    pattern: /\b(?:background|preliminar(?:y|ies)|notations?|definitions|basics)\b/,
  },
  {
    role: 'results',
    pattern:
      /\b(?:results?|findings|analysis|analyses|ablations?|case stud(?:y|ies)|comparisons?|performance|error analysis)\b/,
  },
  {
    role: 'experiments',
    pattern:
      /\b(?:experiments?|experimental|evaluations?|empirical|setup|set-up|settings|datasets?|data sets?|corpora|corpus|benchmarks?|baselines?|metrics|implementation|training details|hyper-?parameters)\b/,
  },
  {
    role: 'discussion',
    pattern: /\b(?:discussion|broader impacts?|ethic(?:s|al)|societal impact|lessons)\b/,
  },
  {
    role: 'method',
    pattern:
      /\b(?:methods?|methodology|approach(?:es)?|proposed|model(?:s|ling|ing)?|architecture|framework|algorithms?|our system|system overview|system design|design|problem (?:formulation|definition|statement|setting)|formulation|task definition|training|inference|objective|learning)\b/,
  },
];

/** A section number before a heading: "3", "3.2", "3.2.1.", "IV.", "B", "B.1", "A:" and the like. */
const numberPattern = /^\s*((?:\d+|[IVXLC]+|[A-Z])(?:\.\d+)*)(?:[.):]|\s)\s*(?=\S)/u;

/** The heading's section number ("3.2"), or null when it has none. */
export function sectionNumberOf(title: string): string | null {
  const match = numberPattern.exec(title);
  if (match === null) return null;
  const number = match[1] ?? '';
  // A lone capital before a word is a number ("A Proof of ..."), but not in "A Model of ...":
  // only letters followed by ".", ":" or ")" or another number part count.
  if (/^[A-Z]$/.test(number) && !/^\s*[A-Z][.):]/.test(title)) return null;
  // A roman numeral must be followed by "." (as "IV. RESULTS"): "I" alone is a word.
  if (/^[IVXLC]+$/.test(number) && !/^\s*[IVXLC]+[.)]/.test(title)) return null;
  return number;
}

/** More words than this is a sentence, not a heading. */
const longestHeadingWords = 12;

/** The heading's words without its number, lower-cased, punctuation as spaces. */
function headingWords(title: string): string {
  const number = sectionNumberOf(title);
  const rest = number === null ? title : title.replace(numberPattern, '');
  return rest
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The role a heading names by its words alone; `other` when it names none. */
export function sectionRoleOfTitle(title: string): SectionRole {
  const words = headingWords(title);
  if (words.length === 0 || words.split(' ').length > longestHeadingWords) return 'other';
  for (const { role, pattern } of rolePatterns) {
    if (pattern.test(words)) return role;
  }
  return 'other';
}

/** The role a section's kind implies whatever its heading, if any. */
function roleOfKind(kind: SectionKind | undefined): SectionRole | null {
  return kind === 'references' ? 'references' : null;
}

/**
 * The role of every section of a paper, in order (a section's given `role` is kept). A numbered
 * subsection of related work or background is that too, whatever its words ("2.1 Datasets" under
 * "2 Related Work"). A heading naming no role takes the role of the section it is numbered under
 * ("4" for "4.2", "B" for "B.1"); an unnumbered one the role of the body section before it when
 * that is the method, experiments, results, discussion, limitations or an appendix (its parent,
 * likely), else `other`: a section is never taken for related work unless a heading says so.
 * Sections other than running text (captions, footnotes, tables, front matter) keep their own
 * heading's role and are not inherited from. A letter-numbered heading after the conclusion,
 * acknowledgements or references is an appendix; in a paper numbered "I.", "II.", ... (IEEE
 * style) one before them is a subsection of the latest roman-numbered section.
 */
export function sectionRolesOf(
  sections: readonly { title: string; kind?: SectionKind; role?: SectionRole }[],
): SectionRole[] {
  const roles: SectionRole[] = [];
  const roleOfNumber = new Map<string, SectionRole>();
  let previousBodyRole: SectionRole | null = null;
  let pastTheEnd = false;
  // IEEE style: "I. INTRODUCTION", "II. METHOD", subsections "A. Setup" under the latest of them.
  let usesRomanNumbers = false;
  let latestRomanRole: SectionRole | null = null;
  for (const section of sections) {
    const isBody = section.kind === undefined || section.kind === 'body';
    const number = isBody ? sectionNumberOf(section.title) : null;
    if (number === 'I') usesRomanNumbers = true;
    const isLetterUnderRoman = usesRomanNumbers && number !== null && /^[A-H]$/.test(number);
    const parent: SectionRole | null =
      number === null
        ? null
        : isLetterUnderRoman
          ? latestRomanRole
          : enclosingRole(number, roleOfNumber);
    let role: SectionRole =
      section.role ?? roleOfKind(section.kind) ?? sectionRoleOfTitle(section.title);
    if (section.role === undefined && isBody) {
      if (parent !== null && sectionRoleGroups[parent] === 'others') {
        // A subsection of related work describes other papers whatever its words ("2.1 Datasets").
        role = parent;
      } else if (role === 'other') {
        role = inheritedRole({
          title: section.title,
          number,
          parent,
          pastTheEnd,
          previousBodyRole,
        });
      }
    }
    roles.push(role);
    if (!isBody) continue;
    if (number !== null && !isLetterUnderRoman) roleOfNumber.set(number, role);
    if (usesRomanNumbers && number !== null && /^[IVX]+$/.test(number)) latestRomanRole = role;
    previousBodyRole = role;
    if (role === 'references' || role === 'conclusion' || role === 'acknowledgements') {
      pastTheEnd = true;
    }
  }
  return roles;
}

/** The role of the nearest enclosing numbered section ("4.2" -> "4"), if one was seen. */
function enclosingRole(
  number: string,
  roleOfNumber: ReadonlyMap<string, SectionRole>,
): SectionRole | null {
  const parts = number.split('.');
  for (let length = parts.length - 1; length >= 1; length--) {
    const role = roleOfNumber.get(parts.slice(0, length).join('.'));
    if (role !== undefined && role !== 'other') return role;
  }
  return null;
}

/** "A Proofs", "B.1 More results": a letter-numbered heading, as appendices are numbered. */
const letterNumberedPattern = /^\s*[A-Z](?:\.\d+)*[.):]?\s+\p{Lu}/u;

/** Roles an unnumbered heading naming none takes from the section before it (its parent, likely). */
const inheritableRoles: ReadonlySet<SectionRole> = new Set([
  'method',
  'experiments',
  'results',
  'discussion',
  'limitations',
  'appendix',
]);

/** The role of a body section whose heading names none. */
function inheritedRole(options: {
  title: string;
  number: string | null;
  parent: SectionRole | null;
  pastTheEnd: boolean;
  previousBodyRole: SectionRole | null;
}): SectionRole {
  const { number, parent, previousBodyRole } = options;
  if (options.pastTheEnd && letterNumberedPattern.test(options.title)) return 'appendix';
  if (number !== null) return parent ?? 'other';
  return previousBodyRole !== null && inheritableRoles.has(previousBodyRole)
    ? previousBodyRole
    : 'other';
}

/**
 * A stored section's kind and role, read from its row: an unknown or missing kind is `body`, and a
 * missing role (a section stored before roles were) is the role its heading names by itself.
 */
export function sectionLabelsOf(section: {
  title: string;
  kind?: string | null;
  role?: string | null;
}): { kind: SectionKind; role: SectionRole } {
  const kind = (sectionKinds as readonly string[]).includes(section.kind ?? '')
    ? (section.kind as SectionKind)
    : 'body';
  const role = (sectionRoles as readonly string[]).includes(section.role ?? '')
    ? (section.role as SectionRole)
    : (roleOfKind(kind) ?? sectionRoleOfTitle(section.title));
  return { kind, role };
}
