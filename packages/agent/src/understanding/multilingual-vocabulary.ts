/**
 * @module A small multilingual vocabulary, written for Quarry: how people name the common
 * machine-learning tasks, data languages and kinds of data in Spanish, French, German, Portuguese,
 * Italian, Turkish, Chinese, Japanese, Korean, Arabic, Russian and Hindi, each with its English
 * name. Latin-script terms are folded (lower case, no accents) and match at a word start, so
 * inflections match too ("imágenes", "imagen"); other scripts match anywhere.
 */
import type { MessageLanguage } from './message-language.js';
import { dataKindConcepts } from './vocabulary-data-kinds.js';
import { dataLanguageConcepts } from './vocabulary-data-languages.js';
import { domainConcepts } from './vocabulary-domains.js';
import { taskConcepts } from './vocabulary-tasks.js';
import { moreDataKindConcepts, specificTaskConcepts } from './vocabulary-tasks-specific.js';

export type ConceptKind = 'task' | 'language' | 'modality' | 'domain';

export interface Concept {
  english: string;
  kind: ConceptKind;
  terms: Partial<Record<Exclude<MessageLanguage, 'en'>, readonly string[]>>;
}

/**
 * Tasks first (the specific ones before generic task words), then data languages, kinds of data
 * and domains.
 */
export const multilingualConcepts: readonly Concept[] = [
  ...specificTaskConcepts,
  ...taskConcepts,
  ...dataLanguageConcepts,
  ...dataKindConcepts,
  ...moreDataKindConcepts,
  ...domainConcepts,
];
