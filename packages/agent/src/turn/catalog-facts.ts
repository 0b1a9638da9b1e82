/**
 * @module What a catalog record says about a constraint, as plain predicates over the catalog:
 * whether a dataset is in a language (for a task), declares other languages, bears a language at
 * all, declares or says a task, says a domain, or contradicts a kind of data. The ranking step (rank-candidates.ts) keeps
 * what the person said with them.
 */
import type { Dataset } from '@quarry/core';
import { analyze, tokenize } from '@quarry/text';
import { needMatches, needWordsByToken } from '@quarry/recommender';
import { candidateLabels } from '../candidate-facets.js';
import type { CatalogTerms } from '../dialogue/refined-candidates.js';

type Catalog = ReadonlyMap<string, Dataset>;

/** Task words too general to say two tasks are one ("classification", "detection"). */
const genericTaskTerms = new Set(
  analyze('classification detection recognition generation prediction analysis learning task'),
);

/**
 * The words of `task` that say which task it is: its content words past the generic ones and,
 * when others remain, past the words that name a kind of data (the recommender's vocabulary:
 * "hate speech detection" is not met by "speech" alone, as a speech-recognition corpus would).
 */
function distinctiveTerms(task: string, ignore: string): Set<string> {
  const { content, specific } = taskTerms(task, ignore);
  return new Set(specific.length > 0 ? specific : content);
}

/** The content words of `task` past the generic ones, and those of them that name no kind of data. */
function taskTerms(task: string, ignore: string): { content: string[]; specific: string[] } {
  const ignored = new Set(analyze(ignore));
  // Each word on its own: in "hate speech" the phrase names text, the word "speech" a kind of data.
  const kindTerms = new Set(
    analyze(
      tokenize(task, { joinHyphenated: false })
        .filter((token) =>
          (needWordsByToken([token])[0] ?? []).some((word) => word.category === 'modality'),
        )
        .join(' '),
    ),
  );
  const content = analyze(task).filter((term) => !ignored.has(term) && !genericTaskTerms.has(term));
  return { content, specific: content.filter((term) => !kindTerms.has(term)) };
}

/** Whether `datasetId` declares `language` and, when a task is stated, a task that matches it. */
export function keepsLanguage(
  catalog: Catalog,
  datasetId: string,
  language: string,
  task: string | null,
): boolean {
  const dataset = catalog.get(datasetId);
  if (!dataset) return false;
  // A value may name several languages ("French, Spanish"): any of them will do.
  const wanted = language.toLowerCase().split(/\s*,\s*/);
  // Declared languages, else those its description names for its data ("10,828 Arabic tweets"):
  // most catalog records (the Papers with Code collection) declare none.
  const declares = candidateLabels(dataset, 'language').some((label) =>
    wanted.includes(label.toLowerCase()),
  );
  if (!declares || task === null) return declares;
  return fitsTask(dataset, task, language);
}

/** Short forms of tasks that records spell out ("extractive QA" is question answering). */
const taskAbbreviations: Readonly<Record<string, string>> = {
  qa: 'question answering',
  vqa: 'visual question answering',
  mt: 'machine translation',
  nmt: 'machine translation',
  asr: 'speech recognition',
  ner: 'named entity recognition',
  mrc: 'machine reading comprehension',
  nli: 'natural language inference',
  ocr: 'optical character recognition',
  tts: 'text-to-speech',
  kg: 'knowledge graph',
  har: 'human activity recognition',
};

/** `task` with each short form followed by its spelled-out name ("extractive qa question answering"). */
export function spellOutTaskAbbreviations(task: string): string {
  return task.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const spelled = taskAbbreviations[word.toLowerCase()];
    return spelled === undefined ? word : `${word} ${spelled}`;
  });
}

/**
 * Whether `dataset` is for `task`: a declared task contains it, is contained in it or shares a
 * content word with it (the words of `ignore`, e.g. a language's name, aside); a dataset that
 * declares no task must name a distinctive word of the task in its own words.
 */
export function fitsTask(dataset: Dataset, given: string, ignore = ''): boolean {
  const task = spellOutTaskAbbreviations(given);
  const wantedTask = task.toLowerCase();
  // A task read from the request may carry the language's name ("spanish named entity …").
  if (dataset.tasks.length === 0) {
    // Its own words are weaker evidence than a declared task: a word that names only a kind of
    // data (a speech corpus for "hate speech detection") does not say the task.
    const distinctive = distinctiveTerms(task, ignore);
    return analyze(`${dataset.name}. ${dataset.description}`).some((term) => distinctive.has(term));
  }
  const ignored = new Set(analyze(ignore));
  const wantedTerms = new Set(
    analyze(task).filter((term) => !ignored.has(term) && !genericTaskTerms.has(term)),
  );
  // The task matches when a declared task contains it, or shares a content word with it.
  return dataset.tasks.some((name) => {
    const own = name.toLowerCase();
    return (
      own.includes(wantedTask) ||
      wantedTask.includes(own) ||
      analyze(name).some((term) => wantedTerms.has(term))
    );
  });
}

