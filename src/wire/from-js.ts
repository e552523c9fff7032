import type { JsonValue } from '../ast/index.js';
import { argumentError, describeValue, isArraySafe, pointer, throwBadArgument, type Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { DEPTH_CAP, type DecodeLimits } from './limits.js';

/**
 * Copies an already-parsed query (any JavaScript value) into plain JSON data, reporting every
 * value JSON cannot hold: `undefined`, functions, symbols, bigints, NaN and ±Infinity, holes of
 * sparse arrays, cycles, and instances of classes (Date, Map, ...). It never throws: a getter or
 * proxy that throws is reported as unreadable. The copy is ours to freeze; the caller's data is
 * left untouched.
 */
export function fromJs(input: readonly unknown[], limits: DecodeLimits, diagnostics: Diagnostic[]): JsData {
  const copier = new Copier(limits, diagnostics);
  const out = copier.copy(input, 1);
  return { value: Array.isArray(out) ? out : [], badClauses: copier.badClauses, aborted: copier.budgetReported || !Array.isArray(out) };
}

/**
 * The problems of one value of a hand-built query (a clause's value, or its field): everything
 * JSON cannot hold, as `wire/not-json` diagnostics at `path` (segments of a JSON pointer) and
 * below (NaN and ±Infinity kept when `keepNonFinite`). Returns the plain copy when there is none.
 * Never throws because of the value; a `path` or `limits` it cannot use is a QueryError.
 */
export function jsonValueProblems(
  value: unknown,
  path: readonly (string | number)[],
  limits: DecodeLimits,
  keepNonFinite = false,
): { value?: JsonValue; diagnostics: Diagnostic[] } {
  try {
    if (!isArraySafe(path)) throwBadArgument('jsonValueProblems', 'path', 'an array of JSON pointer segments (strings and numbers)', path, 'Pass [] for the value itself.');
    if (limits === null || typeof limits !== 'object') throwBadArgument('jsonValueProblems', 'limits', 'the decoder limits (an object such as DEFAULT_LIMITS)', limits, 'Pass DEFAULT_LIMITS.');
    const diagnostics: Diagnostic[] = [];
    const copier = new Copier(limits, diagnostics, path, keepNonFinite);
    const out = copier.copy(value, 3);
    return diagnostics.length === 0 && out !== undefined ? { value: out, diagnostics } : { diagnostics };
  } catch (e) {
    throw argumentError('jsonValueProblems', e);
  }
}

/** The copy, with where it failed: a failed value is left as `null` so that indices stay right. */
export interface JsData {
  readonly value: JsonValue[];
  /** Clauses (top-level indices) containing a value that is not JSON: their structure is not checked. */
  readonly badClauses: ReadonlySet<number>;
  /** True when the copy was abandoned (value budget exceeded): nothing more can be checked. */
  readonly aborted: boolean;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Beyond this many indices left, the rest of a nested array with a hole is walked by its own keys. */
const SPARSE_WALK = 1024;

class Copier {
  readonly badClauses = new Set<number>();
  budgetReported = false;
  private count = 0;
  /** Inside a value nested deeper than maxDepth: how deep it goes (reported once, at its top). */
  private deepest = 0;
  private readonly segments: (string | number)[];
  private readonly ancestors = new Set<object>();

  constructor(
    private readonly limits: DecodeLimits,
    private readonly diagnostics: Diagnostic[],
    base: readonly (string | number)[] = [],
    /** Keep NaN and ±Infinity (the validator reports them as values of the wrong type). */
    private readonly keepNonFinite = false,
  ) {
    this.segments = [...base];
  }

  copy(v: unknown, depth: number): JsonValue | undefined {
    // Shared sub-arrays are fine in JS but could make the walk exponential: cap the values seen.
    if (++this.count > this.limits.maxLength) {
      if (!this.budgetReported) this.report(diagnostic('wire/too-many-values', { limit: this.limits.maxLength }, { path: '' }));
      this.budgetReported = true;
      return undefined;
    }
    try {
      switch (typeof v) {
        case 'string':
        case 'boolean':
          return v;
        case 'number':
          if (Number.isFinite(v) || this.keepNonFinite) return v;
          return this.notJson(`the number ${String(v)}`);
        case 'object':
          if (v === null) return null;
          return this.container(v, depth);
        case 'undefined':
          return this.notJson('undefined');
        default:
          return this.notJson(`a ${typeof v}`);
      }
    } catch {
      return this.notJson('a value that cannot be read (a getter or proxy threw)');
    }
  }

  private container(v: object, depth: number): JsonValue | undefined {
    if (this.ancestors.has(v)) return this.notJson('a circular reference');
    const isArray = Array.isArray(v);
    if (!isArray) {
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) {
        const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
        return this.notJson(typeof name === 'string' && name ? `an instance of ${name}` : 'an object that is not plain data');
      }
    }
    // Beyond maxDepth the value is still copied (up to the hard cap, which bounds the recursion),
    // so the clause shape can be checked exactly as for text input; the depth is reported once.
    if (depth > DEPTH_CAP) {
      const top = this.segments[0];
      if (typeof top === 'number') this.badClauses.add(top);
      if (this.deepest === 0) this.diagnostics.push(diagnostic('wire/too-deep', { depth, limit: this.limits.maxDepth }, { path: this.path() }));
      return undefined;
    }
    const topOfDeep = depth > this.limits.maxDepth && this.deepest === 0;
    if (topOfDeep || this.deepest > 0) this.deepest = Math.max(this.deepest, depth);
    this.ancestors.add(v);
    try {
      if (isArray) {
        const arr = v as readonly unknown[];
        const out: JsonValue[] = [];
        const length = arr.length;
        // A hole costs a value of the budget like any element, so an array longer than what is
        // left of the budget is refused at once (`a.length = 2 ** 32 - 1` walks nothing).
        if (length > this.limits.maxLength - this.count) {
          this.count = this.limits.maxLength;
          this.hole(true);
          return undefined;
        }
        let holes = 0;
        for (let i = 0; i < length; i++) {
          if (holes > 0 && depth > 1 && length - i > SPARSE_WALK) {
            // A nested array with a hole is already refused: walk only its own elements, counting
            // the holes between them, so a length of 2^32 - 1 costs what its elements cost.
            this.restOfSparse(arr, i, depth, out);
            break;
          }
          this.segments.push(i);
          // One diagnostic for the first hole of an array, the others counted.
          const item = hasOwn.call(arr, i) ? this.copy(arr[i], depth + 1) : this.hole(holes++ === 0);
          this.segments.pop();
          out.push(item === undefined ? null : item);
          if (this.budgetReported) break;
        }
        return out;
      }
      const out: Record<string, JsonValue> = {};
      for (const key of Object.keys(v)) {
        this.segments.push(key);
        const item = this.copy((v as Record<string, unknown>)[key], depth + 1);
        this.segments.pop();
        // defineProperty, because assigning a "__proto__" key would set the prototype instead.
        if (item !== undefined) Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
        if (this.budgetReported) break;
      }
      return out;
    } finally {
      this.ancestors.delete(v);
      if (topOfDeep) {
        this.diagnostics.push(diagnostic('wire/too-deep', { depth: this.deepest, limit: this.limits.maxDepth }, { path: this.path() }));
        this.deepest = 0;
      }
    }
  }

  /**
   * The elements of `arr` from index `from` on, in order (own integer keys), each hole before
   * them counted against the budget as the element-by-element walk does; placed at their index
   * in `out` (which is only ever a refused value's copy).
   */
  private restOfSparse(arr: readonly unknown[], from: number, depth: number, out: JsonValue[]): void {
    let next = from;
    const take = (holes: number): boolean => {
      if (holes <= 0) return true;
      if (this.count + holes > this.limits.maxLength) {
        this.count = this.limits.maxLength;
        this.hole(false);
        return false;
      }
      this.count += holes;
      return true;
    };
    for (const key of Object.keys(arr)) {
      const j = Number(key);
      if (!Number.isInteger(j) || j < from || String(j) !== key) continue;
      if (!take(j - next)) return;
      this.segments.push(j);
      const item = this.copy(arr[j], depth + 1);
      this.segments.pop();
      out[j] = item === undefined ? null : item;
      if (this.budgetReported) return;
      next = j + 1;
    }
    take(arr.length - next);
  }

  private hole(first: boolean): undefined {
    if (++this.count > this.limits.maxLength) {
      if (!this.budgetReported) this.report(diagnostic('wire/too-many-values', { limit: this.limits.maxLength }, { path: '' }));
      this.budgetReported = true;
      return undefined;
    }
    if (first) return this.notJson('a hole in a sparse array');
    const top = this.segments[0];
    if (typeof top === 'number') this.badClauses.add(top);
    return undefined;
  }

  private notJson(found: string): undefined {
    this.report(diagnostic('wire/not-json', { found }, { path: this.path() }));
    return undefined;
  }

  private report(d: Diagnostic): void {
    const top = this.segments[0];
    if (typeof top === 'number') this.badClauses.add(top);
    this.diagnostics.push(d);
  }

  private path(): string {
    return pointer(this.segments);
  }
}

/** How a non-array top-level input is described in `wire/not-an-array`. */
export function describeInput(v: unknown): string {
  try {
    return describeValue(v);
  } catch {
    return 'a value that cannot be read';
  }
}
