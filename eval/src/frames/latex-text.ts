/**
 * @module LaTeX body to plain text, the second step of reference sentences from LaTeX
 * (latex-sentences.ts). Only what a faithful PDF extraction would show word for word comes out
 * as text: formatting commands give their argument (`\textbf{x}` -> x), accents and escapes their
 * character, `~` a space, `--`/`---` dashes, TeX quotes curly quotes, a paper's own argument-free
 * macros their expansion. Everything whose rendering cannot be known from the source (math,
 * citations, references, URLs, footnote marks, unknown commands and environments) becomes the
 * marker `unfaithfulMark`, so a sentence holding one is never used as a reference. Figures and
 * tables are dropped from the body and their captions returned apart, as are footnotes; the
 * preamble and the bibliography are dropped; the appendix is kept unless asked otherwise.
 */
import { matchingBrace } from './latex-source.js';

/** Stands where the source has something whose rendered text is unknown (a private-use char). */
export const unfaithfulMark = '\uE000';

export interface LatexText {
  /** Paragraphs separated by blank lines. */
  body: string;
  /** Caption and footnote texts in source order, markers replaced by spaces. */
  asides: { kind: 'caption' | 'footnote'; text: string }[];
}

interface ConvertState {
  macros: ReadonlyMap<string, string>;
  asides: LatexText['asides'];
  includeAppendix: boolean;
  stopped: boolean;
  depth: number;
}

const mark = ` ${unfaithfulMark} `;
const paragraph = '\n\n';

const keptEnvironments = new Set([
  'document', 'abstract', 'itemize', 'enumerate', 'description', 'quote', 'quotation', 'center',
  'flushleft', 'flushright', 'multicols', 'multicols*', 'acks', 'acknowledgments',
  'acknowledgements', 'sloppypar', 'small', 'footnotesize', 'spacing', 'onehalfspace',
  'appendices', 'frontmatter', 'mainmatter', 'backmatter',
]); // prettier-ignore
const mathEnvironments =
  /^(?:equation|align|gather|multline|eqnarray|displaymath|math|flalign|alignat|split|dmath|subequations)\*?$/;
const floatEnvironments =
  /^(?:figure|table|wrapfigure|wraptable|SCfigure|SCtable|subfigure|subtable|longtable|sidewaystable|sidewaysfigure|algorithm|figwindow|tabwindow)\*?$/;
/** Environments whose body is not LaTeX: skipped to their `\end` without reading. */
const rawEnvironments = /^(?:verbatim|Verbatim|lstlisting|minted|comment|filecontents)\*?$/;

const renderArgument = new Set([
  'textbf', 'textit', 'emph', 'textrm', 'textsf', 'texttt', 'textsc', 'textup', 'textmd',
  'textnormal', 'textsl', 'underline', 'uline', 'mbox', 'text', 'hbox', 'fbox', 'textlf',
  'textbfit', 'mathrm', 'normalfont',
]); // prettier-ignore
/** Render their last argument, dropping the first (`\href{url}{text}`, `\textcolor{red}{x}`). */
const renderSecondArgument = new Set(['href', 'textcolor', 'colorbox', 'foreignlanguage']);
/** Produce nothing: layout, font and spacing declarations. */
const silent = new Set([
  'noindent', 'centering', 'raggedright', 'raggedleft', 'small', 'footnotesize', 'scriptsize',
  'tiny', 'normalsize', 'large', 'Large', 'LARGE', 'huge', 'Huge', 'bfseries', 'itshape', 'em',
  'rmfamily', 'sffamily', 'ttfamily', 'mdseries', 'upshape', 'slshape', 'scshape', 'bf', 'it',
  'rm', 'sc', 'tt', 'sl', 'sf', 'protect', 'relax', 'xspace', 'maketitle', 'clearpage',
  'newpage', 'pagebreak', 'nolinebreak', 'nopagebreak', 'linebreak', 'smallskip', 'medskip',
  'bigskip', 'vfill', 'hfill', 'null', 'frenchspacing', 'sloppy', 'fussy', 'balance',
  'phantomsection', 'leavevmode', 'unskip', 'ignorespaces', 'allowbreak', 'selectfont',
  'onecolumn', 'twocolumn', 'FloatBarrier', 'tableofcontents', 'listoffigures', 'listoftables',
  'printbibliography', 'hline', 'raggedbottom', 'flushbottom', 'strut', 'break', 'nobreak',
  'filbreak', 'goodbreak', 'hyphenpenalty', 'IEEEpeerreviewmaketitle', 'vspace', 'hspace',
  'addvspace', 'label', 'index', 'nocite', 'bibliographystyle', 'bibliography', 'color',
  'pagestyle', 'thispagestyle', 'setlength', 'addtolength', 'setcounter', 'addtocounter',
  'newcommand', 'renewcommand', 'providecommand', 'DeclareRobustCommand', 'def', 'gdef', 'edef',
  'newtheorem', 'usepackage', 'documentclass', 'hypersetup', 'graphicspath', 'captionsetup',
  'definecolor', 'includegraphics', 'title', 'author', 'date', 'thanks', 'affiliation',
  'address', 'email', 'institute', 'keywords', 'runningtitle', 'shorttitle', 'markboth',
  'fontsize', 'linespread', 'enlargethispage', 'newline', 'crefname', 'Crefname',
]); // prettier-ignore
/** Silent commands that take no argument even when a brace group follows them. */
const noArguments = new Set(['newline', 'noindent', 'centering', 'maketitle', 'clearpage', 'par']);
const sectioning = new Set(['part', 'chapter', 'section', 'subsection', 'subsubsection']);
const runInHeadings = new Set(['paragraph', 'subparagraph']);
const unfaithfulCommands =
  /^(?:[cC]ite[a-zA-Z]*|[pP]arencite|[tT]extcite|autocite|footcite|ref|eqref|[aA]utoref|[cC]ref|[cC]pageref|pageref|nameref|vref|hyperref|url|nolinkurl|path|footnotemark|verb|ldots|dots|textellipsis|textsuperscript|textsubscript|LaTeX|TeX|today|textbullet)$/;
