import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { translateToEnglish } from './bilingual-lexicon.js';
it('english noise', () => {
  const lines = readFileSync('/work/shared/data/datafinder/datafinder-dev.queries.jsonl', 'utf8').split('\n').filter(Boolean).slice(0, 300);
  const texts = lines.map((line) => { const v = JSON.parse(line) as Record<string, unknown>; return String(v['text'] ?? v['query'] ?? v['keyphrase_query'] ?? Object.values(v)[1]); });
  for (const language of ['es','fr','de','pt','it','nl','pl','tr'] as const) {
    const counts = new Map<string, number>(); let hit = 0;
    for (const text of texts) { const r = translateToEnglish({ text, language }); if (r.matched.length) hit++; for (const m of r.matched) counts.set(m.toLowerCase() + '→' + translateToEnglish({ text: m, language }).english.join('/'), (counts.get(m.toLowerCase()+ '→' + translateToEnglish({ text: m, language }).english.join('/')) ?? 0) + 1); }
    console.log('NOISE', language, hit, '/', texts.length, [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k}:${v}`).join(' '));
  }
});
