import { describe, expect, it } from 'vitest';
import { withoutAsides } from './asides.js';

describe('asides', () => {
  it('takes out set phrases that only sound negative, and the language a translation came from', () => {
    expect(withoutAsides('Si el dataset es traducido del inglés no pasa nada.')).toBe(
      'Si el dataset es , .',
    );
    expect(withoutAsides('fine if it was machine-translated from English')).toBe('fine if it was');
    expect(withoutAsides("Des articles, ce n'est pas grave, pas de tweets")).toBe(
      'Des articles, , , pas de tweets',
    );
  });

  it('takes out words that answer a question before it is asked', () => {
    expect(
      withoutAsides("News. And to answer what you'll probably ask next: yes, article text"),
    ).toBe('News. , yes, article text');
    expect(withoutAsides('before you ask, it is for speech')).toBe(', it is for speech');
    // Answering a question is a task when it is what the data is for.
    expect(withoutAsides('models answering questions about charts')).toBe(
      'models answering questions about charts',
    );
  });

  it('keeps what lifts or states a constraint', () => {
    expect(withoutAsides('no importa el idioma')).toBe('no importa el idioma');
    expect(withoutAsides('English to German translation')).toBe('English to German translation');
    expect(withoutAsides('Machine translation from English to German news text.')).toBe(
      'Machine translation from English to German news text.',
    );
    expect(withoutAsides('sentences translated from English into Hindi')).toBe(
      'sentences translated from English into Hindi',
    );
  });
});
