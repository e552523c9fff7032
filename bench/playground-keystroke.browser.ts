// Runs in Chromium (bundled by bench/playground.bench.mjs): what the editor does on a keystroke
// in the page (EditorState update + lintState), on the 50-clause query, timed with
// performance.now(). Not a benchmark file of its own (no .bench.mjs suffix).
import { EditorState } from '@codemirror/state';
import { loadCatalog } from '../src/catalog/index.js';
import { lintState } from '../src/codemirror/index.js';
import { lint } from '../src/editor/syntax-entry.js';
import catalogJson from '../examples/catalog.json' with { type: 'json' };
import { fiftyClauses } from './fifty-clauses.mjs';

function stats(ms: number[]): { mean: number; p95: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { mean: ms.reduce((s, x) => s + x, 0) / ms.length, p95: sorted[Math.floor(sorted.length * 0.95)] as number };
}

/** Times `runs` keystrokes (after as many warm-up ones) and `runs` plain lints of the same texts. */
export function run(runs: number): { keystroke: { mean: number; p95: number }; lint: { mean: number; p95: number }; diagnostics: number } {
  const { catalog } = loadCatalog(catalogJson);
  if (!catalog) throw new Error('bad sample catalog');
  const text = fiftyClauses();
  const at = text.lastIndexOf('"');
  let state = EditorState.create({ doc: text });
  let typed = false;
  let diagnostics = 0;
  const keystroke = (): void => {
    state = state.update({ changes: typed ? { from: at, to: at + 1 } : { from: at, insert: 'x' } }).state;
    typed = !typed;
    diagnostics = lintState(state, catalog).diagnostics.length;
  };
  const time = (f: () => void): number[] => {
    for (let i = 0; i < runs; i++) f();
    const out: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      f();
      out.push(performance.now() - t);
    }
    return out;
  };
  const k = time(keystroke);
  // The same texts as the keystrokes, without the editor.
  const texts = [text, text.slice(0, at) + 'x' + text.slice(at)];
  let n = 0;
  const l = time(() => void lint(texts[n++ % 2] as string, catalog));
  return { keystroke: stats(k), lint: stats(l), diagnostics };
}
