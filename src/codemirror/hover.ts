/**
 * Hover tooltips: over a field, the attribute it names (type, cardinality, label, the raw key
 * of an alias); over an operator, what it means. Read from the clauses `parse` could read; the
 * text is Markdown, shown through markdown.ts.
 */
import type { EditorView, Tooltip } from '@codemirror/view';
import type { Span } from '../ast/index.js';
import { resolveField, type Catalog } from '../catalog/index.js';
import { OPERATORS } from '../operators/index.js';
import { parse } from '../syntax/index.js';
import { markdownToDom } from './markdown.js';

/** What a hover shows: Markdown about the text in `range`. */
export interface HoverText {
  readonly range: Span;
  readonly contents: string;
}

const within = (s: Span | undefined, pos: number, side: -1 | 1): s is Span =>
  s !== undefined && (side < 0 ? s.start < pos && pos <= s.end : s.start <= pos && pos < s.end);

const code = (s: string): string => (s.includes('`') ? '`` ' + s + ' ``' : '`' + s + '`');

/** The hover at `pos` (`side` -1: the character before it, 1: after it), if any. */
export function hoverAt(text: string, pos: number, catalog: Catalog, side: -1 | 1 = 1): HoverText | undefined {
  for (const c of parse(text).partial.clauses) {
    const spans = c.spans;
    if (!spans || !within(spans.clause, pos, side)) continue;
    if (within(spans.field, pos, side)) {
      const r = resolveField(catalog, c.field);
      if (!r.ok) return { range: spans.field, contents: `${code(c.field)} is not a searchable attribute of this catalog.` };
      const a = r.attribute;
      const label = (catalog.UIConfiguration ?? []).find((u) => u.Key === r.rawKey)?.Label;
      const lines = [`${code(c.field)}: ${a.Type}, cardinality ${a.Cardinality}`];
      if (r.alias) lines.push(`Alias of ${code(r.rawKey)}.`);
      if (label) lines.push(`Label: ${label}`);
      return { range: spans.field, contents: lines.join('\n\n') };
    }
    if (within(spans.operator, pos, side)) {
      const info = OPERATORS[c.operator];
      return { range: spans.operator, contents: `**${info.infix}**: ${info.summary}.` };
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
      pos: info.range.start,
      end: info.range.end,
      above: true,
      create: (v) => {
        const dom = markdownToDom(info.contents, v.dom.ownerDocument);
        dom.className = 'cm-catq-hover';
        return { dom };
      },
    };
  };
}
