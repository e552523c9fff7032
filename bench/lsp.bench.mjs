// The language server's re-check of a 1000-clause infix document after a one-character change:
// the incremental check (DocumentChecker: only the changed clause is parsed again, only the
// clauses on its attribute validated again) next to a full re-lint of the same text (lint), both
// followed by the conversion to LSP diagnostics the server sends. Each call alternates between
// two versions that differ by one typed character (every later clause moves), so neither side
// can reuse a finished result. Two documents: one with many warnings (repeated and
// contradicting clauses), one with none.
// The same for the wire form of the first document. A frame is 16.7 ms.
//   npx tsup && node bench/lsp.bench.mjs
import { readFileSync } from 'node:fs';
import { compare, distUrl } from './lib.mjs';

const dist = distUrl();
const catq = await import(new URL('index.js', dist).href);
const { DocumentChecker, EDITOR_LINT_OPTIONS } = await import(new URL('lsp.js', dist).href);
// The server's limits (the library's, with infix text up to 200 000 characters): both sides alike.
const lint = (t) => catq.lint(t, catalog, EDITOR_LINT_OPTIONS);

const catalog = catq.loadCatalog(JSON.parse(readFileSync(new URL('../examples/catalog.json', import.meta.url), 'utf8'))).catalog;

// 1000 clauses over 14 attributes, as a long generated filter would be: lists of brands and
// tags, ranges, text searches, some duplicates (so that relation warnings have work to do).
const make = (i) => {
  switch (i % 14) {
    case 0: return `brand one-of ["Brand ${i}", "Hearth", "Fjällräven"]`;
    case 1: return `category = "Category ${i % 97}"`;
    case 2: return `price >= ${i}`;
    case 3: return `sale_price < ${10_000 - i}`;
    case 4: return `title matches "boot ${i}"`;
    case 5: return `description matches-phrase "three-season ${i}"`;
    case 6: return `tags one-of ["eco", "t${i}"]`;
    case 7: return `colors = "c${i % 50}"`;
    case 8: return `rating > ${(i % 5) + 0.5}`;
    case 9: return `in_stock = true`;
    case 10: return `merchant = "Merchant ${i}"`;
    case 11: return `Brand.Id one-of [${i}, ${i + 1}]`;
    case 12: return `sku present? true`;
    default: return `created_at >= "2024-${String((i % 12) + 1).padStart(2, '0')}-01"`;
  }
};
// The same size with no diagnostic at all: clauses that neither repeat nor contradict (and
// text searches within the 2000-code-point pattern limit).
const clean = (i) => {
  switch (i % 5) {
    case 0: return `tags = "t${i}"`;
    case 1: return `colors = "c${i}"`;
    case 2: return `title matches "boot${i}"`;
    case 3: return `sizes = "s${i}"`;
    default: return `category_path = ${1000 + i}`;
  }
};

/** The document, and the same with one character typed into its middle clause. */
function versions(makeClause) {
  const clauses = Array.from({ length: 1000 }, (_, i) => makeClause(i));
  const a = clauses.join(' and\n');
  const at = a.indexOf(clauses[500]) + clauses[500].search(/\d/);
  return [a, a.slice(0, at) + '7' + a.slice(at)];
}
const [a, b] = versions(make);
const [cleanA, cleanB] = versions(clean);

const checker = new DocumentChecker();
const cleanChecker = new DocumentChecker();
const counts = [];
for (const [t, c] of [[b, checker], [cleanB, cleanChecker]]) {
  const full = lint(t);
  if (JSON.stringify(c.check(t, catalog).diagnostics) !== JSON.stringify(full.diagnostics)) throw new Error('the incremental check differs from lint');
  counts.push(full.diagnostics.length);
  console.log(`document: ${t.length} characters, 1000 clauses, ${full.diagnostics.length} diagnostics`);
}

// The same document in the wire form, one clause a line.
const wire = (t) => '[\n' + catq.toWire(catq.parse(t, EDITOR_LINT_OPTIONS.limits).query).map((c) => '  ' + JSON.stringify(c)).join(',\n') + '\n]';
const wireA = wire(a);
const wireB = wire(b);
const wireChecker = new DocumentChecker();
if (JSON.stringify(wireChecker.check(wireB, catalog).diagnostics) !== JSON.stringify(lint(wireB).diagnostics)) throw new Error('the incremental wire check differs from lint');

let flip = false;
let sink = 0;
const means = await compare(
  're-check of a 1000-clause document after a one-character change (+ toLspDiagnostics)',
  {
    'full re-lint (lint)': () => {
      flip = !flip;
      const t = flip ? a : b;
      sink += catq.toLspDiagnostics(lint(t).diagnostics, t).length;
    },
    'incremental (DocumentChecker)': () => {
      flip = !flip;
      const t = flip ? a : b;
      sink += catq.toLspDiagnostics(checker.check(t, catalog).diagnostics, t).length;
    },
    'no diagnostics: full re-lint': () => {
      flip = !flip;
      const t = flip ? cleanA : cleanB;
      sink += catq.toLspDiagnostics(lint(t).diagnostics, t).length;
    },
    'no diagnostics: incremental': () => {
      flip = !flip;
      const t = flip ? cleanA : cleanB;
      sink += catq.toLspDiagnostics(cleanChecker.check(t, catalog).diagnostics, t).length;
    },
    'wire: full re-lint': () => {
      flip = !flip;
      const t = flip ? wireA : wireB;
      sink += catq.toLspDiagnostics(lint(t).diagnostics, t).length;
    },
    'wire: incremental': () => {
      flip = !flip;
      const t = flip ? wireA : wireB;
      sink += catq.toLspDiagnostics(wireChecker.check(t, catalog).diagnostics, t).length;
    },
  },
  { baseline: 'full re-lint (lint)', time: 2000, warmupTime: 500 },
);
const inc = means['incremental (DocumentChecker)'];
const cleanInc = means['no diagnostics: incremental'];
console.log(`incremental re-check, ${counts[0]} diagnostics listed: ${inc.toFixed(2)} ms (a frame is 16.7 ms), ${(inc / means['full re-lint (lint)']).toFixed(2)}x a full re-lint`);
console.log(`incremental re-check, no diagnostics: ${cleanInc.toFixed(2)} ms, ${(cleanInc / means['no diagnostics: full re-lint']).toFixed(2)}x a full re-lint`);
const wireInc = means['wire: incremental'];
console.log(`incremental re-check, wire: ${wireInc.toFixed(2)} ms, ${(wireInc / means['wire: full re-lint']).toFixed(2)}x a full re-lint`);
if (sink === -1) console.log(sink);