const namedCharacters: Record<string, string> = {
  ss: 'ß', o: 'ø', O: 'Ø', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', aa: 'å', AA: 'Å', l: 'ł', L: 'Ł',
  i: 'ı', j: 'ȷ', S: '§', P: '¶', textendash: '–', textemdash: '—', textquoteright: '’',
  textquoteleft: '‘', textquotedblleft: '“', textquotedblright: '”', textasciitilde: '~',
  textless: '<', textgreater: '>', textbar: '|', textbackslash: '\\', textdegree: '°',
  textregistered: '®', texttrademark: '™', copyright: '©', pounds: '£', euro: '€',
}; // prettier-ignore
/** Accent commands and the combining mark each puts on the next letter. */
const accents: Record<string, string> = {
  "'": '\u0301', '`': '\u0300', '^': '\u0302', '"': '\u0308', '~': '\u0303', '=': '\u0304',
  '.': '\u0307', c: '\u0327', v: '\u030C', u: '\u0306', H: '\u030B', r: '\u030A', d: '\u0323',
  b: '\u0331', k: '\u0328',
}; // prettier-ignore
const escapedCharacters: Record<string, string> = {
  '%': '%', '&': '&', $: '$', '#': '#', _: '_', '{': '{', '}': '}', ' ': ' ', '\n': ' ',
  '@': '', '/': '', '-': '', '\\': ' ', ',': unfaithfulMark, ';': unfaithfulMark,
  ':': unfaithfulMark, '!': '', '>': unfaithfulMark,
}; // prettier-ignore

/** Offset after the optional `[...]` groups at `position` (blanks before each skipped). */
function skipOptionals(text: string, position: number): number {
  let index = position;
  for (;;) {
    let next = index;
    while (/[ \t]/.test(text.charAt(next))) next += 1;
    if (text.charAt(next) !== '[') return index;
    let depth = 0;
    for (; next < text.length; next += 1) {
      const character = text.charAt(next);
      if (character === '{') next = Math.max(next, matchingBrace(text, next));
      else if (character === '[') depth += 1;
      else if (character === ']' && --depth === 0) break;
    }
    index = next + 1;
  }
}

/** The brace group at `position` (after blanks), or a single token; undefined when none. */
function readArgument(
  text: string,
  position: number,
): { content: string; end: number } | undefined {
  let index = position;
  while (/[ \t\n]/.test(text.charAt(index))) index += 1;
  if (text.charAt(index) === '{') {
    const close = matchingBrace(text, index);
    if (close < 0) return undefined;
    return { content: text.slice(index + 1, close), end: close + 1 };
  }
  if (index >= text.length || /[}\]]/.test(text.charAt(index))) return undefined;
  const control = /^\\(?:[a-zA-Z]+|.)/.exec(text.slice(index));
  const token = control?.[0] ?? text.charAt(index);
  return { content: token, end: index + token.length };
}

