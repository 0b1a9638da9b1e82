/**
 * @module The weakly supervised pair sources the default encoder is trained on, built from
 * ../shared/data: inverse cloze (Lee et al. 2019, https://arxiv.org/abs/1906.00300) over SciREX
 * sections, dataset name/sentence vs description, citance vs described dataset, the two halves of a
 * research query, and a WordNet lemma vs its synonyms, definition and hypernym (general English
 * paraphrase). Evaluation data is never read here: not the DataFinder dev queries
 * (datafinder-dev.*), not SQuAD (the answer-retrieval benchmark measures the encoder on all of it).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { splitSentences } from '@quarry/text';
import { readDatasetCatalog, nameKey } from '../corpora/dataset-catalog.js';
import type { CatalogDataset } from '../corpora/dataset-catalog.js';
import {
  isHeldOutCitanceDataset,
  maskDatasetNames,
  readDatasetCitances,
} from '../corpora/dataset-citances.js';
import { readScirexPapers } from '../corpora/scirex-papers.js';
import { readWordnetSynsets } from '../corpora/wordnet-lexicon.js';
import { concatenateTokens } from './training-pairs.js';
import type { PairSource, PairSourceName } from './training-pairs.js';

/** Text to content token ids (no [CLS]/[SEP]). */
export type ContentTokenizer = (text: string) => Int32Array;

export interface BuildPairSourcesOptions {
  dataDir: string;
  tokenize: ContentTokenizer;
  /** Document-side sequences are cut to this many tokens. Default 128. */
  maxDocumentTokens?: number;
  /** The WordNet database folder (data.noun …); null leaves the WordNet source out. */
  wordnetDirectory: string | null;
}

export interface PairSourceCollection {
  sources: PairSource[];
  /** Every distinct sentence-sized text seen, for document frequencies (IDF). */
  frequencyTexts: Int32Array[];
}

/** Paths under the shared data folder; kept together so the model card can list them. */
export const trainingDataFiles = {
  scirexPapers: join('scirex', 'papers'),
  datasetCollection: join('datafinder', 'dataset_collection.jsonl'),
  pwcDatasets: join('pwc', 'pwc_datasets_2022.csv'),
  datasetCitances: join('datafinder', 'dataset_citances.jsonl'),
  trainingQueries: join('datafinder', 'train_queries_unlabeled.txt'),
} as const;

/** Inverse cloze keeps the sentence in its context this often, as in Lee et al. (2019). */
const keepSentenceInContextProbability = 0.1;
const contextSentencesEachSide = 2;
const minimumSentenceTokens = 5;
/** Citances lose the dataset's name this often, so the pair teaches context, not string matching. */
const maskDatasetNameProbability = 0.75;

export async function buildPairSources(
  options: BuildPairSourcesOptions,
): Promise<PairSourceCollection> {
  const { dataDir, tokenize } = options;
  const maxDocumentTokens = options.maxDocumentTokens ?? 128;
  const frequencyTexts: Int32Array[] = [];
  const sources: PairSource[] = [];

  // SciREX: sentence vs. its neighbours in the same section.
  const papers = await readScirexPapers(join(dataDir, trainingDataFiles.scirexPapers));
  const scirexGroups = papers.flatMap((paper) => {
    const sections = new Map<number, Int32Array[]>();
    for (const sentence of paper.sentences) {
      if (sentence.isHeading) continue;
      const tokens = tokenize(sentence.text);
      frequencyTexts.push(tokens);
      const section = sections.get(sentence.sectionIndex) ?? [];
      section.push(tokens);
      sections.set(sentence.sectionIndex, section);
    }
    return [...sections.values()];
  });
  sources.push(
    inverseClozeSource({ name: 'scirex-inverse-cloze', groups: scirexGroups, maxDocumentTokens }),
  );

  // Dataset catalog: name or paper title vs. description, and description sentence vs. the rest.
  const catalog = await readDatasetCatalog({
    collectionFile: join(dataDir, trainingDataFiles.datasetCollection),
    pwcCsvFile: join(dataDir, trainingDataFiles.pwcDatasets),
  });
  const catalogEntries = catalog.map((dataset) => {
    const sentences = splitSentences(dataset.description).map((span) => tokenize(span.text));
    const nameTokens = [...dataset.names, ...(dataset.paperTitle ? [dataset.paperTitle] : [])].map(
      tokenize,
    );
    frequencyTexts.push(...sentences, ...nameTokens);
    return {
      dataset,
      nameTokens,
      sentences,
      description: concatenateTokens(sentences, maxDocumentTokens),
    };
  });
  sources.push({
    name: 'dataset-name-description',
    size: catalogEntries.length,
    build(index, random) {
      const entry = catalogEntries[index]!;
      if (entry.sentences.length >= 2 && random.nextFloat() < 0.5) {
        const held = random.nextInt(entry.sentences.length);
        const rest = entry.sentences.filter((_, sentenceIndex) => sentenceIndex !== held);
        return {
          query: entry.sentences[held]!,
          document: concatenateTokens(rest, maxDocumentTokens),
        };
      }
      return {
        query: entry.nameTokens[random.nextInt(entry.nameTokens.length)]!,
        document: entry.description,
      };
    },
  });

  // Citances: a sentence that uses a dataset (its name usually masked) vs. the dataset's description;
  // one dataset in ten is held out for evaluation (citance-benchmark.ts).
  const descriptionByName = indexDescriptionsByName(catalogEntries);
  const citances = await readDatasetCitances(join(dataDir, trainingDataFiles.datasetCitances));
  const citancePairs = citances.flatMap((citance) => {
    if (isHeldOutCitanceDataset(citance.datasetName)) return [];
    const description = citance.nameVariants
      .map((name) => descriptionByName.get(nameKey(name)))
      .find(Boolean);
    if (!description) return [];
    return citance.sentences.map((sentence) => {
      const withName = tokenize(sentence);
      frequencyTexts.push(withName);
      return {
        withName,
        withoutName: tokenize(maskDatasetNames(sentence, citance.nameVariants)),
        description,
      };
    });
  });
  sources.push({
    name: 'citance-description',
    size: citancePairs.length,
    build(index, random) {
      const pair = citancePairs[index]!;
      const query =
        random.nextFloat() < maskDatasetNameProbability ? pair.withoutName : pair.withName;
      return { query, document: pair.description };
    },
  });

  // Unlabelled research queries: first part vs. second part of the same description.
  const queries = (await readFile(join(dataDir, trainingDataFiles.trainingQueries), 'utf8'))
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map(tokenize)
    .filter((tokens) => tokens.length >= 2 * minimumSentenceTokens);
  frequencyTexts.push(...queries);
  sources.push({
    name: 'query-halves',
    size: queries.length,
    build(index, random) {
      const tokens = queries[index]!;
      const cut = Math.round(tokens.length * (0.35 + 0.3 * random.nextFloat()));
      const head = tokens.subarray(0, cut);
      const tail = tokens.subarray(cut);
      return random.nextFloat() < 0.5
        ? { query: head, document: tail }
        : { query: tail, document: head };
    },
  });

  if (options.wordnetDirectory !== null) {
    sources.push(
      await wordnetSource({
        directory: options.wordnetDirectory,
        tokenize,
        frequencyTexts,
        maxDocumentTokens,
      }),
    );
  }

  return { sources: sources.filter((source) => source.size > 0), frequencyTexts };
}

