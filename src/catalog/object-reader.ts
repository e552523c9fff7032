import { describeValue, type Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** The length of a string in Unicode code points (what JSON Schema's maxLength counts). */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Whether `v` is a plain JSON object (not null, not an array, not a class instance). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Reads the fields of one untrusted object, reporting each problem at its JSON pointer path and
 * carrying on, so that a catalog's problems are all reported at once. Only own properties count
 * (a `__proto__` or `constructor` key is an ordinary, unknown key).
 */
export class ObjectReader {
  constructor(
    readonly obj: Record<string, unknown>,
    readonly path: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** Reads a plain object at `path`, or reports `catalog/not-an-object` and returns undefined. */
  static of(v: unknown, path: string, diagnostics: Diagnostic[]): ObjectReader | undefined {
    if (isPlainObject(v)) return new ObjectReader(v, path, diagnostics);
    diagnostics.push(diagnostic('catalog/not-an-object', { found: describeValue(v) }, { path }));
    return undefined;
  }

  /** The JSON pointer of a key of this object. */
  at(key: string): string {
    return `${this.path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }

  has(key: string): boolean {
    return hasOwn.call(this.obj, key);
  }

  /** The own value of `key`; reports `catalog/missing-field` when required and absent. */
  get(key: string, required: boolean): unknown {
    if (this.has(key)) return this.obj[key];
    if (required) this.report(diagnostic('catalog/missing-field', { field: key }, { path: this.at(key) }));
    return undefined;
  }

  /** A string no longer than `max` code points (when given). */
  string(key: string, required: boolean, max?: number): string | undefined {
    if (!this.has(key)) return this.get(key, required) as undefined;
    const v = this.obj[key];
    if (typeof v !== 'string') return this.wrongType(key, 'a string', v);
    const length = max === undefined ? 0 : codePointLength(v);
    if (max !== undefined && length > max) {
      this.report(diagnostic('catalog/too-long', { length, max }, { path: this.at(key) }));
      return undefined;
    }
    return v;
  }

  /** A finite number not below `min` (when given). */
  number(key: string, required: boolean, min?: number): number | undefined {
    if (!this.has(key)) return this.get(key, required) as undefined;
    const v = this.obj[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) return this.wrongType(key, 'a number', v);
    if (min !== undefined && v < min) {
      this.report(diagnostic('catalog/out-of-range', { value: v, min }, { path: this.at(key) }));
      return undefined;
    }
    return v;
  }

  boolean(key: string): boolean | undefined {
    if (!this.has(key)) return undefined;
    const v = this.obj[key];
    return typeof v === 'boolean' ? v : this.wrongType(key, 'true or false', v);
  }

  /** One of `allowed` (a string enum). */
  oneOf<T extends string>(key: string, required: boolean, allowed: readonly T[]): T | undefined {
    if (!this.has(key)) return this.get(key, required) as undefined;
    const v = this.obj[key];
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    this.report(diagnostic('catalog/bad-value', { allowed, found: describeValue(v) }, { path: this.at(key) }));
    return undefined;
  }

  /** Warns about every own key not in `known` (they are ignored). */
  unknownKeys(known: readonly string[]): void {
    for (const key of Object.keys(this.obj)) {
      if (!known.includes(key)) this.report(diagnostic('catalog/unknown-key', { key }, { path: this.at(key) }));
    }
  }

  report(d: Diagnostic): void {
    this.diagnostics.push(d);
  }

  wrongType(key: string, expected: string, found: unknown, described = false): undefined {
    this.report(diagnostic('catalog/wrong-type', { expected, found: described ? String(found) : describeValue(found) }, { path: this.at(key) }));
    return undefined;
  }
}

/**
 * The first hole of an array (an index it does not own), or -1. Counting own keys first makes a
 * sparse array of length 1e8 cost what it holds, not its length.
 */
export function firstHole(a: readonly unknown[]): number {
  const keys = Object.keys(a);
  if (keys.length >= a.length) {
    // As many own keys as the length: dense, unless some keys are not indices.
    let indices = 0;
    for (const k of keys) if (/^(0|[1-9][0-9]*)$/.test(k)) indices++;
    if (indices === a.length) return -1;
  }
  for (let i = 0; i < keys.length; i++) if (keys[i] !== String(i)) return i;
  return keys.length < a.length ? keys.length : -1;
}
