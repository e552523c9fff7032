import { afterEach, describe, expect, it } from 'vitest';
import { parse } from '../../src/syntax/index.js';

// The parser runs without capturing stack traces (Chevrotain throws one Error per syntax error
// it recovers from; capturing their stacks was a third of such a parse), and gives the caller's
// setting back, whatever it was, even where it cannot be changed.

const original = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
afterEach(() => {
  if (original) Object.defineProperty(Error, 'stackTraceLimit', original);
});

describe('parse and Error.stackTraceLimit', () => {
  it('puts the caller\'s setting back after text with mistakes, and after a valid query', () => {
    Error.stackTraceLimit = 17;
    expect(parse('a = = # b and '.repeat(50)).diagnostics.length).toBeGreaterThan(10);
    expect(Error.stackTraceLimit).toBe(17);
    expect(parse('price < 20 and brand = "x"').query?.clauses).toHaveLength(2);
    expect(Error.stackTraceLimit).toBe(17);
    // An error thrown afterwards has its stack again.
    expect(new Error('x').stack?.split('\n').length).toBeGreaterThan(1);
  });

  it('parses as well where the setting cannot be written (frozen intrinsics)', () => {
    Object.defineProperty(Error, 'stackTraceLimit', { value: 9, writable: false, configurable: true });
    const r = parse('price < and brand');
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics.every((d) => d.code.startsWith('syntax/'))).toBe(true);
    expect(Error.stackTraceLimit).toBe(9);
  });
});
