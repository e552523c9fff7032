import { describe, expect, it } from 'vitest';
import { validate } from '../../src/check/index.js';
import { diagnostic, isQueryError, QueryError, toErrorBody } from '../../src/diagnostics/index.js';
import { decode } from '../../src/wire/index.js';
import { catalog } from '../check/fixture.js';

const err = (field: string) => diagnostic('schema/empty-one-of', { field }, { path: '/0/1' });
const warn = (field: string) => diagnostic('schema/duplicate-clause', { field }, { path: '/1' });

describe('toErrorBody', () => {
  it('is the interface 400 body: one {message} per error, warnings left out', () => {
    const body = toErrorBody([warn('a'), err('b'), err('c')]);
    expect(Object.keys(body)).toEqual(['Errors']);
    expect(body.Errors).toHaveLength(2);
    for (const e of body.Errors) {
      expect(Object.keys(e)).toEqual(['message']);
      expect(typeof e.message).toBe('string');
    }
    // Each message names the place and the code, so a client can act on it.
    expect(body.Errors[0]!.message).toContain('/0/1');
    expect(body.Errors[0]!.message).toContain('schema/empty-one-of');
  });

  it('names the character where a problem of the text starts, when it has no JSON pointer', () => {
    // `[[price` has two JSON syntax errors: the bare word at offset 2, the missing "]" at the end (7).
    const body = toErrorBody(decode('[[price').diagnostics);
    expect(body.Errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^At character 3 of the query text: The query is not valid JSON: .*\[wire\/invalid-json\]$/),
      expect.stringMatching(/^At character 8 of the query text: The query is not valid JSON: a closing "\]" was expected\. \[wire\/invalid-json\]$/),
    ]);
    // Text that is not JSON and nests too deep: the 33rd "[" (offset 32) is where it goes too deep.
    const deep = decode('['.repeat(40)).diagnostics;
    expect(deep.map((d) => [d.code, d.path])).toEqual([['wire/too-deep', undefined]]);
    expect(toErrorBody(deep).Errors[0]?.message).toMatch(/^At character 33 of the query text: The query nests /);
    // A problem of the whole query (path "") names no place; the percent-escape names its own.
    expect(toErrorBody(decode('{}').diagnostics).Errors[0]?.message).toMatch(/^A query must be a JSON array/);
    expect(toErrorBody(decode('%5B%ZZ').diagnostics).Errors[0]?.message).toMatch(/^Malformed percent-escape at character 4/);
    // A pointer wins over a span.
    expect(toErrorBody(decode('[["a",1e999]]').diagnostics).Errors[0]?.message).toMatch(/^At \/0\/1: /);
  });

  it('has no entries when there is no error', () => {
    expect(toErrorBody([warn('a')])).toEqual({ Errors: [] });
    expect(toErrorBody([])).toEqual({ Errors: [] });
  });

  it('serialises as plain JSON for a real validation', () => {
    const { query } = decode('[["prise",5],["price","5"],["price","5"]]');
    const body = toErrorBody(validate(query!, catalog));
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
    expect(body.Errors).toHaveLength(3);
  });
});

describe('QueryError', () => {
  it('carries every diagnostic, errors first, and names the first errors in its message', () => {
    const e = new QueryError([warn('w'), err('a'), err('b')]);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('QueryError');
    expect(e.diagnostics.map((d) => d.severity)).toEqual(['error', 'error', 'warning']);
    expect(e.message).toContain('schema/empty-one-of');
    expect(e.message).not.toContain('schema/duplicate-clause');
  });

  it('says how many more errors there are beyond the first three', () => {
    const e = new QueryError([err('a'), err('b'), err('c'), err('d'), err('e')], 'Cannot compile');
    expect(e.message.startsWith('Cannot compile: ')).toBe(true);
    expect(e.message).toMatch(/\(and 2 more\)$/);
  });

  it('has a sensible message with only warnings or nothing at all', () => {
    expect(new QueryError([warn('w')]).message).toContain('schema/duplicate-clause');
    expect(new QueryError([]).message).toBe('The query is not valid.');
  });

  it('is recognised across copies of the package by isQueryError', () => {
    const foreign = Object.assign(new Error('x'), { name: 'QueryError', diagnostics: [] });
    expect(isQueryError(new QueryError([err('a')]))).toBe(true);
    expect(isQueryError(foreign)).toBe(true);
    expect(isQueryError(new Error('x'))).toBe(false);
    expect(isQueryError({ name: 'QueryError', diagnostics: [] })).toBe(false);
    expect(isQueryError(null)).toBe(false);
  });
});

describe('QueryError across bundled copies', () => {
  it('is recognised by instanceof even when thrown by another copy of the class', async () => {
    const { QueryError } = await import('../../src/diagnostics/index.js');
    class OtherCopy extends Error {
      override readonly name = 'QueryError';
      readonly diagnostics = [];
    }
    expect(new OtherCopy() instanceof QueryError).toBe(true);
    expect(new Error('x') instanceof QueryError).toBe(false);
    expect({ name: 'QueryError', diagnostics: [] } instanceof QueryError).toBe(false);
    expect(new QueryError([]) instanceof Error).toBe(true);
  });
});
