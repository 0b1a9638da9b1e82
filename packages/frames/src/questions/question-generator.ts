/**
 * @module What a question generator is: frames in, natural questions out, each tagged with the
 * origin it is stored under in a frame's question set Q (Talk to Papers / SOCO, section 3: the
 * questions suggest what users can ask and add vectors to a frame's max-pool).
 */
import type { QuestionOrigin } from '@quarry/store';

/** What a generator sees of a frame. */
export interface QuestionSource {
  frameId: string;
  text: string;
  sectionTitle: string;
  paperTitle: string;
  contextBefore: string;
  contextAfter: string;
  /** The kind of the frame's section (`table` rows get their cells' questions); absent: `body`. */
  sectionKind?: string;
}

export const questionKinds = [
  'definition',
  'proposal',
  'contribution',
  'result',
  'dataset',
  'hyper-parameter',
  'limitation',
  'future-work',
  'code',
  'research-intent',
  'other',
] as const;
export type QuestionKind = (typeof questionKinds)[number];

export interface GeneratedQuestion {
  frameId: string;
  text: string;
  kind: QuestionKind;
}

export interface QuestionGenerator {
  /** Stored as the questions' origin. */
  readonly origin: QuestionOrigin;
  generate(frames: readonly QuestionSource[]): Promise<GeneratedQuestion[]>;
}
