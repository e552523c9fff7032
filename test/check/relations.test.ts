import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { check, summary } from './fixture.js';
import type { WireClause } from '../support/spanned-wire.js';

const warnings = (clauses: readonly WireClause[]) => {
  const { text, diagnostics } = check(clauses);
  return { text, diagnostics, list: diagnostics.map((d) => [d.code, d.path]) };
};
const relatedPaths = (d: Diagnostic | undefined) => d?.related?.map((r) => r.path);

describe('validate: duplicate clauses', () => {
  it('warns on the later copy, pointing back at the earlier one, with a removal fix', () => {
    const { text, diagnostics } = check([['color', 'red'], ['price', 1], [['=', 'color'], 'red']]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/duplicate-clause', severity: 'warning', path: '/2', at: '[["=", "color"], "red"]' }]);
    expect(relatedPaths(diagnostics[0])).toEqual(['/0']);
    expect(diagnostics[0]!.related![0]!.span).toEqual({ start: 1, end: 17 });
    expect(diagnostics[0]!.fixes?.map((f) => f.change)).toEqual([{ kind: 'remove-clause', clause: 2 }]);
  });

  it('sees through alias paths and Referenced ids (5 and "5")', () => {
    expect(warnings([['brand_id', 5], ['Brand.Id', '5']]).list).toEqual([['schema/duplicate-clause', '/1']]);
    expect(warnings([['sku', 'a'], ['Id', 'a']]).list).toEqual([['schema/duplicate-clause', '/1']]);
  });

  it('treats -0 and 0 as equal numbers but "5" and 5 as different values elsewhere', () => {
    expect(warnings([['price', 0], ['price', -0]]).list).toEqual([['schema/duplicate-clause', '/1']]);
    expect(warnings([['tags', 5], ['tags', '5']]).list).toEqual([]);
  });

  it('compares one-of lists as sets and matches values as sets of words', () => {
    expect(warnings([[['one-of', 'color'], ['a', 'b']], [['one-of', 'color'], ['b', 'a', 'a']]]).list).toEqual([['schema/duplicate-clause', '/1']]);
    expect(warnings([[['matches', 'title'], 'Red shoe'], [['matches', 'title'], 'shoe & red']]).list).toEqual([['schema/duplicate-clause', '/1']]);
    expect(warnings([[['present?', 'meta'], false], [['present?', 'meta'], false]]).list).toEqual([['schema/duplicate-clause', '/1']]);
  });

  it('reports each extra copy once', () => {
    expect(warnings([['price', 1], ['price', 1], ['price', 1]]).list).toEqual([
      ['schema/duplicate-clause', '/1'],
      ['schema/duplicate-clause', '/2'],
    ]);
  });

  it('says nothing about clauses with errors', () => {
    expect(warnings([['price', '1'], ['price', '1']]).list).toEqual([
      ['schema/type-mismatch', '/0/1'],
      ['schema/type-mismatch', '/1/1'],
    ]);
  });
});

describe('validate: implied clauses', () => {
  it.each<[string, WireClause, WireClause]>([
    ['a tighter upper bound', [['<', 'price'], 5], [['<', 'price'], 10]],
    ['< implies <= at the same bound', [['<', 'price'], 5], [['<=', 'price'], 5]],
    ['a tighter lower bound', [['>=', 'color'], 'm'], [['>', 'color'], 'b']],
    ['an equality inside a range', ['price', 3], [['<', 'price'], 10]],
    ['an equality inside a one-of', ['color', 'red'], [['one-of', 'color'], ['red', 'blue']]],
    ['a smaller one-of', [['one-of', 'color'], ['red']], [['one-of', 'color'], ['red', 'blue']]],
    ['more words', [['matches', 'title'], 'red shoe'], [['matches', 'title'], 'red']],
    ['a phrase implies its words', [['matches-phrase', 'title'], 'red running shoe'], [['matches', 'title'], 'shoe red']],
    ['a longer phrase', [['matches-phrase', 'title'], 'red running shoe'], [['matches-phrase', 'title'], 'running shoe']],
    ['any clause implies present? true', [['<', 'sizes'], 5], [['present?', 'sizes'], true]],
    ['holds for cardinality Many', [['<', 'sizes'], 5], [['<', 'sizes'], 10]],
    ['holds for Array', ['tags', 'x'], [['one-of', 'tags'], ['x', 'y']]],
  ])('%s', (_name, strong, weak) => {
    for (const [clauses, impliedAt, byAt] of [
      [[strong, weak], '/1', '/0'],
      [[weak, strong], '/0', '/1'],
    ] as const) {
      const { diagnostics, list } = warnings(clauses);
      expect(list).toEqual([['schema/implied-clause', impliedAt]]);
      expect(relatedPaths(diagnostics[0])).toEqual([byAt]);
      expect(diagnostics[0]!.fixes?.map((f) => f.change)).toEqual([{ kind: 'remove-clause', clause: Number(impliedAt.slice(1)) }]);
    }
  });

  it.each<[string, WireClause, WireClause]>([
    ['a looser bound', [['<', 'price'], 10], [['<', 'price'], 5]],
    ['<= does not imply < at the same bound', [['<=', 'price'], 5], [['<', 'price'], 5]],
    ['fewer words', [['matches', 'title'], 'red'], [['matches', 'title'], 'red shoe']],
    ['words do not imply a phrase of two', [['matches', 'title'], 'red shoe'], [['matches-phrase', 'title'], 'red shoe']],
    ['a phrase out of order', [['matches-phrase', 'title'], 'red shoe'], [['matches-phrase', 'title'], 'shoe red']],
    ['different fields', [['<', 'price'], 5], [['<', 'sizes'], 10]],
  ])('not for %s', (_name, a, b) => {
    // (The other way round, the first clause may well be implied by the second.)
    expect(warnings([a, b]).list).not.toContainEqual(['schema/implied-clause', '/1']);
  });

  it('reports clauses that imply each other only once, on the later one', () => {
    expect(warnings([['color', 'red'], [['one-of', 'color'], ['red']]]).list).toEqual([['schema/implied-clause', '/1']]);
    expect(warnings([[['matches-phrase', 'title'], 'red'], [['matches', 'title'], 'RED']]).list).toEqual([['schema/implied-clause', '/1']]);
  });
});

describe('validate: clauses that are never true together', () => {
  it('warns on the later of two contradictory ranges, related to the earlier', () => {
    const { text, diagnostics } = check([[['<', 'price'], 5], ['color', 'x'], [['>', 'price'], 10]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/never-true', severity: 'warning', path: '/2', at: '[[">", "price"], 10]' }]);
    expect(relatedPaths(diagnostics[0])).toEqual(['/0']);
  });

  it.each<[string, WireClause, WireClause]>([
    ['< 5 and >= 5', [['<', 'price'], 5], [['>=', 'price'], 5]],
    ['<= 4 and >= 5', [['<=', 'price'], 4], [['>=', 'price'], 5]],
    // In UTF-16 order "😀" < "\uffff" and "\ue000" would lie between; in code point order it is above.
    ['string ranges by code point', [['<', 'color'], '\uffff'], [['>', 'color'], '😀']],
    ['two different values', ['color', 'red'], ['color', 'blue']],
    ['an id by both spellings is not different, another is', ['brand_id', 5], ['Brand.Id', '6']],
    ['disjoint one-of lists', [['one-of', 'color'], ['a', 'b']], [['one-of', 'color'], ['c']]],
    ['an equality outside a range', ['price', 20], [['<', 'price'], 10]],
    ['a one-of outside a range', [['one-of', 'price'], [20, 30]], [['<=', 'price'], 10]],
    ['true and false', ['in_stock', true], ['in_stock', false]],
    ['a Text value without the words', ['title', 'red shoe'], [['matches', 'title'], 'blue']],
    ['present? false and another clause', [['present?', 'color'], false], [['<', 'color'], 'x']],
    ['present? false and present? true', [['present?', 'meta'], true], [['present?', 'meta'], false]],
    ['present? false on cardinality Many', [['present?', 'sizes'], false], ['sizes', 5]],
    ['present? false on Array', ['tags', 'x'], [['present?', 'tags'], false]],
  ])('%s', (_name, a, b) => {
    const { diagnostics, list } = warnings([a, b]);
    expect(list).toEqual([['schema/never-true', '/1']]);
    expect(relatedPaths(diagnostics[0])).toEqual(['/0']);
  });

  it.each<[string, WireClause, WireClause]>([
    ['<= 5 and >= 5', [['<=', 'price'], 5], [['>=', 'price'], 5]],
    ['overlapping ranges', [['<', 'price'], 10], [['>', 'price'], 5]],
    ['ranges on cardinality Many', [['<', 'sizes'], 5], [['>', 'sizes'], 10]],
    ['two values on cardinality Many', ['labels', 'a'], ['labels', 'b']],
    ['two values on Array', ['tags', 'a'], ['tags', 'b']],
    ['overlapping one-of lists', [['one-of', 'color'], ['a', 'b']], [['one-of', 'color'], ['b', 'c']]],
    ['5 and "5" on a Referenced', ['brand_id', 5], ['brand_id', '5']],
    ['words and a phrase', [['matches', 'title'], 'red'], [['matches-phrase', 'title'], 'blue shoe']],
  ])('not for %s', (_name, a, b) => {
    expect(warnings([a, b]).list.filter(([code]) => code === 'schema/never-true')).toEqual([]);
  });

  it('finds a contradiction no two clauses show', () => {
    const { diagnostics, list } = warnings([[['one-of', 'price'], [1, 2]], [['>', 'price'], 1], [['<', 'price'], 2]]);
    expect(list).toEqual([['schema/never-true', '/2']]);
    expect(relatedPaths(diagnostics[0])).toEqual(['/0', '/1']);
  });

  it('warns about < "" on its own', () => {
    expect(warnings([[['<', 'title'], '']]).list).toEqual([['schema/never-true', '/0']]);
    expect(warnings([[['<=', 'title'], '']]).list).toEqual([]);
  });
});
