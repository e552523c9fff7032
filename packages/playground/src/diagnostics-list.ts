/**
 * The list of a query's diagnostics under the editor: severity, place (a button selecting the
 * range), code, message, and a button per quick fix. Shared by the console and the sample page.
 */
import type { EditorView } from '@codemirror/view';
import { LineIndex, type Diagnostic } from 'catq';
import { h } from './dom.js';

/** One `<li>` per diagnostic of `text` (or one saying there is none). */
export function diagnosticItems(view: EditorView, diagnostics: readonly Diagnostic[], text: string): HTMLElement[] {
  const lines = new LineIndex(text);
  const list = diagnostics.map((d) => {
    const at = d.span ? lines.at(d.span.start) : undefined;
    const where = at ? `${at.line}:${at.column}` : '';
    const message = h('button', { type: 'button', class: 'goto', title: 'select in the editor' }, where);
    message.addEventListener('click', () => {
      if (!d.span || view.state.doc.toString() !== text) return;
      view.dispatch({ selection: { anchor: d.span.start, head: d.span.end }, scrollIntoView: true });
      view.focus();
    });
    const li = h('li', { class: 'diagnostic', 'data-code': d.code, 'data-severity': d.severity },
      h('span', { class: `sev sev-${d.severity}` }, d.severity), message, ' ', h('code', {}, d.code), ' ', h('span', { class: 'message' }, d.message));
    for (const fix of d.fixes ?? []) {
      if (!fix.edits.length) continue;
      const b = h('button', { type: 'button', class: 'fix' }, `Fix: ${fix.title}`);
      b.addEventListener('click', () => {
        if (view.state.doc.toString() !== text) return; // stale: a new lint is on its way
        view.dispatch({ changes: fix.edits.map((e) => ({ from: e.span.start, to: e.span.end, insert: e.newText })), userEvent: 'catq.fix' });
        view.focus();
      });
      li.append(b);
    }
    return li;
  });
  return list.length ? list : [h('li', { class: 'muted' }, 'No problem found.')];
}
