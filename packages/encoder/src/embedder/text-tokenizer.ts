/**
 * @module Tokenizer wrapper over @huggingface/tokenizers that adds what it leaves out: truncation to
 * the model's maximum length, keeping the special tokens the post-processor adds at both ends.
 */
import { loadHuggingFaceTokenizer } from './hugging-face-tokenizer.js';
import type { HuggingFaceTokenizer } from './hugging-face-tokenizer.js';

export interface TokenizedText {
  ids: number[];
  /** True when tokens past the model's maximum length were dropped. */
  truncated: boolean;
  /** Token count before truncation; a lower bound when the text was cut early (see below). */
  fullTokenCount: number;
}

export interface TextTokenizer {
  readonly maxLength: number;
  /** Size of the id space, added tokens included. */
  readonly vocabularySize: number;
  encode(text: string): TokenizedText;
  idOf(token: string): number | undefined;
}

export interface CreateTextTokenizerOptions {
  tokenizerJson: Readonly<Record<string, unknown>>;
  tokenizerConfig?: Readonly<Record<string, unknown>>;
  maxLength: number;
}

/** A long text is first cut to this many characters per allowed token, so no one tokenises a book. */
const charactersPerTokenBeforeCut = 16;
/** WordPiece gives up on words over 100 characters, so a cut word yields at most this many tokens. */
const tokensOfOneCutWord = 100;

export function createTextTokenizer(options: CreateTextTokenizerOptions): TextTokenizer {
  const tokenizer = loadHuggingFaceTokenizer(options.tokenizerJson, options.tokenizerConfig ?? {});
  const { maxLength } = options;
  const { prefixCount, suffixCount } = measureSpecialTokens(tokenizer);
  const vocabularySize = Math.max(...tokenizer.get_vocab(true).values()) + 1;

  const truncate = (ids: number[]): number[] => {
    if (ids.length <= maxLength) return ids;
    const keptHead = Math.max(maxLength - suffixCount, prefixCount);
    return [...ids.slice(0, keptHead), ...ids.slice(ids.length - suffixCount)];
  };

  return {
    maxLength,
    vocabularySize,
    idOf: (token) => tokenizer.token_to_id(token),
    encode(text) {
      const characterLimit = maxLength * charactersPerTokenBeforeCut;
      if (text.length > characterLimit) {
        const cutIds = tokenizer.encode(text.slice(0, characterLimit)).ids;
        // Only trust the cut when the damaged last word lies well past the kept tokens.
        if (cutIds.length >= maxLength + tokensOfOneCutWord) {
          return { ids: truncate(cutIds), truncated: true, fullTokenCount: cutIds.length };
        }
      }
      const ids = tokenizer.encode(text).ids;
      return { ids: truncate(ids), truncated: ids.length > maxLength, fullTokenCount: ids.length };
    },
  };
}

/** Counts the special tokens the post-processor puts before and after the text ([CLS] … [SEP]). */
function measureSpecialTokens(tokenizer: HuggingFaceTokenizer): {
  prefixCount: number;
  suffixCount: number;
} {
  const probe = 'hello world';
  const withSpecials = tokenizer.encode(probe).ids;
  const withoutSpecials = tokenizer.encode(probe, { add_special_tokens: false }).ids;
  const first = withoutSpecials[0];
  const prefixCount = first === undefined ? 0 : Math.max(withSpecials.indexOf(first), 0);
  const suffixCount = Math.max(withSpecials.length - prefixCount - withoutSpecials.length, 0);
  return { prefixCount, suffixCount };
}
