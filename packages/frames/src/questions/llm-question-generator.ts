/**
 * @module The language-model question generator: renders the versioned prompt for each frame,
 * asks a completion function (any provider: local, OpenAI-compatible, Ollama) and keeps the lines
 * that are questions. Offline use needs none of it; the rule generator is the default.
 */
import type { GeneratedQuestion, QuestionGenerator, QuestionSource } from './question-generator.js';
import { renderQuestionPrompt } from './question-prompt.js';
import type { QuestionPrompt } from './question-prompt.js';

/** One prompt in, the model's text out. Adapters for AI SDK providers live with the agent. */
export type CompleteText = (request: { prompt: string; promptVersion: string }) => Promise<string>;

export interface LanguageModelQuestionGeneratorOptions {
  complete: CompleteText;
  prompt: QuestionPrompt;
  /** Most questions kept per frame. Default 3. */
  maxQuestionsPerFrame?: number;
  /** Longest question kept, in characters. Default 200. */
  maxQuestionCharacters?: number;
}

const defaultMaxQuestionsPerFrame = 3;
const defaultMaxQuestionCharacters = 200;

/** The lines of a completion that are questions: numbering and bullets stripped, deduplicated. */
export function questionsFromCompletion(
  completion: string,
  options: { maxQuestions: number; maxCharacters: number },
): string[] {
  const seen = new Set<string>();
  const questions: string[] = [];
  for (const line of completion.split(/\r?\n/)) {
    const text = line
      .trim()
      .replace(/^(?:[-*•]|\d+[.)])\s*/, '')
      .trim();
    if (!text.endsWith('?') || text.length < 5 || text.length > options.maxCharacters) continue;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    questions.push(text);
    if (questions.length >= options.maxQuestions) break;
  }
  return questions;
}

export function createLanguageModelQuestionGenerator(
  options: LanguageModelQuestionGeneratorOptions,
): QuestionGenerator {
  const maxQuestions = options.maxQuestionsPerFrame ?? defaultMaxQuestionsPerFrame;
  const maxCharacters = options.maxQuestionCharacters ?? defaultMaxQuestionCharacters;
  return {
    origin: 'llm',
    async generate(frames: readonly QuestionSource[]): Promise<GeneratedQuestion[]> {
      const generated: GeneratedQuestion[] = [];
      // One frame at a time: a local model serves one request at a time anyway.
      for (const frame of frames) {
        const prompt = renderQuestionPrompt(options.prompt, {
          paper_title: frame.paperTitle,
          section_title: frame.sectionTitle,
          context_before: frame.contextBefore,
          sentence: frame.text,
          context_after: frame.contextAfter,
          max_questions: maxQuestions,
        });
        const completion = await options.complete({
          prompt,
          promptVersion: options.prompt.version,
        });
        for (const text of questionsFromCompletion(completion, { maxQuestions, maxCharacters })) {
          generated.push({ frameId: frame.frameId, text, kind: 'other' });
        }
      }
      return generated;
    },
  };
}
