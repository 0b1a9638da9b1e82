/**
 * @module `/quarry` subcommands: `datasets <what you want to do>`, `ask <question>`,
 * `find <paper title or id> :: <question>`, `help`; `--private` anywhere answers only the person
 * who asked. Anything else is a usage request.
 */

export type QuarryCommand =
  | { kind: 'datasets'; request: string; private: boolean }
  | { kind: 'ask'; question: string; private: boolean }
  | { kind: 'find'; paper: string; question: string; private: boolean }
  | { kind: 'help'; problem: string | null };

/** Separates the paper from the question in `find`. */
export const findSeparator = '::';

export const quarryUsage = [
  '*Quarry* finds datasets and the sentences in papers that answer a question.',
  '• `/quarry datasets <what you want to do>`: datasets that fit, with sentences from papers that used them',
  '• `/quarry ask <question>`: the sentences in the indexed papers that answer it',
  `• \`/quarry find <paper title or id> ${findSeparator} <question>\`: search inside one paper`,
  '• add `--private` to see the answer yourself only; mention @Quarry or message it directly to chat',
].join('\n');

export function parseQuarryCommand(text: string): QuarryCommand {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const isPrivate = words.some((word) => word.toLowerCase() === '--private');
  const rest = words.filter((word) => word.toLowerCase() !== '--private');
  const [first, ...others] = rest;
  const subcommand = first?.toLowerCase();
  const argument = others.join(' ').trim();
  switch (subcommand) {
    case undefined:
    case 'help':
      return { kind: 'help', problem: null };
    case 'datasets':
    case 'dataset':
      return argument === ''
        ? { kind: 'help', problem: 'Say what you want to do after `datasets`.' }
        : { kind: 'datasets', request: argument, private: isPrivate };
    case 'ask':
      return argument === ''
        ? { kind: 'help', problem: 'Write your question after `ask`.' }
        : { kind: 'ask', question: argument, private: isPrivate };
    case 'find': {
      const at = argument.indexOf(findSeparator);
      const paper = at < 0 ? '' : argument.slice(0, at).trim();
      const question = at < 0 ? '' : argument.slice(at + findSeparator.length).trim();
      if (paper === '' || question === '') {
        return {
          kind: 'help',
          problem: `Name the paper, then \`${findSeparator}\`, then the question.`,
        };
      }
      return { kind: 'find', paper, question, private: isPrivate };
    }
    default:
      return { kind: 'help', problem: `\`${subcommand.slice(0, 40)}\` is not a Quarry command.` };
  }
}
