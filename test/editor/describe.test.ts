import { describe, expect, test } from 'vitest';
import { describeField, describeOperator } from '../../src/editor/syntax-entry.js';
import { QueryError } from '../../src/index.js';
import { catalog } from '../syntax/fixtures.js';
import { thrown } from '../support/thrown.js';

// describeOperator and describeField (public in catq/syntax) threw a bare TypeError for a wrong
// argument ("Cannot read properties of undefined (reading 'infix')"), or a QueryError that named
// resolveField instead of the function called. Like every other public function, they now throw
// a QueryError whose api/bad-argument diagnostic names the function, the argument and the fix.

const boom = (): never => {
  throw new Error('PROXY-BOOM');
};
const traps = { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom };
const revoked = (target: object): unknown => {
  const r = Proxy.revocable(target, {});
  r.revoke();
  return r.proxy;
};
const hostile: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['a number', 42],
  ['an object', {}],
  ['a throwing Proxy', new Proxy({}, traps)],
  ['a throwing Proxy of an array', new Proxy([], traps)],
  ['a revoked Proxy', revoked({})],
  ['a revoked Proxy of an array', revoked([])],
  ['an object whose getter throws', { get kind(): never { return boom(); } }],
];

function expectBadArgument(e: unknown, fn: string, argument: string | undefined): void {
  expect(e).toBeInstanceOf(QueryError);
  const error = e as QueryError;
  expect(error.message).toContain(fn);
  const [d] = error.diagnostics;
  if (argument !== undefined) {
    expect(d?.code).toBe('api/bad-argument');
    expect(d?.data?.['fn']).toBe(fn);
    expect(d?.data?.['name']).toBe(argument);
    expect(d?.message).toMatch(/must be .*, but it is .*\. \S/); // what was expected, what it is, the fix
  } else {
    expect(d?.code).toMatch(/^(api|catalog)\//);
  }
}

describe('describeOperator', () => {
  test.each([...hostile, ['an unknown name', 'nope'], ['a name of Object.prototype', 'toString'], ['the infix spelling', 'in']])('%s is a QueryError naming "op"', (_what, op) => {
    const e = thrown(() => describeOperator(op as never));
    expectBadArgument(e, 'describeOperator', 'op');
    expect((e as QueryError).diagnostics[0]?.message).toContain('"one-of"');
  });

  test('an operator is described', () => {
    expect(describeOperator('one-of')).toContain('**one-of**');
  });
});

describe('describeField', () => {
  test.each(hostile)('a catalog that is %s is a QueryError naming describeField', (_what, bad) => {
    expectBadArgument(thrown(() => describeField(bad as never, 'price')), 'describeField', typeof bad === 'object' && bad !== null ? undefined : 'catalog');
  });

  test.each(hostile.filter(([, v]) => v !== undefined))('a field that is %s is a QueryError naming "field"', (_what, bad) => {
    expectBadArgument(thrown(() => describeField(catalog, bad as never)), 'describeField', 'field');
  });

  test('a field is described, an unknown one too', () => {
    expect(describeField(catalog, 'price')).toContain('**price**: Number');
    expect(describeField(catalog, 'nope')).toContain('is not a searchable attribute');
  });
});
