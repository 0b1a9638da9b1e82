/**
 * @module What the load benchmark's virtual clients ask, drawn from a seeded random stream: 80%
 * reading (answer and dataset search, suggestions, in-paper find, dataset and paper pages), 15%
 * chat turns (a conversation of a few turns per client), 5% uploads of generated papers that are
 * new every time. Queries are researcher-style phrases and questions.
 */
import { generatePaper, paperUploadForm } from './generated-paper.js';
import type { ClientRequest } from './virtual-client.js';

export const loadRequestClasses = ['search', 'suggest', 'pages', 'chat', 'upload'] as const;
export type LoadRequestClass = (typeof loadRequestClasses)[number];

/** Share of each class in the mix: reading 80% (search 45, suggest 15, pages 20), chat 15, upload 5. */
export const defaultLoadMix = {
  search: 0.45,
  suggest: 0.15,
  pages: 0.2,
  chat: 0.15,
  upload: 0.05,
} as const satisfies Record<LoadRequestClass, number>;

const researchQueries = [
  'adversarial domain adaptation for semantic segmentation',
  'named entity recognition in biomedical text',
  'question answering over wikipedia paragraphs',
  'machine translation english to german',
  'image classification of handwritten digits',
  'sentiment analysis of movie reviews',
  'object detection in street scenes',
  'speech recognition for low resource languages',
  'relation extraction from scientific papers',
  'abstractive summarization of news articles',
  'visual question answering',
  'dependency parsing',
  'graph neural networks for node classification',
  'pedestrian detection benchmark',
  'reading comprehension with multi-hop reasoning',
  'video action recognition',
  'text classification with few labels',
  'coreference resolution',
  'knowledge graph completion',
  'natural language inference',
] as const;

const paperQuestions = [
  'what dataset is used for evaluation?',
  'how many parameters does the model have?',
  'what loss function is used?',
  'which optimizer was used for training?',
  'what is the f1 score on the test set?',
  'how long does training take?',
  'what baselines are compared?',
  'what learning rate was used?',
  'how large is the training set?',
  'what GPU was used?',
  'what are the limitations of the approach?',
  'which metric is reported?',
] as const;

const chatFollowUps = ['images', 'text', 'English', 'any domain', 'short texts', 'no preference'];

export interface LoadMixContext {
  random: () => number;
  /** Paper ids the server holds (for pages and in-paper find). */
  paperIds: readonly string[];
  /** Dataset ids the server holds (for dataset pages). */
  datasetIds: readonly string[];
  /** Makes every generated upload unique across runs and clients. */
  runKey: string;
  mix?: Record<LoadRequestClass, number>;
}

function choice<Item>(random: () => number, items: readonly Item[]): Item | undefined {
  return items[Math.floor(random() * items.length)];
}

function query(value: string): string {
  return encodeURIComponent(value);
}

/**
 * Parses `search:45,suggest:15,pages:20,chat:15,upload:0` (shares, any scale; classes not named
 * get 0); null when a part is not `class:number` with a known class.
 */
export function parseLoadMix(text: string): Record<LoadRequestClass, number> | null {
  const mix: Record<LoadRequestClass, number> = {
    search: 0,
    suggest: 0,
    pages: 0,
    chat: 0,
    upload: 0,
  };
  for (const part of text.split(',')) {
    const [name = '', share = ''] = part.split(':').map((piece) => piece.trim());
    const value = Number(share);
    if (!(loadRequestClasses as readonly string[]).includes(name) || share === '' || !(value >= 0))
      return null;
    mix[name as LoadRequestClass] = value;
  }
  return loadRequestClasses.some((name) => mix[name] > 0) ? mix : null;
}

export function pickLoadClass(
  random: () => number,
  mix: Record<LoadRequestClass, number> = defaultLoadMix,
): LoadRequestClass {
  const total = loadRequestClasses.reduce((sum, name) => sum + mix[name], 0);
  let point = random() * total;
  for (const name of loadRequestClasses) {
    point -= mix[name];
    if (point < 0) return name;
  }
  return 'search';
}

