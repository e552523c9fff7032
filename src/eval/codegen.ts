import { codePointOrder } from '../text/index.js';
import { SET_THRESHOLD } from './closure.js';
import { assertNever } from '../ast/index.js';
import type { ClausePlan, ValueTest } from '../check/index.js';
import { nativeOrder, textMatcher } from './plan.js';

/**
 * Generated-code predicates, for speed. Injection-free by construction: the only query-derived
 * text that becomes code is `JSON.stringify` of strings (raw keys and string values, valid JS
 * string literals since ES2019) and `String()` of finite numbers; every other value (Sets,
 * matchers, non-finite numbers, the comparator) is passed by reference in the array `R`.
 */

/** Literal code for a value, or a reference into `refs`. */
class Emitter {
  readonly refs: unknown[] = [];

  ref(value: unknown): string {
    this.refs.push(value);
    return `R[${this.refs.length - 1}]`;
  }

  lit(value: string | number | boolean): string {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    return Number.isFinite(value) ? `(${String(value)})` : this.ref(value);
  }

  in(x: string, values: readonly (string | number | boolean)[]): string {
    if (values.length === 0) return 'false';
    if (values.length > SET_THRESHOLD) return `${this.ref(new Set(values))}.has(${x})`;
    return '(' + values.map((v) => `${x} === ${this.lit(v)}`).join(' || ') + ')';
  }

  /** An expression, true exactly when the value in variable `x` passes the test. */
  test(t: ValueTest, x: string): string {
    switch (t.kind) {
      case 'number-in':
      case 'string-in':
      case 'boolean-in':
      case 'element-in':
        return this.in(x, t.values);
      case 'number-order':
        return `(typeof ${x} === "number" && ${x} ${t.op} ${this.lit(t.value)})`;
      case 'string-order':
        return nativeOrder(t.value)
          ? `(typeof ${x} === "string" && ${x} ${t.op} ${this.lit(t.value)})`
          : `(typeof ${x} === "string" && ${this.ref(codePointOrder)}(${x}, ${this.lit(t.value)}) ${t.op} 0)`;
      case 'id-in':
        return `(typeof ${x} === "string" ? ${this.in(x, t.strings)} : typeof ${x} === "number" && ${this.in(x, t.numbers)})`;
      case 'text':
        return `(typeof ${x} === "string" && ${this.ref(textMatcher(t))}(${x}))`;
      default:
        return assertNever(t, 'value test');
    }
  }
}

/**
 * Own keys only: `item[key]` may find an inherited value, so a clause that would count a value
 * (or a present key) confirms that the key is the item's own. `hasOwnProperty` costs about as
 * much as the rest of a clause on items of many shapes, so most items take a cheaper exact route:
 * when the item's prototype is `Object.prototype` (JSON data) or `null`, and `Object.prototype`
 * does not have the key (checked at run time, so later prototype pollution is caught), every
 * value read is the item's own. Keys that `Object.prototype` has (`constructor`, `__proto__`,
 * `toString`...) always use `hasOwnProperty`.
 *
 * What kind of item it is, is found out here too, at most once per item and only when some
 * clause needs it (`f`: 0 = not known yet, 1 = plain object, 2 = other object, 3 = no keys at
 * all: a primitive, a function or an array, even one given extra own properties in JS). Most
 * items fail a clause before that, and pay for neither the prototype nor the kind.
 */
const KIND = `(f === 0 ? (f = typeof item !== "object" || Array.isArray(item) ? 3 : ((pr = GP(item)) === OP || pr === null) ? 1 : 2) : f)`;
function own(key: string): string {
  const k = JSON.stringify(key);
  if (key in Object.prototype) return `(${KIND} !== 3 && H.call(item, ${k}))`;
  return `(${KIND} === 1 ? !(${k} in OP) || H.call(item, ${k}) : f === 2 && H.call(item, ${k}))`;
}

