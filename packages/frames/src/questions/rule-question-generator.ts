/**
 * @module The offline, rule-based question generator: recognises sentences that define a term,
 * propose a method, list contributions, report results, name the datasets used, set
 * hyper-parameters, admit limitations or leave future work, or release code, and writes the
 * natural question each one answers ("What is X?", "What learning rate is used?"); then the
 * research-intent questions of research-intent-rules.ts ("How fast is the method?"). A table row
 * gets the questions of its cells instead (table-row-questions.ts).
 */
import { isStopword } from '@quarry/text';
import { researchIntentQuestions } from './research-intent-rules.js';
import { abbreviationsByPaper } from './paper-abbreviations.js';
import { tableRowQuestions } from './table-row-questions.js';
import type {
  GeneratedQuestion,
  QuestionGenerator,
  QuestionKind,
  QuestionSource,
} from './question-generator.js';

export interface RuleQuestionGeneratorOptions {
  /** Most questions for one frame. Default 5. */
  maxQuestionsPerFrame?: number;
  /** Sentences with fewer words are headings or fragments and get no question. Default 6. */
  minSentenceWords?: number;
  /** Longest term a definition question names, in words. Default 5. */
  maxTermWords?: number;
}

interface Rule {
  kind: QuestionKind;
  questions: (sentence: string) => string[];
}

const defaultMaxQuestionsPerFrame = 5;
const defaultMinSentenceWords = 6;
const defaultMaxTermWords = 5;

/** Subjects that make "X is a …" a statement about something else, not a definition of X. */
const nonTermSubjects = new Set([
  'it',
  'this',
  'that',
  'there',
  'these',
  'those',
  'which',
  'what',
  'here',
  'one',
  'each',
  'our',
  'we',
  'they',
  'he',
  'she',
  'such',
  'the result',
  'the answer',
  'the problem',
  'the reason',
  'the goal',
  'the idea',
  'the key',
  'the main',
  'the difference',
  'the first',
  'the second',
  'the last',
  'the following',
  'the other',
  'another',
  'the former',
  'the latter',
  'the rest',
  'the only',
  'the same',
  'the best',
  'an example',
  'the input',
  'the output',
]);
const termWordPattern = /^[\p{L}\p{N}][\p{L}\p{N}'’.-]*$/u;
const verbLikeWords = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'has',
  'have',
  'can',
  'will',
  'would',
  'should',
  'may',
  'that',
  'which',
  'who',
  'where',
  'when',
  'if',
  'and',
  'or',
  'but',
  'not',
  'also',
  'thus',
]);

const definitionPattern =
  /^((?:[Tt]he |[Aa]n? )?[^,;:()]{1,60}?) (is|are) (?:a|an|one of the|defined as|called|referred to as) [\p{L}-]+|^((?:[Tt]he |[Aa]n? )?[^,;:()]{1,60}?) (refers to|denotes|is defined as) /u;
const weDefinePattern =
  /\b[Ww]e (?:define|call|refer to|denote) ((?:the )?[^,;:()]{1,50}?) (?:as|by)\b/;
const proposalPattern =
  /\b(?:[Ww]e|[Tt]his (?:paper|work|article)|[Ii]n this (?:paper|work), we) (?:propose|introduce|present|develop|design|describe|put forward)s? (?:a |an |the |two |three |several )?([^,;:.]{3,120})/;
const forTaskPattern =
  /\bfor ((?:the )?[\p{L}-]+(?: [\p{L}-]+){0,5}?)(?=$| (?:that|which|with|using|based|by|in|on|to|and|where)\b|[,.;:])/u;
const contributionPattern =
  /\b(?:our|the) (?:main |key |major |primary )?contributions? (?:of (?:this|our) (?:paper|work) )?(?:are|is|include|can be summari[sz]ed)\b|\bcontributions? (?:are|is) as follows\b|\bmakes? (?:the following|two|three|four|several) (?:main |key )?contributions\b/i;
const metricPattern =
  /\b(accuracy|F1|F-score|F-measure|BLEU|ROUGE(?:-[L12])?|METEOR|CIDEr|perplexity|precision|recall|error rate|word error rate|WER|EM|exact match|mAP|AUC|top-1 accuracy|top-5 error|MRR|NDCG|mIoU|IoU)\b/i;
const resultVerbPattern =
  /\b(achiev(?:e|es|ed|ing)|obtain(?:s|ed)?|reach(?:es|ed)?|outperform(?:s|ed|ing)?|surpass(?:es|ed)?|improv(?:e|es|ed|ing|ement)|state[- ]of[- ]the[- ]art|score[sd]?|results? (?:in|of))\b/i;
const onDatasetPattern =
  /\bon (?:the )?((?:[A-Z][\w.-]*\d*|[A-Z]{2,}[\w.-]*)(?: (?:[A-Z][\w.-]*|v?\d[\d.]*))*)(?: (?:dataset|corpus|benchmark|test set|task|data))?/;
