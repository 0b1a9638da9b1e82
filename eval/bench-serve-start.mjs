// Serve start-up of two built trees side by side: each serves a fresh embedded folder (first
// start imports the starter catalog), then 5 alternating starts are timed to the "listening" line
// and to the first answer-search response that is not 503. Prints min/median per tree.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
const [before, after] = process.argv.slice(2);
if (!before || !after)
  throw new Error('usage: node eval/bench-serve-start.mjs BEFORE_TREE AFTER_TREE');
const trees = { old: before, new: after };
const dbs = { old: mkdtempSync('/tmp/ss-old-') + '/db', new: mkdtempSync('/tmp/ss-new-') + '/db' };
function start(tree, db) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      [`${trees[tree]}/apps/cli/bin/quarry.js`, 'serve', '--db', db, '--port', '0'],
      {
        env: { ...process.env, QUARRY_API_TOKEN: 'x'.repeat(32), QUARRY_REQUEST_LOG: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', async (c) => {
      err += c;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m && !child.done) {
        child.done = true;
        const listening = performance.now() - t0;
        // first answer search (503 until the index loads on the embedded path)
        let first = null;
        for (let i = 0; i < 600 && first === null; i++) {
          const r = await fetch(`${m[1]}/api/answers/search?q=learning%20rate`, {
            headers: { authorization: 'Bearer ' + 'x'.repeat(32) },
          });
          if (r.status !== 503) first = performance.now() - t0;
          else await new Promise((d) => setTimeout(d, 50));
        }
        child.kill('SIGTERM');
        child.on('exit', () => resolve({ listening, first }));
      }
    });
    child.on('error', reject);
  });
}
for (const tree of ['old', 'new']) await start(tree, dbs[tree]); // first start imports the starter catalog
const res = { old: [], new: [] };
for (let i = 0; i < 5; i++)
  for (const tree of ['old', 'new']) res[tree].push(await start(tree, dbs[tree]));
for (const tree of ['old', 'new']) {
  const l = res[tree].map((r) => r.listening).sort((a, b) => a - b);
  const f = res[tree].map((r) => r.first).sort((a, b) => a - b);
  console.log(
    tree,
    'listening median ms',
    l[2].toFixed(0),
    'first search median ms',
    f[2]?.toFixed(0),
    JSON.stringify(l.map(Math.round)),
  );
}