/** Offset after every brace and bracket group following `position`. */
function skipArguments(text: string, position: number): number {
  let index = skipOptionals(text, position);
  while (text.charAt(index) === '{') {
    const close = matchingBrace(text, index);
    if (close < 0) return text.length;
    index = skipOptionals(text, close + 1);
  }
  return index;
}

/** Offset of the `\end{name}` closing an environment whose body starts at `from`, and after it. */
function environmentEnd(
  text: string,
  name: string,
  from: number,
  raw: boolean,
): { bodyEnd: number; end: number } {
  const escaped = name.replace(/[*]/g, '\\*');
  const pattern = new RegExp(`\\\\(begin|end)\\s*\\{${escaped}\\}`, 'g');
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[1] === 'begin' && !raw) depth += 1;
    else if (match[1] === 'end' && --depth === 0) {
      return { bodyEnd: match.index, end: match.index + match[0].length };
    }
  }
  return { bodyEnd: text.length, end: text.length };
}

/** An aside's text: markers dropped, blanks collapsed. */
function asideText(converted: string): string {
  return converted.replaceAll(unfaithfulMark, ' ').replace(/\s+/g, ' ').trim();
}

function convertEnvironment(
  text: string,
  position: number,
  state: ConvertState,
): { out: string; end: number } {
  const open = readArgument(text, position);
  if (open === undefined) return { out: mark, end: position };
  const name = open.content.trim();
  const raw = rawEnvironments.test(name);
  const { bodyEnd, end } = environmentEnd(text, name, open.end, raw);
  const inner = text.slice(open.end, bodyEnd);
  if (keptEnvironments.has(name)) {
    if (name === 'appendices' && !state.includeAppendix) state.stopped = true;
    const body = skipOptionals(inner, 0);
    return { out: paragraph + convert(inner.slice(body), state) + paragraph, end };
  }
  if (mathEnvironments.test(name)) return { out: mark, end };
  if (floatEnvironments.test(name)) {
    convert(inner, state); // only for the captions and footnotes it records
    return { out: paragraph, end };
  }
  return { out: `${paragraph}${unfaithfulMark}${paragraph}`, end };
}

function convertCommand(
  text: string,
  start: number,
  state: ConvertState,
): { out: string; end: number } {
  const named = /^\\([a-zA-Z]+)\*?/.exec(text.slice(start, start + 64));
  if (named === null) {
    const character = text.charAt(start + 1);
    const accent = accents[character];
    if (accent !== undefined) return accented(text, start + 2, accent);
    if (character === '[' || character === '(') {
      const close = text.indexOf(character === '[' ? '\\]' : '\\)', start + 2);
      return { out: mark, end: close < 0 ? text.length : close + 2 };
    }
    if (character === '\\') return { out: ' ', end: skipOptionals(text, start + 2) };
    return { out: escapedCharacters[character] ?? mark, end: start + 2 };
  }
  const name = named[1] ?? '';
  let position = start + named[0].length;
  const macro = state.macros.get(name);
  // TeX drops the blanks after a control word (one line break included, not a blank line);
  // a macro ending in \xspace puts the space back, so its blanks are kept.
  if (!(macro?.includes('\\xspace') ?? false)) {
    position += /^[ \t]*(?:\n(?![ \t]*\n)[ \t]*)?/.exec(text.slice(position))?.[0].length ?? 0;
  }
  if (name === 'begin') return convertEnvironment(text, position, state);
  if (name === 'end') return { out: paragraph, end: skipArguments(text, position) };
  if (name === 'par') return { out: paragraph, end: position };
  if (name === 'appendix') {
    if (!state.includeAppendix) state.stopped = true;
    return { out: paragraph, end: position };
  }
  if (macro !== undefined && state.depth < 6) {
    const expanded = convert(macro, { ...state, depth: state.depth + 1 });
    return { out: expanded, end: position };
  }
  const character = namedCharacters[name];
  if (character !== undefined) return { out: character, end: position };
  const accent = accents[name];
  if (accent !== undefined && name.length === 1) return accented(text, position, accent);
  if (renderArgument.has(name) || renderSecondArgument.has(name) || name === 'enquote') {
    let argument = readArgument(text, skipOptionals(text, position));
    if (argument !== undefined && renderSecondArgument.has(name)) {
      argument = readArgument(text, argument.end);
    }
    if (argument === undefined) return { out: mark, end: position };
    const inner = convert(argument.content, state);
    return { out: name === 'enquote' ? `“${inner}”` : inner, end: argument.end };
  }
  if (
    name === 'footnote' ||
    name === 'footnotetext' ||
    name === 'caption' ||
    name === 'captionof'
  ) {
    let argument = readArgument(text, skipOptionals(text, position));
    if (argument !== undefined && name === 'captionof') {
      argument = readArgument(text, skipOptionals(text, argument.end));
    }
    if (argument === undefined) return { out: mark, end: position };
    const kind = name.startsWith('footnote') ? 'footnote' : 'caption';
    state.asides.push({ kind, text: asideText(convert(argument.content, state)) });
    return { out: name === 'footnote' ? mark : paragraph, end: argument.end };
  }
  if (name === 'item') {
    // A list item is a paragraph of its own; a custom label's rendering is not known.
    const end = skipOptionals(text, position);
    return { out: end > position ? `${paragraph}${unfaithfulMark} ` : paragraph, end };
  }
  if (sectioning.has(name)) return { out: paragraph, end: skipArguments(text, position) };
  if (runInHeadings.has(name)) {
    return { out: `${paragraph}${unfaithfulMark} `, end: skipArguments(text, position) };
  }
  if (silent.has(name)) {
    const end = noArguments.has(name) ? position : skipArguments(text, position);
    // Assignments such as \looseness=-1 or \vskip 2pt.
    const assignment = /^\s*=?\s*-?[\d.]+\s*(?:pt|em|ex|mm|cm|in)?/.exec(text.slice(end));
    return { out: name === 'newline' ? ' ' : '', end: end + (assignment?.[0].length ?? 0) };
  }
  if (unfaithfulCommands.test(name)) return { out: mark, end: skipArguments(text, position) };
  // A command this converter does not know: its rendering is unknown, its arguments dropped.
  return { out: mark, end: skipArguments(text, position) };
}

