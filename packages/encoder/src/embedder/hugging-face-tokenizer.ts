/**
 * @module A typed handle on @huggingface/tokenizers' Tokenizer. The package's declaration files use
 * extensionless relative imports, which NodeNext resolution cannot follow, so its types arrive as
 * unresolved; this file states the few methods Quarry calls, once.
 */
import * as tokenizers from '@huggingface/tokenizers';

export interface HuggingFaceEncodeOptions {
  add_special_tokens?: boolean;
}

export interface HuggingFaceTokenizer {
  encode(text: string, options?: HuggingFaceEncodeOptions): { ids: number[] };
  token_to_id(token: string): number | undefined;
  /** token -> id; with added tokens ([CLS], [SEP], …) when `withAddedTokens` is true. */
  get_vocab(withAddedTokens?: boolean): Map<string, number>;
}

type HuggingFaceTokenizerConstructor = new (
  tokenizerJson: object,
  tokenizerConfig: object,
) => HuggingFaceTokenizer;

const { Tokenizer } = tokenizers as unknown as { Tokenizer: HuggingFaceTokenizerConstructor };

/** Builds a tokenizer from parsed tokenizer.json and tokenizer_config.json contents. */
export function loadHuggingFaceTokenizer(
  tokenizerJson: Readonly<Record<string, unknown>>,
  tokenizerConfig: Readonly<Record<string, unknown>> = {},
): HuggingFaceTokenizer {
  return new Tokenizer(tokenizerJson, tokenizerConfig);
}
