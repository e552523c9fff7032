/// <reference lib="dom" />
/**
 * Hover tooltips: over a field, the attribute it names (type, cardinality, label, the raw key
 * of an alias); over an operator, what it means. Read from the clauses `parse` could read.
 */
import type { Tooltip } from '@codemirror/view';
import type { EditorView } from '@codemirror/view';
import type { Span } from '../ast/index.js';
import { resolveField, type Catalog } from '../catalog/index.js';
import { OPERATORS } from '../operators/index.js';
import { parse } from '../syntax/index.js';

/** What a hover shows: a title line and a description, for the text in `span`. */
export interface HoverInfo {
  readonly span: Span;
  readonly title: string;
  readonly detail: string;
}

const within = (s: Span | undefined, pos: number, side: -1 | 1): s is Span =>
  s !== undefined && (side < 0 ? s.start < pos && pos <= s.end : s.start <= pos && pos < s.end);

/** The hover at `pos` (`side` -1: the character before it, 1: after it), if any. */
export function hoverAt(text: string, pos: number, catalog: Catalog, side: -1 | 1 = 1): HoverInfo | undefined {
  for (const c of parse(text).partial.clauses) {
    const spans = c.spans;
    if (!spans || !within(spans.clause, pos, side)) continue;
    if (within(spans.field, pos, side)) {
      const r = resolveField(catalog, c.field);
      if (!r.ok) return { span: spans.field, title: c.field, detail: 'not a searchable attribute of this catalog' };
      const a = r.attribute;
      const label = (catalog.UIConfiguration ?? []).find((u) => u.Key === r.rawKey)?.Label;
      const parts = [`${a.Type}, cardinality ${a.Cardinality}`];
      if (r.alias) parts.push(`alias of \`${r.rawKey}\``);
      if (label) parts.push(`label "${label}"`);
      return { span: spans.field, title: c.field, detail: parts.join(' · ') };
    }
    if (within(spans.operator, pos, side)) {
      const info = OPERATORS[c.operator];
      return { span: spans.operator, title: info.infix, detail: info.summary };
    }
  }
  return undefined;
}

/** The hover source for `@codemirror/view`'s `hoverTooltip`. */
export function hoverSource(catalog: Catalog): (view: EditorView, pos: number, side: -1 | 1) => Tooltip | null {
  return (view, pos, side) => {
    const info = hoverAt(view.state.doc.toString(), pos, catalog, side);
    if (!info) return null;
    return {
      pos: info.span.start,
      end: info.span.end,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'cm-catq-hover';
        const title = dom.appendChild(document.createElement('code'));
        title.textContent = info.title;
        dom.appendChild(document.createTextNode(' ' + info.detail));
        return { dom };
      },
    };
  };
}