/** An accent over the next letter or brace group, as a composed character. */
function accented(text: string, position: number, combining: string): { out: string; end: number } {
  const argument = readArgument(text, position);
  if (argument === undefined) return { out: mark, end: position };
  const letter = argument.content === '\\i' ? 'i' : argument.content.trim();
  if (!/^\p{L}$/u.test(letter)) return { out: mark, end: argument.end };
  return { out: (letter + combining).normalize('NFC'), end: argument.end };
}

/** Converts a piece of LaTeX (no preamble) to text with markers. */
function convert(text: string, state: ConvertState): string {
  let out = '';
  let index = 0;
  while (index < text.length && !state.stopped) {
    const character = text.charAt(index);
    if (character === '\\') {
      const { out: piece, end } = convertCommand(text, index, state);
      out += piece;
      index = Math.max(end, index + 1);
    } else if (character === '{') {
      const close = matchingBrace(text, index);
      if (close < 0) {
        out += mark;
        index += 1;
      } else {
        out += convert(text.slice(index + 1, close), state);
        index = close + 1;
      }
    } else if (character === '$') {
      const display = text.charAt(index + 1) === '$';
      const closing = /(?<!\\)\$/g;
      closing.lastIndex = index + (display ? 2 : 1);
      const close = closing.exec(text);
      out += mark;
      index = close === null ? text.length : close.index + (display ? 2 : 1);
    } else if (character === '-') {
      const run = /^-+/.exec(text.slice(index))?.[0].length ?? 1;
      out += run >= 3 ? '—' : run === 2 ? '–' : '-';
      index += run;
    } else if (character === '`' || character === "'") {
      const double = text.charAt(index + 1) === character;
      out += character === '`' ? (double ? '“' : '‘') : double ? '”' : "'";
      index += double ? 2 : 1;
    } else {
      out += character === '~' ? ' ' : /[&#^_}]/.test(character) ? mark : character;
      index += 1;
    }
  }
  return out;
}

/**
 * The text of a paper's LaTeX source (inputs inlined, comments dropped: latex-source.ts): the part
 * between `\begin{document}` and `\end{document}` (the whole source when it has none).
 */
export function latexToText(options: {
  source: string;
  macros?: ReadonlyMap<string, string>;
  includeAppendix?: boolean;
}): LatexText {
  const { source } = options;
  const begin = /\\begin\s*\{document\}/.exec(source);
  const finish = /\\end\s*\{document\}/.exec(source);
  const body = source.slice(
    begin === null ? 0 : begin.index + begin[0].length,
    finish === null ? source.length : finish.index,
  );
  const state: ConvertState = {
    macros: options.macros ?? new Map(),
    asides: [],
    includeAppendix: options.includeAppendix ?? true,
    stopped: false,
    depth: 0,
  };
  return { body: convert(body, state), asides: state.asides };
}