function searchRequest(context: LoadMixContext): ClientRequest {
  const { random } = context;
  const draw = random();
  if (draw < 0.45) {
    const question = choice(random, paperQuestions) ?? 'what dataset is used?';
    return {
      route: 'GET /api/answers/search',
      requestClass: 'search',
      method: 'GET',
      path: `/api/answers/search?q=${query(question)}&limit=10`,
    };
  }
  if (draw < 0.85 || context.paperIds.length === 0) {
    const phrase = choice(random, researchQueries) ?? 'image classification';
    return {
      route: 'GET /api/datasets/search',
      requestClass: 'search',
      method: 'GET',
      path: `/api/datasets/search?q=${query(phrase)}&limit=10`,
    };
  }
  const paperId = choice(random, context.paperIds) ?? '';
  const textMode = random() < 0.3;
  const needle = textMode
    ? (choice(random, ['dataset', 'accuracy', 'we propose', 'table']) ?? 'dataset')
    : (choice(random, paperQuestions) ?? 'what dataset is used?');
  return {
    route: 'GET /api/papers/:id/find',
    requestClass: 'search',
    method: 'GET',
    path: `/api/papers/${query(paperId)}/find?q=${query(needle)}&mode=${textMode ? 'text' : 'question'}`,
  };
}

function suggestRequest(context: LoadMixContext): ClientRequest {
  const source = choice(context.random, [...paperQuestions, ...researchQueries]) ?? 'what';
  const length = 2 + Math.floor(context.random() * Math.max(1, source.length - 2));
  return {
    route: 'GET /api/suggest',
    requestClass: 'suggest',
    method: 'GET',
    path: `/api/suggest?q=${query(source.slice(0, Math.min(length, 24)))}`,
  };
}

function pageRequest(context: LoadMixContext): ClientRequest {
  const { random } = context;
  const draw = random();
  if (draw < 0.35) {
    const offset = Math.floor(random() * 5) * 24;
    const modality = choice(random, ['', '&modality=Images', '&modality=Text']) ?? '';
    return {
      route: 'GET /api/datasets',
      requestClass: 'pages',
      method: 'GET',
      path: `/api/datasets?offset=${offset}&limit=24${modality}`,
    };
  }
  if (draw < 0.7 && context.datasetIds.length > 0) {
    const id = choice(random, context.datasetIds) ?? '';
    return {
      route: 'GET /api/datasets/:id',
      requestClass: 'pages',
      method: 'GET',
      path: `/api/datasets/${query(id)}`,
    };
  }
  if (draw < 0.85 || context.paperIds.length === 0) {
    return {
      route: 'GET /api/papers',
      requestClass: 'pages',
      method: 'GET',
      path: `/api/papers?limit=50&offset=${Math.floor(random() * 4) * 50}`,
    };
  }
  const paperId = choice(random, context.paperIds) ?? '';
  return {
    route: 'GET /api/papers/:id',
    requestClass: 'pages',
    method: 'GET',
    path: `/api/papers/${query(paperId)}`,
  };
}

/** A chat conversation of one virtual client: a research request, then follow-up answers. */
export interface ChatConversation {
  id: string;
  userMessages: string[];
}

export function chatRequest(
  context: LoadMixContext,
  conversation: ChatConversation,
): ClientRequest {
  const first = conversation.userMessages.length === 0;
  const text = first
    ? (choice(context.random, researchQueries) ?? 'image classification')
    : (choice(context.random, chatFollowUps) ?? 'any');
  conversation.userMessages.push(text);
  return {
    route: 'POST /api/chat',
    requestClass: 'chat',
    method: 'POST',
    path: '/api/chat',
    json: {
      id: conversation.id,
      messages: conversation.userMessages.map((message, index) => ({
        id: `${conversation.id}-m${index}`,
        role: 'user',
        parts: [{ type: 'text', text: message }],
      })),
    },
  };
}

export function uploadRequest(context: LoadMixContext, uploadNumber: number): ClientRequest {
  const paper = generatePaper({
    uniqueKey: `${context.runKey}-${uploadNumber}`,
    random: context.random,
  });
  return {
    route: 'POST /api/papers',
    requestClass: 'upload',
    method: 'POST',
    path: '/api/papers',
    body: paperUploadForm(paper),
    timeoutMs: 120_000,
  };
}

export function readingRequest(
  context: LoadMixContext,
  requestClass: 'search' | 'suggest' | 'pages',
): ClientRequest {
  switch (requestClass) {
    case 'search':
      return searchRequest(context);
    case 'suggest':
      return suggestRequest(context);
    case 'pages':
      return pageRequest(context);
  }
}
