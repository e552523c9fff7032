/**
 * Pattern sizes (issue: hostile queries): PostgreSQL binds the token class once per statement and
 * one small anchored pattern per query token, so a long phrase no longer binds the class per
 * token; the whole-text patterns of MySQL / MariaDB are cached within a byte budget.
 */
import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { toSql } from '../../src/sql/index.js';
import { PATTERN_CACHE_UNITS, patternCacheUnits, phraseRegex } from '../../src/sql/text-match.js';
import { tokenClass } from '../../src/text/index.js';

const catalog: Catalog = {
  Id: 100,
  Name: 'patterns',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [{ Attribute: 'title', Type: 'Text', Cardinality: 'One' }],
};

const bytes = (params: readonly unknown[]) => params.reduce<number>((n, p) => n + Buffer.byteLength(String(p), 'utf8'), 0);

describe('pattern sizes', () => {
  it('PostgreSQL: the class once, then a few bytes per query letter, for phrases and words alike', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    const classBytes = Buffer.byteLength(tokenClass(), 'utf8');
    for (const op of ['matches', 'matches-phrase'] as const) {
      // Above the default limit of 100 words on purpose: the size stays linear however many words are allowed.
      const s = toSql(query([clause(op, 'title', words.join(' '))]), catalog, { dialect: 'postgres', limits: { maxTokens: 1000 } });
      const letters = words.join('').length;
      expect(bytes(s.params)).toBeLessThan(classBytes + 20 * letters);
      expect(s.params.filter((p) => Buffer.byteLength(String(p), 'utf8') >= classBytes).length).toBe(1);
    }
  });

  it('MySQL / MariaDB: the pattern cache stays within its budget, however many distinct phrases', () => {
    for (let i = 0; i < 600; i++) phraseRegex([`a${i}`, `b${i}`, `c${i}`]);
    expect(patternCacheUnits()).toBeGreaterThan(0);
    expect(patternCacheUnits()).toBeLessThanOrEqual(PATTERN_CACHE_UNITS);
    // A phrase too big to keep is still built, and not kept.
    const before = patternCacheUnits();
    const huge = phraseRegex(Array.from({ length: 400 }, (_, i) => `t${i}`));
    expect(huge!.length).toBeGreaterThan(PATTERN_CACHE_UNITS / 4);
    expect(patternCacheUnits()).toBe(before);
  });
});
