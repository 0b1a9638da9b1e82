/**
 * @module The LaTeX source of one paper as one string, the first step of reference sentences from
 * LaTeX (latex-sentences.ts): comments dropped as TeX drops them (a `%` eats the rest of its line,
 * the line break and the next line's leading blanks), `\input`, `\include`, `\subfile` and
 * `\import` resolved against the main file's folder through an injected reader (no I/O here),
 * `\iffalse ... \fi` blocks dropped, and the argument-free macros the paper defines
 * (`\newcommand{\name}{text}`, `\def\name{text}`) collected so the converter can expand them.
 */

/** Reads a file of the paper's repository by its repository-relative path; undefined when absent. */
export type ReadLatexFile = (path: string) => string | undefined;

export interface LatexSource {
  /** The whole source, inputs inlined, comments and `\iffalse` blocks dropped. */
  text: string;
  /** Repository paths of the files read, main file first. */
  files: string[];
  /** Inputs named in the source that the reader did not find. */
  missing: string[];
}

/** Deepest chain of inputs followed; deeper ones (or cycles) are left out and reported missing. */
const deepestInput = 8;

/** Drops `%` comments: an unescaped `%` to the end of its line, the line break and next indent. */
export function stripLatexComments(text: string): string {
  const lines = text.split(/\r?\n/);
  let out = '';
  for (const [position, line] of lines.entries()) {
    const cut = commentStart(line);
    if (cut < 0) {
      out += line + (position < lines.length - 1 ? '\n' : '');
    } else {
      out += line.slice(0, cut);
      // The comment eats the line break and the next line's leading blanks.
      const next = lines[position + 1];
      if (next !== undefined) lines[position + 1] = next.replace(/^[ \t]+/, '');
    }
  }
  return out;
}

/** Offset of the first `%` not escaped by an odd run of backslashes; -1 when none. */
function commentStart(line: string): number {
  for (let index = line.indexOf('%'); index >= 0; index = line.indexOf('%', index + 1)) {
    let backslashes = 0;
    while (index - backslashes - 1 >= 0 && line.charAt(index - backslashes - 1) === '\\') {
      backslashes += 1;
    }
    if (backslashes % 2 === 0) return index;
  }
  return -1;
}

/** Drops `\iffalse ... \fi` blocks (nested `\if...` counted), a common way to hide text. */
export function dropIffalseBlocks(text: string): string {
  let out = '';
  let position = 0;
  const start = /\\iffalse(?![a-zA-Z])/g;
  for (let match = start.exec(text); match !== null; match = start.exec(text)) {
    out += text.slice(position, match.index);
    const conditional = /\\(if[a-zA-Z]*|fi)(?![a-zA-Z])/g;
    conditional.lastIndex = match.index + match[0].length;
    let depth = 1;
    let end = text.length;
    for (let inner = conditional.exec(text); inner !== null; inner = conditional.exec(text)) {
      depth += inner[1] === 'fi' ? -1 : 1;
      if (depth === 0) {
        end = inner.index + inner[0].length;
        break;
      }
    }
    position = end;
    start.lastIndex = end;
  }
  return out + text.slice(position);
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash + 1);
}

/** `a/b/../c.tex` -> `a/c.tex`; `./x` -> `x`. */
function normalisePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

const inputPattern =
  /\\(?:input|include|subfile)\s*\{([^{}]+)\}|\\input\s+([^\s{}\\]+)|\\(?:sub)?import\*?\s*\{([^{}]*)\}\s*\{([^{}]+)\}/g;

function readInput(options: {
  name: string;
  directory: string;
  read: ReadLatexFile;
}): { path: string; text: string } | undefined {
  const base = normalisePath(options.directory + options.name.trim());
  for (const path of [base, `${base}.tex`]) {
    const text = options.read(path);
    if (text !== undefined) return { path, text };
  }
  return undefined;
}

/**
 * The paper's source from its main file, inputs inlined (each resolved against the main file's
 * folder, as LaTeX run there resolves them), comments and `\iffalse` blocks dropped.
 */
export function readLatexSource(options: { mainPath: string; read: ReadLatexFile }): LatexSource {
  const files: string[] = [];
  const missing: string[] = [];
  const rootDirectory = directoryOf(options.mainPath);
  const expand = (path: string, text: string, depth: number): string => {
    files.push(path);
    const clean = dropIffalseBlocks(stripLatexComments(text));
    return clean.replace(
      inputPattern,
      (whole, braced?: string, bare?: string, importDirectory?: string, imported?: string) => {
        const name = braced ?? bare ?? imported ?? '';
        const directory =
          importDirectory !== undefined
            ? normalisePath(rootDirectory + importDirectory) + '/'
            : rootDirectory;
        const found =
          depth < deepestInput ? readInput({ name, directory, read: options.read }) : undefined;
        if (found === undefined || files.includes(found.path)) {
          missing.push(normalisePath(directory + name));
          return '\n\n';
        }
        return `\n${expand(found.path, found.text, depth + 1)}\n`;
      },
    );
  };
  const main = options.read(options.mainPath);
  if (main === undefined) return { text: '', files, missing: [options.mainPath] };
  return { text: expand(options.mainPath, main, 0), files, missing };
}

/** Argument-free macros defined in the source: name (without backslash) -> replacement text. */
export function collectSimpleMacros(text: string): Map<string, string> {
  const macros = new Map<string, string>();
  const definition =
    /\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand)\*?\s*(?:\{\s*\\([a-zA-Z]+)\s*\}|\\([a-zA-Z]+))\s*(\[)?|\\(?:g|e|x)?def\s*\\([a-zA-Z]+)\s*(#)?/g;
  for (let match = definition.exec(text); match !== null; match = definition.exec(text)) {
    const name = match[1] ?? match[2] ?? match[4];
    if (name === undefined || match[3] !== undefined || match[5] !== undefined) continue;
    let position = definition.lastIndex;
    while (/\s/.test(text.charAt(position))) position += 1;
    if (text.charAt(position) !== '{') continue;
    const end = matchingBrace(text, position);
    if (end < 0) continue;
    macros.set(name, text.slice(position + 1, end));
  }
  return macros;
}

/** Offset of the `}` closing the `{` at `open` (escaped braces skipped); -1 when unbalanced. */
export function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const character = text.charAt(index);
    if (character === '\\') {
      index += 1;
    } else if (character === '{') {
      depth += 1;
    } else if (character === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}
