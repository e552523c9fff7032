/**
 * Hover tooltips: the library's `hover` (the text the language server shows too: a field's
 * attribute, type, cardinality, label, operators and allowed values; an operator's meaning), as
 * Markdown rendered by markdown.ts.
 */
import type { EditorView, Tooltip } from '@codemirror/view';
import type { Catalog } from '../catalog/index.js';
import { hover, type HoverInfo } from '../editor/index.js';
import { markdownToDom } from './markdown.js';
import { argumentError } from '../diagnostics/index.js';

/**
 * The hover for the character on `side` of `pos` (-1: the one before, 1: the one after), if a
 * word is there. Unlike `hover` alone, a position just after a word (over the space that
 * follows it) shows nothing.
 */
export function hoverAt(text: string, pos: number, catalog: Catalog, side: -1 | 1 = 1): HoverInfo | undefined {
  try {
    const at = side < 0 ? pos - 1 : pos;
    if (at < 0 || at >= text.length) return undefined;
    const info = hover(text, at, catalog);
    return info && info.range.start <= at && at < info.range.end ? info : undefined;
  } catch (e) {
    throw argumentError('hoverAt', e);
  }
}

/** The hover source for `@codemirror/view`'s `hoverTooltip`. */
export function hoverSource(catalog: Catalog): (view: EditorView, pos: number, side: -1 | 1) => Tooltip | null {
  return (view, pos, side) => {
    let info: HoverInfo | undefined;
    try {
      info = hoverAt(view.state.doc.toString(), pos, catalog, side);
    } catch {
      return null; // a bad catalog: the linter reports it
    }
    if (!info) return null;
    const { contents, range } = info;
    return {
      pos: range.start,
      end: range.end,
      above: true,
      create: (v) => {
        const dom = markdownToDom(contents, v.dom.ownerDocument);
        dom.className = 'cm-catq-hover';
        return { dom };
      },
    };
  };
}
