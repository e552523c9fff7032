import { span, type Span } from '../ast/index.js';
import { pointer } from '../diagnostics/index.js';

/**
 * Where a JSON value stands in the decoded text. Arrays down to {@link KEEP_DEPTH} keep their
 * elements, which is as deep as clause spans go: query > clause > head or value > operator,
 * field or list item.
 */
export interface TextNode {
  readonly start: number;
  readonly end: number;
  readonly children?: readonly TextNode[];
}

/** Arrays nested at most this deep (the query array is 1) record the spans of their elements. */
const KEEP_DEPTH = 3;

/** A problem the JSON grammar allows but the wire form does not. */
export type ScanProblem =
  | { readonly kind: 'too-deep'; readonly span: Span; readonly path: string; readonly depth: number }
  | { readonly kind: 'number-out-of-range'; readonly span: Span; readonly path: string; readonly text: string };

/** The spans of a JSON text and the problems found on the way. */
export interface ScanResult {
  readonly root: TextNode;
  readonly problems: readonly ScanProblem[];
}

/**
 * Walks a text that `JSON.parse` has already accepted, recording spans (the value itself comes
 * from `JSON.parse`, which is native and fast). It also finds what JSON.parse lets through but
 * the wire form forbids: nesting deeper than `maxDepth` (skipped without recursing, so deep input
 * cannot exhaust the stack) and numbers that overflow to Infinity.
 */
export function scanJson(text: string, maxDepth: number): ScanResult {
  const s = new Scanner(text, maxDepth);
  const root = s.value(1);
  return { root, problems: s.problems };
}

class Scanner {
  pos = 0;
  readonly problems: ScanProblem[] = [];
  /** The path to the value being scanned: array indices, or the spans of object keys. */
  private readonly segments: (number | Span)[] = [];

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  value(depth: number): TextNode {
    if (this.text.charCodeAt(this.pos) <= 32) this.ws();
    const start = this.pos;
    const c = this.text.charCodeAt(start);
    if (c === 91 /* [ */ || c === 123 /* { */) {
      if (depth > this.maxDepth) {
        const deepest = this.skipContainer();
        this.problems.push({ kind: 'too-deep', span: span(start, this.pos), path: this.path(), depth: depth - 1 + deepest });
        return { start, end: this.pos };
      }
      return c === 91 ? this.array(depth) : this.object(depth);
    }
    if (c === 34 /* " */) {
      this.skipString();
      return { start, end: this.pos };
    }
    // JSON.parse accepted the text, so this is true, false, null or a number.
    if (c === 116 /* t */ || c === 110 /* n */) {
      this.pos += 4;
      return { start, end: this.pos };
    }
    if (c === 102 /* f */) {
      this.pos += 5;
      return { start, end: this.pos };
    }
    let exponent = false;
    for (;;) {
      const d = this.text.charCodeAt(this.pos);
      if (d >= 48 && d <= 57) this.pos++;
      else if (d === 46 || d === 45 || d === 43) this.pos++;
      else if (d === 101 || d === 69) {
        exponent = true;
        this.pos++;
      } else break;
    }
    // Only a number with an exponent, or with 309 digits or more, can overflow to Infinity.
    if (exponent || this.pos - start > 300) {
      const token = this.text.slice(start, this.pos);
      const n = Number(token);
      if (n === Infinity || n === -Infinity) {
        this.problems.push({ kind: 'number-out-of-range', span: span(start, this.pos), path: this.path(), text: token });
      }
    }
    return { start, end: this.pos };
  }

  private array(depth: number): TextNode {
    const start = this.pos++;
    const children: TextNode[] | undefined = depth <= KEEP_DEPTH ? [] : undefined;
    this.ws();
    if (this.text.charCodeAt(this.pos) === 93) {
      this.pos++;
      return children ? { start, end: this.pos, children } : { start, end: this.pos };
    }
    for (let index = 0; ; index++) {
      this.segments.push(index);
      const child = this.value(depth + 1);
      this.segments.pop();
      children?.push(child);
      if (this.text.charCodeAt(this.pos) <= 32) this.ws();
      if (this.text.charCodeAt(this.pos++) !== 44 /* , */) break; // the "]"
    }
    return children ? { start, end: this.pos, children } : { start, end: this.pos };
  }

  private object(depth: number): TextNode {
    const start = this.pos++;
    this.ws();
    if (this.text.charCodeAt(this.pos) === 125) {
      this.pos++;
      return { start, end: this.pos };
    }
    for (;;) {
      this.ws();
      const keyStart = this.pos;
      this.skipString();
      this.segments.push(span(keyStart, this.pos));
      this.ws();
      this.pos++; // ":"
      this.value(depth + 1);
      this.segments.pop();
      this.ws();
      if (this.text.charCodeAt(this.pos++) !== 44) break; // the "}"
    }
    return { start, end: this.pos };
  }

  private ws(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return;
      this.pos++;
    }
  }

  private skipString(): void {
    const t = this.text;
    // Jump from quote to quote; a quote preceded by an odd run of backslashes is escaped.
    let q = t.indexOf('"', this.pos + 1);
    while (q > 0) {
      let b = q - 1;
      while (t.charCodeAt(b) === 92) b--;
      if ((q - 1 - b) % 2 === 0) break;
      q = t.indexOf('"', q + 1);
    }
    this.pos = q < 0 ? t.length : q + 1;
  }

  /** Skips a whole array or object without recursion; returns how many levels it nests. */
  private skipContainer(): number {
    const t = this.text;
    let level = 0;
    let deepest = 0;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 34) {
        this.skipString();
        continue;
      }
      this.pos++;
      if (c === 91 || c === 123) deepest = Math.max(deepest, ++level);
      else if ((c === 93 || c === 125) && --level === 0) break;
    }
    return deepest;
  }

  private path(): string {
    return pointer(this.segments.map((s) => (typeof s === 'number' ? s : (JSON.parse(this.text.slice(s.start, s.end)) as string))));
  }
}