const datasetWordPattern = /\b(datasets?|corpus|corpora|benchmarks?|treebank)\b/i;
const datasetUsePattern =
  /\b(?:use|used|using|uses|evaluate|evaluated|evaluating|experiment|experiments|conduct|conducted|train|trained|training|test|tested|testing|collected|report)\b/i;
const trainPattern = /\b(?:train|trained|training|pre-?train(?:ed|ing)?)\b/i;
const evaluationPattern = /\b(?:evaluat\w*|test(?:ed|ing)?|benchmark(?:ed|ing)?|experiments?)\b/i;
const hyperParameterRules: { pattern: RegExp; question: string }[] = [
  { pattern: /\blearning rates?\b/i, question: 'What learning rate is used?' },
  {
    pattern: /\b(?:mini-?)?batch sizes?\b|\bmini-?batch(?:es)? of\b/i,
    question: 'What batch size is used?',
  },
  { pattern: /\bdropout\b/i, question: 'What dropout rate is used?' },
  { pattern: /\bepochs?\b/i, question: 'How many epochs is the model trained for?' },
  {
    pattern:
      /\b(?:Adam|AdaGrad|AdaDelta|RMSProp|SGD|(?:stochastic )?gradient descent|momentum|Nesterov|L-BFGS)\b/i,
    question: 'Which optimizer is used?',
  },
  { pattern: /\bweight decay\b|\bL2 regulari[sz]ation\b/i, question: 'What weight decay is used?' },
  { pattern: /\bbeam (?:size|width|search with)\b/i, question: 'What beam size is used?' },
  {
    pattern:
      /\b(?:hidden (?:size|units|dimension|layer size|state size)|embedding (?:size|dimension)|dimensionality)\b/i,
    question: 'What is the hidden size of the model?',
  },
  {
    pattern: /\bnumber of layers\b|\b(?:layers|stacked) (?:of|with)\b/i,
    question: 'How many layers does the model have?',
  },
];
const hyperParameterSettingPattern =
  /\b(?:set|sets|setting|use|used|using|uses|initiali[sz]ed|initial|with|of|to|is|are|was|were|=|chosen|tuned|decay(?:ed|s)?)\b/i;
const limitationPattern =
  /\b(?:limitations?|drawbacks?|shortcomings?|weakness(?:es)?|fails? to|failed to|does not (?:work|handle|scale|generalize|generalise)|cannot (?:handle|capture|model|deal)|struggles? (?:to|with))\b/i;
const futureWorkPattern =
  /\bfuture (?:work|research|directions?)\b|\bleave [^.]{1,60} (?:to|for) (?:the )?future\b/i;
const codePattern =
  /\b(?:code|implementation|source code)\b[^.]{0,60}\b(?:available|released|publicly|open[- ]source[ds]?|github)\b/i;

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Function words a multi-word term may contain ("Bag of words", "question and answer"). */
const termGlueWords = new Set(['of', 'for', 'and', 'the', 'to', 'in']);

/** Sentence-initial words that open a statement, not a term ("Each edge is a …"). */
const nonTermOpeners = new Set([
  'each',
  'every',
  'another',
  'other',
  'our',
  'their',
  'its',
  'his',
  'her',
  'although',
  'since',
  'because',
  'while',
  'if',
  'when',
  'then',
  'thus',
  'hence',
  'however',
  'also',
  'all',
  'both',
  'some',
  'many',
  'most',
  'few',
  'several',
  'any',
  'no',
  'only',
  'first',
  'second',
  'third',
  'finally',
  'one',
  'two',
  'three',
  'four',
  'five',
  'here',
  'there',
  'so',
  'such',
  'note',
]);

/** The term of a definition, cleaned, or null when it does not look like a term. */
function definitionTerm(raw: string, maxTermWords: number): string | null {
  const term = raw.trim().replace(/\s+/g, ' ');
  const words = term.split(' ');
  const [first = ''] = words;
  if (words.length === 0 || words.length > maxTermWords) return null;
  if (nonTermSubjects.has(term.toLowerCase())) return null;
  if (nonTermSubjects.has(words.slice(0, 2).join(' ').toLowerCase())) return null;
  if (nonTermOpeners.has(first.toLowerCase())) return null;
  // "We find there …", "As SR …": function words start or fill a clause, never a term.
  const [head = '', ...tail] = /^(the|a|an)$/i.test(first) ? words.slice(1) : words;
  if (isStopword(head.toLowerCase())) return null;
  if (
    tail.some((word) => isStopword(word.toLowerCase()) && !termGlueWords.has(word.toLowerCase()))
  ) {
    return null;
  }
  if (words.some((word) => !termWordPattern.test(word) || verbLikeWords.has(word.toLowerCase()))) {
    return null;
  }
  const isNameLike = (word: string) => /[A-Z]/.test(word.slice(1)) || /\d/.test(word);
  if (/^(the|a|an)$/i.test(first)) {
    // "The encoder", "a residual block": short lower-case noun phrases only.
    const rest = words.slice(1);
    const lowerCase = rest.every((word) => word === word.toLowerCase() || isNameLike(word));
    return rest.length > 0 && rest.length <= 3 && lowerCase
      ? [first.toLowerCase(), ...rest].join(' ')
      : null;
  }
  // "BERT", "ResNet-50", "Batch normalization": a name, or a capitalised term of up to 3 words.
  if (words.some(isNameLike)) return term;
  if (words.length > 3) return null;
  return [first.charAt(0).toLowerCase() + first.slice(1), ...words.slice(1)].join(' ');
}

