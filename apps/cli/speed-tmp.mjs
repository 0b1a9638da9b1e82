import { createOnnxEmbedder } from '@quarry/encoder';
import { readFileSync, readdirSync } from 'node:fs';
const dir = '../shared/data/scirex/papers';
const sentences = [];
for (const f of readdirSync(dir).slice(0, 3)) {
  const d = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  const words = d.words; for (const [s, e] of d.sentences) sentences.push(words.slice(s, e).join(' '));
}
const sample = sentences.slice(0, 600);
for (const spec of process.argv.slice(2)) {
  const [m, bs] = spec.split(':');
  const e = await createOnnxEmbedder({ modelDirectory: m, batchSize: Number(bs), intraOpNumThreads: 2 });
  await e.embed(sample.slice(0, 50));
  const t = performance.now(); await e.embed(sample); const s = (performance.now() - t) / 1000;
  console.log(spec, (sample.length / s).toFixed(1), 'sentences/s');
  await e.close();
}