/**
 * WordNet: one lemma of a synset vs. the synset's other lemmas, its definition and its hypernym's
 * lemmas ("downside" vs. "a negative aspect of something that is generally positive; aspect").
 */
async function wordnetSource(options: {
  directory: string;
  tokenize: ContentTokenizer;
  frequencyTexts: Int32Array[];
  maxDocumentTokens: number;
}): Promise<PairSource> {
  const { tokenize, frequencyTexts, maxDocumentTokens } = options;
  const entries = (await readWordnetSynsets(options.directory))
    .filter((synset) => synset.definition.length > 0)
    .map((synset) => {
      const lemmas = synset.lemmas.map(tokenize);
      const definition = tokenize(synset.definition);
      const hypernym = tokenize(synset.hypernymLemmas.join(', '));
      frequencyTexts.push(...lemmas, definition);
      return { lemmas, definition, hypernym };
    });
  return {
    name: 'wordnet-definitions',
    size: entries.length,
    build(index, random) {
      const entry = entries[index]!;
      const held = random.nextInt(entry.lemmas.length);
      const others = entry.lemmas.filter((_, lemma) => lemma !== held);
      return {
        query: entry.lemmas[held]!,
        document: concatenateTokens(
          [...others, entry.definition, entry.hypernym],
          maxDocumentTokens,
        ),
      };
    },
  };
}

interface InverseClozeSourceOptions {
  name: PairSourceName;
  /** Runs of consecutive sentences (a section, a paragraph). */
  groups: Int32Array[][];
  maxDocumentTokens: number;
}

/** Sentence vs. up to two sentences either side of it (the sentence itself kept 10% of the time). */
function inverseClozeSource(options: InverseClozeSourceOptions): PairSource {
  const items: { group: Int32Array[]; position: number }[] = [];
  for (const group of options.groups) {
    if (group.length < 2) continue;
    group.forEach((sentence, position) => {
      if (sentence.length >= minimumSentenceTokens) items.push({ group, position });
    });
  }
  return {
    name: options.name,
    size: items.length,
    build(index, random) {
      const { group, position } = items[index]!;
      const keep = random.nextFloat() < keepSentenceInContextProbability;
      const context = group.filter(
        (_, other) =>
          Math.abs(other - position) <= contextSentencesEachSide && (keep || other !== position),
      );
      return {
        query: group[position]!,
        document: concatenateTokens(context, options.maxDocumentTokens),
      };
    },
  };
}

function indexDescriptionsByName(
  entries: readonly { dataset: CatalogDataset; description: Int32Array }[],
): Map<string, Int32Array> {
  const byName = new Map<string, Int32Array>();
  for (const entry of entries) {
    for (const name of entry.dataset.names) {
      if (!byName.has(nameKey(name))) byName.set(nameKey(name), entry.description);
    }
  }
  return byName;
}