function createRules(maxTermWords: number): Rule[] {
  return [
    {
      kind: 'definition',
      questions: (sentence) => {
        const weDefine = weDefinePattern.exec(sentence);
        const match = weDefine ? null : definitionPattern.exec(sentence);
        const raw = weDefine?.[1] ?? match?.[1] ?? match?.[3];
        if (raw === undefined) return [];
        const term = definitionTerm(raw, maxTermWords);
        if (term === null) return [];
        const plural = match?.[2] === 'are';
        return [`What ${plural ? 'are' : 'is'} ${term}?`];
      },
    },
    {
      kind: 'proposal',
      questions: (sentence) => {
        const match = proposalPattern.exec(sentence);
        if (!match) return [];
        const task = forTaskPattern.exec(match[1] ?? '')?.[1];
        return task && wordCount(task) <= 6
          ? [`What do the authors propose for ${task}?`]
          : ['What do the authors propose?'];
      },
    },
    {
      kind: 'contribution',
      questions: (sentence) =>
        contributionPattern.test(sentence) ? ['What are the main contributions of the paper?'] : [],
    },
    {
      kind: 'result',
      questions: (sentence) => {
        const metric = metricPattern.exec(sentence)?.[1];
        if (metric === undefined || !resultVerbPattern.test(sentence)) return [];
        const dataset = onDatasetPattern.exec(sentence)?.[1];
        const metricName = /^[a-z]/.test(metric) ? metric.toLowerCase() : metric;
        return dataset
          ? [`What ${metricName} does the model achieve on ${dataset}?`]
          : [`What ${metricName} does the model achieve?`];
      },
    },
    {
      kind: 'dataset',
      questions: (sentence) => {
        if (!datasetWordPattern.test(sentence) || !datasetUsePattern.test(sentence)) return [];
        if (trainPattern.test(sentence)) return ['Which dataset is used for training?'];
        if (evaluationPattern.test(sentence)) return ['Which datasets are used for evaluation?'];
        return ['Which datasets are used?'];
      },
    },
    {
      kind: 'hyper-parameter',
      questions: (sentence) =>
        hyperParameterSettingPattern.test(sentence)
          ? hyperParameterRules
              .filter(({ pattern }) => pattern.test(sentence))
              .map(({ question }) => question)
          : [],
    },
    {
      kind: 'limitation',
      questions: (sentence) =>
        limitationPattern.test(sentence) ? ['What are the limitations of the approach?'] : [],
    },
    {
      kind: 'future-work',
      questions: (sentence) =>
        futureWorkPattern.test(sentence) ? ['What is left for future work?'] : [],
    },
    {
      kind: 'code',
      questions: (sentence) =>
        codePattern.test(sentence) ? ['Is the code publicly available?'] : [],
    },
    {
      kind: 'research-intent',
      questions: (sentence) => researchIntentQuestions(sentence).map(({ text }) => text),
    },
  ];
}

/** Questions for one sentence, in rule order, without repeats. */
export function ruleQuestionsFor(
  sentence: string,
  options: RuleQuestionGeneratorOptions = {},
): { text: string; kind: QuestionKind }[] {
  const minWords = options.minSentenceWords ?? defaultMinSentenceWords;
  const maxQuestions = options.maxQuestionsPerFrame ?? defaultMaxQuestionsPerFrame;
  const trimmed = sentence.trim();
  if (wordCount(trimmed) < minWords) return [];
  const seen = new Set<string>();
  const questions: { text: string; kind: QuestionKind }[] = [];
  for (const rule of createRules(options.maxTermWords ?? defaultMaxTermWords)) {
    for (const question of rule.questions(trimmed)) {
      const text = capitalise(question);
      if (seen.has(text)) continue;
      seen.add(text);
      questions.push({ text, kind: rule.kind });
      if (questions.length >= maxQuestions) return questions;
    }
  }
  return questions;
}

export function createRuleQuestionGenerator(
  options: RuleQuestionGeneratorOptions = {},
): QuestionGenerator {
  return {
    origin: 'rule',
    generate(frames: readonly QuestionSource[]): Promise<GeneratedQuestion[]> {
      const abbreviations = abbreviationsByPaper(frames);
      return Promise.resolve(
        frames.flatMap((frame) =>
          frame.sectionKind === 'table'
            ? // A table row: the questions of its cells, not those of a sentence of prose.
              tableRowQuestions(frame.text, undefined, abbreviations.get(frame.paperTitle)).map(
                (text) => ({
                  frameId: frame.frameId,
                  text,
                  kind: 'result' as const,
                }),
              )
            : ruleQuestionsFor(frame.text, options).map((question) => ({
                frameId: frame.frameId,
                ...question,
              })),
        ),
      );
    },
  };
}
