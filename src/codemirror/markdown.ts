/// <reference lib="dom" />
/**
 * The small Markdown of catq's hover texts, as DOM nodes (never as HTML, so no text from a
 * catalog can inject markup): paragraphs separated by blank lines, `code` spans (a run of n
 * back-quotes closes at the next run of exactly n) and **strong** text.
 */
import { argumentError } from '../diagnostics/index.js';

/** One inline piece of a paragraph. */
export interface Inline {
  readonly kind: 'text' | 'code' | 'strong';
  readonly text: string;
}

/** The paragraphs of `markdown`, each as its inline pieces. */
export function parseMarkdown(markdown: string): Inline[][] {
  try {
    return markdown
      .split(/\n[ \t]*\n/)
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .map(parseInline);
  } catch (e) {
    throw argumentError('parseMarkdown', e);
  }
}

function runAt(text: string, i: number): number {
  let n = 0;
  while (text[i + n] === '`') n++;
  return n;
}

/** Inline pieces of one paragraph; an unclosed marker is plain text. */
export function parseInline(text: string): Inline[] {
  try {
    const out: Inline[] = [];
    let plain = '';
    const flush = (): void => {
      if (plain) out.push({ kind: 'text', text: plain });
      plain = '';
    };
    let i = 0;
    while (i < text.length) {
      if (text[i] === '`') {
        const n = runAt(text, i);
        let close = -1;
        for (let j = i + n; j < text.length; ) {
          const m = runAt(text, j);
          if (m === n) {
            close = j;
            break;
          }
          j += Math.max(m, 1);
        }
        if (close >= 0) {
          flush();
          let code = text.slice(i + n, close);
          if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1);
          out.push({ kind: 'code', text: code });
          i = close + n;
          continue;
        }
        plain += text.slice(i, i + n);
        i += n;
        continue;
      }
      if (text.startsWith('**', i)) {
        const close = text.indexOf('**', i + 2);
        if (close > i + 2) {
          flush();
          out.push({ kind: 'strong', text: text.slice(i + 2, close) });
          i = close + 2;
          continue;
        }
      }
      plain += text[i];
      i++;
    }
    flush();
    return out;
  } catch (e) {
    throw argumentError('parseInline', e);
  }
}

/** `markdown` as a `<div>` of `<p>` elements, built with `doc`. */
export function markdownToDom(markdown: string, doc: Document): HTMLElement {
  try {
    const root = doc.createElement('div');
    for (const paragraph of parseMarkdown(markdown)) {
      const p = root.appendChild(doc.createElement('p'));
      for (const piece of paragraph) {
        if (piece.kind === 'text') p.appendChild(doc.createTextNode(piece.text));
        else p.appendChild(doc.createElement(piece.kind === 'code' ? 'code' : 'strong')).textContent = piece.text;
      }
    }
    return root;
  } catch (e) {
    throw argumentError('markdownToDom', e);
  }
}