/**
 * Whether the record of `datasetId` (its analysed terms: names, declared tasks, description) says the one word that
 * tells `task` from others of its kind of data: "emotion" for speech emotion recognition, which a
 * speech-recognition corpus declaring a task that shares "speech" (fitsTask) does not say.
 */
export function saysTask(
  terms: Pick<CatalogTerms, 'termsOf'>,
  datasetId: string,
  task: string,
): boolean {
  const [wanted] = taskWord(task);
  return wanted !== undefined && terms.termsOf(datasetId).has(wanted);
}

/**
 * The one word that tells `task` from others of its kind of data ("emotion"), or nothing when the
 * task has several ("continuous control", "knowledge graph link prediction": a record says them
 * in other words, and the recommender already weighs them as phrases) or none but a kind of data
 * ("text classification": the kind is the modality step's to weigh).
 */
export function taskWord(task: string): string[] {
  const { specific } = taskTerms(spellOutTaskAbbreviations(task), '');
  return new Set(specific).size === 1 ? specific.slice(0, 1) : [];
}

/** Whether `datasetId` declares languages and `language` is not one of them. */
export function declaresOtherLanguage(
  catalog: Catalog,
  datasetId: string,
  language: string,
): boolean {
  const dataset = catalog.get(datasetId);
  if (!dataset) return false;
  // Declared languages, else those its name, variants or description name for its data
  // ("… Sarcasm Annotated Dataset in Spanish"): most records declare none.
  const declared = candidateLabels(dataset, 'language');
  const wanted = language.toLowerCase().split(/\s*,\s*/);
  return declared.length > 0 && !declared.some((name) => wanted.includes(name.toLowerCase()));
}

/** Whether the data of `datasetId` is in some language (text, speech), as far as is known. */
export function bearsLanguage(catalog: Catalog, datasetId: string): boolean {
  const dataset = catalog.get(datasetId);
  return dataset !== undefined && candidateLabels(dataset, 'language').length > 0;
}

/**
 * Whether `datasetId` declares a task that contains `task`, or a broader one ("Question Answering"
 * for "video question answering") while its record says the words the broader one leaves out
 * ("video"), read from the catalog's terms of the record (name, tasks, kinds, description, paper
 * title).
 */
export function declaresTask(
  catalog: Catalog,
  datasetId: string,
  task: string,
  terms: Pick<CatalogTerms, 'termsOf'>,
): boolean {
  const wanted = task.toLowerCase();
  return (catalog.get(datasetId)?.tasks ?? []).some((name) => {
    const own = name.toLowerCase();
    if (own.includes(wanted)) return true;
    if (!wanted.includes(own)) return false;
    const said = terms.termsOf(datasetId);
    const ownTerms = new Set(analyze(own));
    return analyze(wanted)
      .filter((term) => !ownTerms.has(term))
      .every((term) => said.has(term));
  });
}

/** Whether `dataset` declares kinds of data and none of them is `modality`. */
export function contradictsModality(
  catalog: Catalog,
  datasetId: string,
  modality: string,
): boolean {
  const declared = catalog.get(datasetId)?.modalities ?? [];
  if (declared.length === 0) return false;
  // Speech is audio: a request for speech does not contradict a dataset of audio.
  const family = (kind: string) => {
    const own = kind.toLowerCase().replace(/s$/, '');
    return own === 'speech' ? 'audio' : own;
  };
  const wanted = family(modality);
  return !declared.some((kind) => {
    const own = family(kind);
    return own.startsWith(wanted) || wanted.startsWith(own);
  });
}

/** The distinct words of `text` in the vocabulary of `domain` ("clinical", "patients"). */
function domainWordsIn(text: string, domain: string): Set<string> {
  const tokens = tokenize(text, { joinHyphenated: false });
  return new Set(
    needMatches(tokens)
      .filter((match) =>
        match.words.some((word) => word.category === 'domain' && word.label === domain),
      )
      .map((match) => tokens.slice(match.start, match.end).join(' ')),
  );
}

/**
 * Whether the record of `datasetId` says `domain` in two distinct words of the domain's vocabulary
 * ("clinical notes of patients"), or one in its name: a single word in passing ("buildings and
 * roads" in aerial images) is not a domain.
 */
export function saysDomain(options: {
  catalog: Catalog;
  datasetId: string;
  domain: string;
  /** A stated task the dataset must be for, when one is stated. */
  task: string | null;
}): boolean {
  const { domain, task } = options;
  const dataset = options.catalog.get(options.datasetId);
  if (!dataset || (task !== null && !fitsTask(dataset, task))) return false;
  return (
    domainWordsIn(`${dataset.name} ${dataset.fullName ?? ''}`, domain).size > 0 ||
    domainWordsIn(dataset.description, domain).size >= 2
  );
}