/** The statements of one clause: `return false` when it fails. `v`, `i`, `j`, `e`, `a`, `ok`, `all` are block-scoped. */
function clauseCode(p: ClausePlan, em: Emitter): string {
  const key = JSON.stringify(p.rawKey);
  // Read first, confirm ownership only when the value would count (cheap: most values fail).
  const isOwn = own(p.rawKey);
  if (p.kind === 'present') {
    const present = `(v !== undefined && v !== null && ${isOwn})`;
    return `{ const v = item[${key}]; if (${p.present ? '!' : ''}${present}) return false; }`;
  }
  const t = (x: string) => em.test(p.test, x);
  switch (p.shape) {
    case 'one':
      return `{ const v = item[${key}]; if (!${t('v')} || !${isOwn}) return false; }`;
    case 'many':
      return (
        `{ const v = item[${key}]; let ok = false;` +
        ` if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) { const e = v[i]; if (${t('e')}) { ok = true; break; } } }` +
        ` else ok = ${t('v')};` +
        ` if (!ok || !${isOwn}) return false; }`
      );
    case 'array-one':
      return (
        `{ const v = item[${key}]; if (!Array.isArray(v)) return false; let ok = false;` +
        ` for (let i = 0; i < v.length; i++) { const e = v[i]; if (${t('e')}) { ok = true; break; } }` +
        ` if (!ok || !${isOwn}) return false; }`
      );
    case 'array-many':
      return (
        `{ const v = item[${key}]; if (!Array.isArray(v)) return false; let ok = false; let all = v.length > 0;` +
        ` for (let i = 0; i < v.length; i++) if (!Array.isArray(v[i])) { all = false; break; }` +
        ` if (all) { outer: for (let i = 0; i < v.length; i++) { const a = v[i]; for (let j = 0; j < a.length; j++) { const e = a[j]; if (${t('e')}) { ok = true; break outer; } } } }` +
        ` else { for (let i = 0; i < v.length; i++) { const e = v[i]; if (${t('e')}) { ok = true; break; } } }` +
        ` if (!ok || !${isOwn}) return false; }`
      );
  }
}

/** Consecutive plans on the same raw key, kept in order (so one read serves several clauses). */
function groupByKey(plans: readonly ClausePlan[]): ClausePlan[][] {
  const groups: ClausePlan[][] = [];
  const byKey = new Map<string, ClausePlan[]>();
  for (const p of plans) {
    const g = byKey.get(p.rawKey);
    if (g) g.push(p);
    else {
      const fresh = [p];
      byKey.set(p.rawKey, fresh);
      groups.push(fresh);
    }
  }
  return groups;
}

/** Several `one`-shaped tests on one key: read once, test all, check ownership once. */
function groupCode(g: readonly ClausePlan[], em: Emitter): string | undefined {
  const tests: string[] = [];
  for (const p of g) {
    if (p.kind !== 'test' || p.shape !== 'one') return undefined;
    tests.push(em.test(p.test, 'v'));
  }
  const key = JSON.stringify((g[0] as ClausePlan).rawKey);
  return `{ const v = item[${key}]; if (!(${tests.join(' && ')}) || !${own((g[0] as ClausePlan).rawKey)}) return false; }`;
}

/** The source of the generated predicate and the references it closes over. */
export function generateSource(plans: readonly ClausePlan[], keyless: boolean): { source: string; refs: unknown[] } {
  const em = new Emitter();
  const body = groupByKey(plans)
    .map((g) => (g.length === 1 ? clauseCode(g[0] as ClausePlan, em) : groupCode(g, em) ?? g.map((p) => clauseCode(p, em)).join('\n    ')))
    .join('\n    ');
  const source =
    // Total by itself: everything is inside the try, so an item that cannot be read (a revoked
    // proxy, a getter that throws) matches nothing. A null or undefined item has no keys. So has
    // a primitive or an array: a predicate that holds on an item without keys (only `present?
    // false` clauses) says so at once; any other reads the key first and leaves the kind of item
    // to the ownership test (a primitive's or an array's value is never its own key).
    `return function catqPredicate(item) {\n` +
    `  try {\n` +
    (keyless
      ? `    if (typeof item !== "object" || item === null || Array.isArray(item)) return true;\n`
      : `    if (item === null || item === undefined) return false;\n`) +
    `    let f = 0, pr;\n` +
    `    ${body}\n    return true;\n  } catch (_) {\n    return false;\n  }\n};`;
  return { source, refs: em.refs };
}

let codegenAllowed: boolean | undefined;

/** Whether this environment allows `new Function` (a CSP may forbid it); checked once. */
export function canGenerateCode(): boolean {
  if (codegenAllowed === undefined) {
    try {
      codegenAllowed = new Function('return 1')() === 1;
    } catch {
      codegenAllowed = false;
    }
  }
  return codegenAllowed;
}

/** Builds the generated predicate (call only when {@link canGenerateCode}). */
export function generatedFn(plans: readonly ClausePlan[], keyless: boolean): (item: unknown) => boolean {
  const { source, refs } = generateSource(plans, keyless);
  const factory = new Function('R', 'H', 'GP', 'OP', source) as (
    r: unknown[],
    h: typeof Object.prototype.hasOwnProperty,
    gp: typeof Object.getPrototypeOf,
    op: object,
  ) => (item: unknown) => boolean;
  return factory(refs, Object.prototype.hasOwnProperty, Object.getPrototypeOf, Object.prototype);
}
