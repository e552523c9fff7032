/**
 * A forgiving outline of JSON text being typed: arrays with their elements and commas, and
 * scalar tokens with their spans, read even when the text is cut short or broken (an open
 * string, a missing `]`). Completion and hover on wire text need to know where the cursor is
 * (which clause, which slot) while the text is not yet valid JSON, which `JSON.parse` cannot tell.
 */
import type { JsonValue } from '../ast/index.js';

/** One value of the outline. `end` is the half-open end (the end of the text when cut short). */
export type OutlineNode =
  | { readonly kind: 'array'; readonly start: number; end: number; closed: boolean; readonly children: OutlineNode[]; readonly commas: number[] }
  | { readonly kind: 'scalar'; readonly start: number; readonly end: number; readonly closed: boolean; readonly value?: JsonValue }
  | { readonly kind: 'other'; readonly start: number; readonly end: number };

/** Nesting deeper than this is skipped as `other` (clause spans go 3 deep; this bounds recursion). */
const MAX_DEPTH = 8;

/** The outline of the first JSON value of `text`, or undefined when it does not start with a value. */
export function outlineJson(text: string): OutlineNode | undefined {
  const r = new Reader(text);
  r.ws();
  if (r.pos >= text.length) return undefined;
  return r.value(1);
}

class Reader {
  pos = 0;
  constructor(private readonly text: string) {}

  ws(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] as string)) this.pos++;
  }

  value(depth: number): OutlineNode {
    const start = this.pos;
    const c = this.text[start];
    if (c === '[' && depth <= MAX_DEPTH) return this.array(depth);
    if (c === '"') return this.string();
    if (c === '[' || c === '{') {
      this.skipContainer();
      return { kind: 'other', start, end: this.pos };
    }
    const word = /^[^\s,[\]{}"]+/.exec(this.text.slice(start, start + 400));
    this.pos = start + (word ? word[0].length : 1);
    const raw = this.text.slice(start, this.pos);
    let value: JsonValue | undefined;
    try {
      value = JSON.parse(raw) as JsonValue;
    } catch {
      value = undefined;
    }
    return value === undefined || typeof value === 'object' ? { kind: 'scalar', start, end: this.pos, closed: false } : { kind: 'scalar', start, end: this.pos, closed: true, value };
  }

  private array(depth: number): OutlineNode {
    const node: OutlineNode = { kind: 'array', start: this.pos, end: this.text.length, closed: false, children: [], commas: [] };
    this.pos++;
    for (;;) {
      this.ws();
      const c = this.text[this.pos];
      if (c === undefined) return node;
      if (c === ']') {
        this.pos++;
        node.end = this.pos;
        node.closed = true;
        return node;
      }
      if (c === ',') {
        node.commas.push(this.pos);
        this.pos++;
        continue;
      }
      if (c === '}') {
        this.pos++;
        continue;
      }
      node.children.push(this.value(depth + 1));
    }
  }

  private string(): OutlineNode {
    const start = this.pos;
    let i = start + 1;
    for (; i < this.text.length; i++) {
      const ch = this.text[i];
      if (ch === '\\') i++;
      else if (ch === '"') {
        this.pos = i + 1;
        const raw = this.text.slice(start, this.pos);
        try {
          return { kind: 'scalar', start, end: this.pos, closed: true, value: JSON.parse(raw) as string };
        } catch {
          return { kind: 'scalar', start, end: this.pos, closed: false };
        }
      } else if (ch === '\n' || ch === '\r') break;
    }
    this.pos = Math.min(i, this.text.length);
    return { kind: 'scalar', start, end: this.pos, closed: false };
  }

  private skipContainer(): void {
    let depth = 0;
    for (; this.pos < this.text.length; this.pos++) {
      const ch = this.text[this.pos];
      if (ch === '"') {
        this.string();
        this.pos--;
      } else if (ch === '[' || ch === '{') depth++;
      else if (ch === ']' || ch === '}') {
        depth--;
        if (depth === 0) {
          this.pos++;
          return;
        }
      }
    }
  }
}

/** Where an offset falls in an outline: the chain of arrays around it, with the slot in each. */
export interface OutlinePlace {
  /** Arrays from the outermost in, each with the index of the element slot the offset is in. */
  readonly arrays: readonly { readonly node: Extract<OutlineNode, { kind: 'array' }>; readonly slot: number }[];
  /** The scalar token the offset touches (inside it, or at its end), if any. */
  readonly token?: Extract<OutlineNode, { kind: 'scalar' }>;
}

/** The place of `offset` in the outline (arrays entered strictly between their brackets). */
export function placeOf(root: OutlineNode, offset: number): OutlinePlace {
  const arrays: { node: Extract<OutlineNode, { kind: 'array' }>; slot: number }[] = [];
  let node: OutlineNode = root;
  for (;;) {
    if (node.kind !== 'array') break;
    const inside = offset > node.start && (node.closed ? offset < node.end : offset <= node.end);
    if (!inside) break;
    const slot = node.commas.filter((c) => c < offset).length;
    arrays.push({ node, slot });
    const child: OutlineNode | undefined = node.children.find((ch) => ch.start < offset && offset <= ch.end);
    if (!child) break;
    if (child.kind === 'scalar') {
      // Right after a closed string the token is finished: the cursor is not in it.
      const finishedString = child.closed && typeof child.value === 'string' && offset === child.end;
      return finishedString ? { arrays } : { arrays, token: child };
    }
    node = child;
  }
  return { arrays };
}
