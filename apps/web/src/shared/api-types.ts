/**
 * @module The shapes the web app reads from the API (a structural copy of what the routes return;
 * the server's packages are not bundled into the browser).
 */

export interface Citation {
  paperId: string;
  paperTitle: string;
  sentenceIndex: number;
  text: string;
}

export interface DatasetCardData {
  datasetId: string;
  name: string;
  fullName: string | null;
  year: number | null;
  modalities: string[];
  tasks: string[];
  languages: string[];
  size: string | null;
  homepage: string | null;
  why: string;
  citations: Citation[];
}

export interface ClarifyData {
  slot: string;
  options: string[];
}

export interface Dataset {
  id: string;
  name: string;
  fullName: string | null;
  description: string;
  year: number | null;
  modalities: string[];
  tasks: string[];
  languages: string[];
  variants: string[];
  paperTitle: string | null;
  paperUrl: string | null;
  homepage: string | null;
  numPapers: number | null;
  size: string | null;
  source: string;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface BrowseResult {
  total: number;
  datasets: Dataset[];
  facets: { modalities: FacetCount[]; tasks: FacetCount[]; languages: FacetCount[] };
}

export interface DatasetCitation extends Citation {
  frameId: string;
}

export interface PaperSentence {
  id: string;
  index: number;
  sectionIndex: number;
  text: string;
  charStart: number;
  charEnd: number;
}

export interface PaperView {
  id: string;
  title: string;
  abstract: string | null;
  year: number | null;
  authors: string[];
  url: string | null;
  sections: { index: number; title: string }[];
  sentences: PaperSentence[];
}

export interface Highlight {
  start: number;
  end: number;
  text: string;
  kind: string;
}

export interface FindHit {
  frameId: string;
  sentenceIndex: number;
  sectionTitle: string;
  text: string;
  charStart: number;
  charEnd: number;
  score: number;
  highlight: Highlight | null;
}

export interface FindResult {
  paperId: string;
  query: string;
  mode: 'question' | 'text';
  hits: FindHit[];
}

export interface AnswerHit {
  frameId: string;
  paperId: string;
  paperTitle: string;
  sectionTitle: string;
  sentenceIndex: number;
  text: string;
  contextBefore: string;
  contextAfter: string;
  score: number;
  answerSpan: { start: number; end: number; text: string; kind: string } | null;
}

export interface Suggestion {
  questionId: string;
  text: string;
  frameId: string;
  paperId: string;
}

export interface PaperSummary {
  id: string;
  title: string;
  year: number | null;
  frames: number;
}

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: string;
}

export interface StoredConversation extends ConversationSummary {
  messages: { position: number; role: string; content: unknown }[];
}
