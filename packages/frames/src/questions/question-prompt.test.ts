import { describe, expect, it } from 'vitest';
import {
  createLanguageModelQuestionGenerator,
  questionsFromCompletion,
} from './llm-question-generator.js';
import {
  loadQuestionPrompt,
  parseQuestionPrompt,
  renderQuestionPrompt,
} from './question-prompt.js';

describe('question prompt', () => {
  it('loads the versioned prompt of the repository', async () => {
    const prompt = await loadQuestionPrompt();
    expect(prompt.name).toBe('question-generation');
    expect(prompt.version).toMatch(/^\d+/);
    expect(prompt.template).toContain('{{sentence}}');
  });

  it('renders placeholders and refuses to leave one unfilled', () => {
    const prompt = parseQuestionPrompt(
      '---\nname: t\nversion: 2\n---\nQ about {{ sentence }}?',
      't.md',
    );
    expect(renderQuestionPrompt(prompt, { sentence: 'X' })).toBe('Q about X?');
    expect(() => renderQuestionPrompt(prompt, {})).toThrow(/no value for \{\{sentence\}\}/);
  });

  it('rejects a file without front matter or version', () => {
    expect(() => parseQuestionPrompt('no header', 'x.md')).toThrow(/front matter/);
    expect(() => parseQuestionPrompt('---\nname: t\n---\nbody', 'x.md')).toThrow(/version/);
  });
});

describe('language-model question generator', () => {
  it('keeps question lines, strips numbering and repeats', () => {
    expect(
      questionsFromCompletion('1. What is X?\n- What is X?\nNot a question\n2) Why Y?', {
        maxQuestions: 5,
        maxCharacters: 100,
      }),
    ).toEqual(['What is X?', 'Why Y?']);
  });

  it('asks the completion function once per frame with the rendered prompt', async () => {
    const prompts: string[] = [];
    const generator = createLanguageModelQuestionGenerator({
      prompt: parseQuestionPrompt(
        '---\nname: t\nversion: 1\n---\n{{paper_title}}: {{sentence}} ({{max_questions}})',
        't.md',
      ),
      complete: ({ prompt }) => {
        prompts.push(prompt);
        return Promise.resolve('What does the model reach?\n');
      },
      maxQuestionsPerFrame: 2,
    });
    const generated = await generator.generate([
      {
        frameId: '7',
        text: 'The model reaches 90%.',
        sectionTitle: 'Results',
        paperTitle: 'Paper',
        contextBefore: '',
        contextAfter: '',
      },
    ]);
    expect(prompts).toEqual(['Paper: The model reaches 90%. (2)']);
    expect(generated).toEqual([
      { frameId: '7', text: 'What does the model reach?', kind: 'other' },
    ]);
    expect(generator.origin).toBe('llm');
  });
});
