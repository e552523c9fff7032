// Issue 14's defects, before and after: each case runs in a fresh process (time and peak RSS)
// on the build under test (dist/, or CATQ_DIST) and, when CATQ_BEFORE points at a build of the
// code before the fix, on that build too. A case taking longer than 60 s is stopped.
//   (mkdir -p .tmp/before && git archive c79b585 src tsup.config.ts package.json tsconfig.json | tar -x -C .tmp/before &&
//    ln -s $PWD/node_modules .tmp/before/ && cd .tmp/before && npx tsup --no-dts)
//   CATQ_BEFORE=$PWD/.tmp/before/dist node bench/hostile.bench.mjs
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distUrl } from './lib.mjs';

const runner = fileURLToPath(new URL('hostile-cases.mjs', import.meta.url));
const after = distUrl();
const beforeDir = process.env.CATQ_BEFORE;
const before = beforeDir ? (/^[a-z]+:\/\//i.test(beforeDir) ? beforeDir : pathToFileURL(beforeDir.endsWith('/') ? beforeDir : beforeDir + '/').href) : undefined;

function measure(dist, name) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=3072', runner, dist, name], { encoding: 'utf8', timeout: 60_000 });
  if (r.error?.code === 'ETIMEDOUT') return { ms: Infinity, rssMb: NaN, outcome: 'stopped after 60 s' };
  const line = r.stdout.trim().split('\n').pop();
  try {
    return JSON.parse(line);
  } catch {
    return { ms: NaN, rssMb: NaN, outcome: `crashed (exit ${r.status}): ${r.stderr.split('\n').find((l) => /Error|heap/i.test(l)) ?? ''}`.slice(0, 80) };
  }
}

const cases = JSON.parse(spawnSync(process.execPath, [runner, after], { encoding: 'utf8' }).stdout);
const fmt = (m) => (Number.isFinite(m.ms) ? `${m.ms < 10 ? m.ms.toFixed(2) : m.ms.toFixed(0)} ms, ${Number.isFinite(m.rssMb) ? m.rssMb.toFixed(0) : '?'} MB` : 'over 60 s');
const rows = [];
for (const name of cases) {
  const a = measure(after, name);
  const b = before ? measure(before, name) : undefined;
  rows.push({ case: name, ...(b ? { before: fmt(b), 'before gave': b.outcome } : {}), after: fmt(a), 'after gave': a.outcome });
}
console.log('\nIssue 14 defects: time and peak memory (RSS) of one call, in a fresh process');
console.table(rows);
