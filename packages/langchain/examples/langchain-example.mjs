// @module A runnable tour of @quarry/langchain: the dataset and answer retrievers and the three
// tools, over the shipped encoder, the starter catalog and two small papers, in an embedded
// database in a temporary folder. After `npm run build`, from the repository root:
//   node packages/langchain/examples/langchain-example.mjs
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunnableLambda } from '@langchain/core/runnables';
import { loadEmbedder, repositoryRootDirectory, shippedModelsDirectory } from '@quarry/encoder';
import { createRuleQuestionGenerator, generateQuestions, loadFrameIndex } from '@quarry/frames';
import { ingestDatasets, ingestPapers } from '@quarry/ingest';
import {
  createQuarryTools,
  QuarryAnswerRetriever,
  QuarryDatasetRetriever,
  QuarryEmbeddings,
} from '@quarry/langchain';
import { createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';

// Two short papers written for this example; ingest lays a .txt out by its headings.
const papers = {
  'street-scenes.txt': `Dilated Residual Networks for Street Scenes

Abstract
We study semantic segmentation of urban street scenes recorded from a moving car. Our network reaches 78.4% mean IoU on the Cityscapes test set.

4 Experiments
We train with stochastic gradient descent, a momentum of 0.9 and a learning rate of 0.01 for 240 epochs. Training takes two days on eight GPUs. Crops of 768 by 768 pixels are sampled from the full-resolution images.

5 Conclusion
A limitation of the approach is its memory use on high-resolution images.
`,
  'open-domain-reader.txt': `A Compact Reader for Open-Domain Questions

Abstract
We present a compact reader that answers questions over Wikipedia passages. It reaches 86.1 F1 on the SQuAD development set.

4 Experiments
We fine-tune the reader with Adam and a batch size of 32 for three epochs. The passages are split into windows of 384 tokens with a stride of 128.
`,
};

const print = (title, value) =>
  console.log(
    `\n== ${title}\n${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}`,
  );

const folder = await mkdtemp(join(tmpdir(), 'quarry-langchain-'));
const store = await openStore({ location: join(folder, 'db') });
try {
  // The product's own composition (see `quarry serve`): catalog, papers, encoder, indexes.
  const starterCatalog = join(repositoryRootDirectory(), 'data', 'starter', 'datasets.jsonl');
  await ingestDatasets({ store, files: [starterCatalog] });
  for (const [name, text] of Object.entries(papers)) await writeFile(join(folder, name), text);
  await ingestPapers({ store, paths: Object.keys(papers).map((name) => join(folder, name)) });
  await generateQuestions({ store, generator: createRuleQuestionGenerator() });
  const { embedder } = await loadEmbedder({
    spec: 'default',
    modelsDir: shippedModelsDirectory(),
    cacheDir: join(folder, 'models'),
  });
  const { index: frameIndex } = await loadFrameIndex({ store, embedder });
  const catalog = await store.datasets.all();
  const recommender = await createDatasetRecommender({ datasets: catalog, embedder });
  console.log(
    `${catalog.length} datasets, ${frameIndex.paperIds().length} papers, ${frameIndex.frameCount} sentences`,
  );

  // 1. Datasets as Documents, filtered to images.
  const datasets = new QuarryDatasetRetriever({
    recommender,
    catalog,
    frameIndex,
    k: 3,
    filters: { modality: 'images' },
  });
  const found = await datasets.invoke('semantic segmentation of street scenes for self-driving');
  print('QuarryDatasetRetriever: first document', found[0]?.pageContent);
  print(
    'QuarryDatasetRetriever: metadata of each',
    found.map(({ metadata }) => ({
      rank: metadata.rank,
      datasetId: metadata.datasetId,
      year: metadata.year,
      score: Number(metadata.score.toFixed(3)),
      tasks: metadata.tasks,
      citation: metadata.citation?.text,
    })),
  );

  // 2. Answer sentences as Documents; a retriever is a Runnable, so it pipes into a chain.
  const answers = new QuarryAnswerRetriever({ frameIndex, k: 2 });
  const quote = RunnableLambda.from((documents) =>
    documents
      .map(
        ({ pageContent, metadata }) =>
          `"${pageContent}" (${metadata.paperTitle}, ${metadata.section})`,
      )
      .join('\n'),
  );
  print(
    'QuarryAnswerRetriever piped into a formatting step',
    await answers.pipe(quote).invoke('What batch size is used?'),
  );
  const [best] = await answers.invoke('What learning rate is used?');
  print('QuarryAnswerRetriever: best answer and its metadata', {
    sentence: best?.pageContent,
    ...best?.metadata,
    score: Number(best?.metadata.score.toFixed(3)),
  });

  // 3. The tools, called as an agent would call them.
  const [recommend, answer, find] = createQuarryTools({ recommender, catalog, frameIndex });
  print(
    'recommend_datasets',
    await recommend.invoke({
      query: 'Chinese reading comprehension',
      k: 2,
      filters: { language: 'Chinese' },
    }),
  );
  print(
    'answer_from_papers',
    await answer.invoke({
      question: 'How many epochs is the reader trained for?',
      paperId: 'open-domain-reader',
      k: 1,
    }),
  );
  print(
    'find_in_paper (question)',
    await find.invoke({ paperId: 'street-scenes', query: 'What momentum is used?', k: 1 }),
  );
  const call = await find.invoke({
    id: 'call-1',
    name: 'find_in_paper',
    type: 'tool_call',
    args: { paperId: 'open-domain-reader', query: 'SQuAD', mode: 'text' },
  });
  print(`find_in_paper (text, as a tool call): a ${call.getType()} message`, call.content);
  try {
    await find.invoke({ paperId: 'no-such-paper', query: 'momentum' });
  } catch (error) {
    print('find_in_paper with an unknown paper id', `${error.name}: ${error.message}`);
  }
  try {
    await recommend.invoke({ query: '  ' });
  } catch (error) {
    print('recommend_datasets with an empty query', `${error.name}: ${error.message}`);
  }

  // 4. The encoder as LangChain Embeddings, for any LangChain vector store.
  const vector = await new QuarryEmbeddings({ embedder }).embedQuery('street scenes');
  print('QuarryEmbeddings', `${embedder.modelId}: ${vector.length} dimensions`);
  await embedder.close();
} finally {
  await store.close();
  await rm(folder, { recursive: true, force: true });
}
