/**
 * @module Small plain-text papers generated from a seed, each with content no other has (a
 * unique marker word in every sentence), so an upload always becomes a new paper with new frames.
 * The first line is the title, then an abstract and sections, as the .txt reader expects.
 */

const vocabulary = [
  'dataset',
  'benchmark',
  'annotation',
  'segmentation',
  'translation',
  'retrieval',
  'corpus',
  'classifier',
  'encoder',
  'transformer',
  'convolution',
  'accuracy',
  'baseline',
  'ablation',
  'sentiment',
  'detection',
  'parsing',
  'summarization',
  'question',
  'answering',
  'images',
  'speech',
  'graph',
  'attention',
  'training',
  'evaluation',
  'precision',
  'recall',
  'domain',
  'adaptation',
  'supervised',
  'language',
  'entity',
  'relation',
  'tokens',
  'labels',
  'video',
] as const;

export interface GeneratedPaper {
  /** A file name ending in .txt (the server derives the paper id from it). */
  fileName: string;
  title: string;
  text: string;
  /** Sentences written (the frames a whole paper has, give or take the title line). */
  sentenceCount: number;
}

function pick(random: () => number): string {
  return vocabulary[Math.floor(random() * vocabulary.length)] ?? 'dataset';
}

function sentence(random: () => number, marker: string, position: number): string {
  const words = Array.from({ length: 8 + Math.floor(random() * 8) }, () => pick(random));
  return `The ${marker}s${position} ${words.join(' ')} improves results by ${(random() * 40).toFixed(1)} points.`;
}

/**
 * A paper of `sentencesPerSection` × `sections` sentences. `uniqueKey` (e.g. run id + counter)
 * goes into the file name, the title and every sentence.
 */
export function generatePaper(options: {
  uniqueKey: string;
  random: () => number;
  sections?: number;
  sentencesPerSection?: number;
  /** A file name to use instead of `quarry-bench-<uniqueKey>.txt` (e.g. a CJK one). */
  fileName?: string;
}): GeneratedPaper {
  const marker = `qb${options.uniqueKey.replace(/[^A-Za-z0-9]/g, '')}`;
  const sections = options.sections ?? 3;
  const perSection = options.sentencesPerSection ?? 6;
  const title = `Benchmark paper ${options.uniqueKey} on ${pick(options.random)} ${pick(options.random)}`;
  const lines = [title, '', 'Abstract', sentence(options.random, marker, 0), ''];
  let position = 1;
  for (let section = 1; section <= sections; section += 1) {
    lines.push(`${section} Section ${pick(options.random)}`);
    const paragraph: string[] = [];
    for (let index = 0; index < perSection; index += 1) {
      paragraph.push(sentence(options.random, marker, position));
      position += 1;
    }
    lines.push(paragraph.join(' '), '');
  }
  return {
    fileName: options.fileName ?? `quarry-bench-${options.uniqueKey}.txt`,
    title,
    text: `${lines.join('\n')}\n`,
    sentenceCount: position,
  };
}

/** Multipart form data with the paper as field `file`, as the web app uploads it. */
export function paperUploadForm(paper: { fileName: string; text: string | Uint8Array }): FormData {
  const form = new FormData();
  form.append('file', new Blob([paper.text], { type: 'text/plain' }), paper.fileName);
  return form;
}
