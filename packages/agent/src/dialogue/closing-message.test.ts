import { describe, expect, it } from 'vitest';
import { isClosingMessage } from './closing-message.js';

describe('isClosingMessage', () => {
  it('reads thanks and approval in several languages, with punctuation and emoji', () => {
    for (const message of [
      'thanks!',
      'Great, thank you so much 🙏',
      'ok thx',
      'gracias!',
      'muchas gracias, perfecto',
      'Perfekt, danke!',
      'merci beaucoup',
      '谢谢！',
      'ありがとうございます',
      "that's exactly what I needed, cheers",
    ]) {
      expect(isClosingMessage(message), message).toBe(true);
    }
  });

  it('does not read a message that asks for anything as a closing', () => {
    for (const message of [
      'thanks, but only in German please',
      'great, now something for speech',
      'gracias, ¿y en español?',
      'perfect datasets for pose estimation',
    ]) {
      expect(isClosingMessage(message), message).toBe(false);
    }
    expect(isClosingMessage('')).toBe(false);
    expect(isClosingMessage('!!!')).toBe(false);
  });
});
