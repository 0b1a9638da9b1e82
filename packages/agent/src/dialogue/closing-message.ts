/**
 * @module Messages that only thank or approve ("thanks!", "great, thank you", "gracias!",
 * "perfekt, danke"): they close a turn without asking for anything, so a standing request and
 * what was shown stay as they are. Read over words in the languages the agent reads.
 */

/** Words and short phrases of thanks and approval, lower case, in the supported languages. */
const closingPhrases = [
  // English
  'thanks',
  'thank you',
  'thank u',
  'thx',
  'ty',
  'cheers',
  'many thanks',
  'thanks a lot',
  'thank you so much',
  'thanks so much',
  'much appreciated',
  'appreciated',
  'great',
  'perfect',
  'awesome',
  'excellent',
  'cool',
  'nice',
  'good',
  'very good',
  'very helpful',
  'helpful',
  'ok',
  'okay',
  'got it',
  'wonderful',
  'brilliant',
  'super',
  'that helps',
  'this helps',
  'that is great',
  "that's great",
  "that's perfect",
  'that is perfect',
  'looks good',
  'looks great',
  'sounds good',
  'exactly what i needed',
  "that's exactly what i needed",
  "that's what i needed",
  'that is what i needed',
  'will do',
  'love it',
  // Spanish, Portuguese, Italian, French, German, Dutch, Polish, Turkish
  'gracias',
  'muchas gracias',
  'mil gracias',
  'perfecto',
  'genial',
  'vale',
  'muy bien',
  'bien',
  'obrigado',
  'obrigada',
  'muito obrigado',
  'muito obrigada',
  'perfeito',
  'ótimo',
  'valeu',
  'grazie',
  'grazie mille',
  'perfetto',
  'ottimo',
  'merci',
  'merci beaucoup',
  'parfait',
  'génial',
  'très bien',
  'danke',
  'danke schön',
  'danke sehr',
  'vielen dank',
  'perfekt',
  'prima',
  'toll',
  'bedankt',
  'dank je',
  'dank u',
  'dank je wel',
  'dziękuję',
  'dzięki',
  'świetnie',
  'teşekkürler',
  'teşekkür ederim',
  'sağol',
  'harika',
  // Russian, Arabic, Chinese, Japanese, Korean
  'спасибо',
  'большое спасибо',
  'отлично',
  'شكرا',
  'شكرا جزيلا',
  '谢谢',
  '多谢',
  '谢谢你',
  '太好了',
  'ありがとう',
  'ありがとうございます',
  '完璧',
  '감사합니다',
  '고마워요',
  '고맙습니다',
];

const closingPattern = new RegExp(
  `^(?:(?:${closingPhrases
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .sort((left, right) => right.length - left.length)
    .join('|')})(?:[\\s,.!;:~)(-]|\\p{Extended_Pictographic})*)+$`,
  'iu',
);

/** Whether `message` only thanks or approves, in any of the supported languages. */
export function isClosingMessage(message: string): boolean {
  const text = message
    .trim()
    .replace(/^[\s\p{P}\p{Extended_Pictographic}]+/u, '')
    .replace(/[\s\p{P}\p{Extended_Pictographic}]+$/u, '');
  return text !== '' && closingPattern.test(`${text} `);
}
