/**
 * JavaScript values a caller of the library can hand over when data is typed `any`: getters
 * that throw, proxies (throwing, revoked), null-prototype objects, BigInt, symbols, functions,
 * cycles, sparse and huge arrays, class instances, lone surrogates, extreme numbers.
 */
import type { Rng } from './rng.js';

const boom = (): never => {
  throw new Error('hostile getter');
};

function throwingProxy(target: object): object {
  return new Proxy(target, { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom, defineProperty: boom });
}

function revokedProxy(target: object): object {
  const r = Proxy.revocable(target, {});
  r.revoke();
  return r.proxy;
}

function withThrowingGetter(base: Record<string, unknown>, key: string): object {
  return Object.defineProperty({ ...base }, key, { enumerable: true, get: boom });
}

function sparse(length: number, filled: unknown[] = []): unknown[] {
  const a: unknown[] = [...filled];
  a.length = length;
  return a;
}

function cycle(): unknown[] {
  const a: unknown[] = ['x'];
  a.push(a);
  return a;
}

/** A scalar that is legal or nearly legal JSON. */
export function oddScalar(rng: Rng): unknown {
  return rng.pick<unknown>([
    0, -0, 1, -1.5, 1e308, -1e308, 5e-324, 2 ** 53 + 1, NaN, Infinity, -Infinity, '', ' ', 'x', '\ud800', '\udc00x', '\u{1F600}', 'İ', 'a'.repeat(200),
    'w '.repeat(150), true, false, null, undefined, 10n, Symbol('s'), () => 1,
  ]);
}

/** Any hostile value, nested up to `depth`. */
export function hostileValue(rng: Rng, depth = 2): unknown {
  if (depth <= 0 || rng.chance(0.35)) return oddScalar(rng);
  const inner = () => hostileValue(rng, depth - 1);
  switch (rng.int(14)) {
    case 0:
      return throwingProxy(rng.chance(0.5) ? [] : {});
    case 1:
      return revokedProxy(rng.chance(0.5) ? [] : {});
    case 2:
      return withThrowingGetter({ a: inner() }, rng.pick(['kind', 'clauses', 'operator', 'field', 'value', 'Id', 'id', 'Aliases', 'q', 'limit', '0']));
    case 3: {
      const o = Object.create(null) as Record<string, unknown>;
      o['kind'] = rng.pick(['query', 'clause', inner()]);
      o['x'] = inner();
      return o;
    }
    case 4:
      return sparse(rng.pick([3, 1000, 1e6, 2 ** 32 - 1]), rng.chance(0.5) ? [inner()] : []);
    case 5:
      return cycle();
    case 6:
      return rng.pick<unknown>([new Date(0), new Map([[1, 2]]), new Set([1]), /x/, new Uint8Array(3), new Error('e'), Object.freeze([inner()])]);
    case 7:
      return Array.from({ length: rng.int(4) }, inner);
    case 8:
      return { [rng.pick(['__proto__', 'constructor', 'toString', 'kind', 'Id'])]: inner(), y: inner() };
    case 9:
      return new Proxy([inner(), inner()], {});
    case 10:
      return Object.defineProperty([inner()], 'length', { value: 1, writable: false });
    default:
      return [inner(), inner()];
  }
}

/** A hand-built query object (as JavaScript callers write them), more or less broken. */
export function hostileQuery(rng: Rng, fields: readonly string[]): unknown {
  const ops = ['=', '<', '<=', '>', '>=', 'one-of', 'matches', 'matches-phrase', 'present?'];
  const clauses = Array.from({ length: rng.int(4) }, () => {
    if (rng.chance(0.15)) return hostileValue(rng);
    const c: Record<string, unknown> = {
      kind: 'clause',
      operator: rng.chance(0.85) ? rng.pick(ops) : hostileValue(rng, 1),
      field: rng.chance(0.85) ? rng.pick(fields) : hostileValue(rng, 1),
      value: hostileValue(rng),
    };
    return rng.chance(0.1) ? withThrowingGetter(c, rng.pick(['operator', 'field', 'value'])) : c;
  });
  if (rng.chance(0.1)) return hostileValue(rng);
  return { kind: 'query', clauses: rng.chance(0.1) ? throwingProxy(clauses) : clauses };
}
