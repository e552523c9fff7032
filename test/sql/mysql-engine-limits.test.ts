/**
 * Issue 20, on the real MariaDB server. (1) MariaDB refused the `REGEXP` of a `matches-phrase` of 20 five-letter words (118 kB:
 * the token class written between every two words). Separators are now folded to one space
 * first, so every phrase within the documented limit (100 words) is accepted, with the
 * evaluator's rows. (2) Under `sql_mode` NO_BACKSLASH_ESCAPES, indexSql's generated columns read
 * the wrong key for attribute names holding a backslash (their DDL cannot take parameters): its
 * literals are now read the same in every mode, and `indexed` queries give the evaluator's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clause, query, type Query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { compile } from '../../src/eval/index.js';
import { indexSql, toSql } from '../../src/sql/index.js';
import { engineRows, insertItems, startEngines, type Engines, type SqlEngine } from './engines.js';

const catalog: Catalog = {
  Id: 100,
  Name: 'phrases',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
};

const word = (i: number, len: number) => 'w'.repeat(Math.max(1, len - String(i).length)) + String(i);
const phrase = (n: number, len: number, from = 0) => Array.from({ length: n }, (_, i) => word(from + i, len)).join(' ');
const items = [
  { id: 0, title: phrase(20, 5) },
  { id: 1, title: 'Intro: ' + phrase(20, 5).toUpperCase().replace(/ /g, ' -- ') + '!' },
  { id: 2, title: phrase(19, 5) },
  { id: 3, title: phrase(100, 20) },
  { id: 4, title: phrase(100, 20).replace(/ /g, ',\n') },
  { id: 5, title: 'x' + phrase(20, 5) },
  { id: 6, title: phrase(20, 5, 1) },
  { id: 7, title: 'ΣΊΣΥΦΟΣ και ΣΊΣΥΦΟΣ' },
];

let e: Engines;
let my: SqlEngine;
beforeAll(async () => {
  e = await startEngines();
  my = e.all.find((x) => x.dialect === 'mysql')!;
  await insertItems(e, 1, items);
}, 120_000);
afterAll(async () => {
  await e.close();
});

const expected = (q: Query) => {
  const p = compile(q, catalog);
  return items.flatMap((it, i) => (p(it) ? [i] : []));
};

describe('MySQL / MariaDB matches-phrase', () => {
  it.each([
    ['20 five-letter words', phrase(20, 5)],
    ['100 words of 20 letters (the documented limit, 2 000 letters)', phrase(100, 20)],
    ['two words', 'w0 wwww1'],
    ['one word', 'wwww1'],
    ['final sigma', 'σίσυφος και'],
  ])('%s: accepted, with the evaluator\'s rows', async (_name, value) => {
    const q = query([clause('matches-phrase', 'title', value)]);
    const s = toSql(q, catalog, { dialect: 'mysql' });
    const pattern = s.params.filter((p): p is string => typeof p === 'string').reduce((n, p) => Math.max(n, p.length), 0);
    expect(pattern).toBeLessThan(40_000);
    expect(await engineRows(my, 1, s.where, s.params)).toEqual(expected(q));
  });

  it('the evaluator finds what the phrases are about', () => {
    expect(expected(query([clause('matches-phrase', 'title', phrase(20, 5))]))).toEqual([0, 1]);
    expect(expected(query([clause('matches-phrase', 'title', phrase(100, 20))]))).toEqual([3, 4]);
  });
});

const slashCatalog: Catalog = {
  Id: 101,
  Name: 'backslashes',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'a\\b', Type: 'String', Cardinality: 'One' },
    { Attribute: 'p\\n', Type: 'Number', Cardinality: 'One' },
    { Attribute: "it's", Type: 'String', Cardinality: 'One' },
  ],
};
const slashItems = Array.from({ length: 40 }, (_, i) => ({ id: i, 'a\\b': `v${i % 4}`, 'p\\n': i % 5, "it's": `q${i % 3}`, 'a\\\\b': 'decoy', ab: 'decoy' }));

describe('MySQL / MariaDB under NO_BACKSLASH_ESCAPES', () => {
  it('indexSql and indexed queries read the exact key', async () => {
    await my.exec("SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',NO_BACKSLASH_ESCAPES')");
    try {
      await my.exec('CREATE TABLE `slashes` (grp INT NOT NULL, n INT NOT NULL, data LONGTEXT CHARACTER SET utf8mb4 NOT NULL CHECK (JSON_VALID(data)))');
      for (let i = 0; i < slashItems.length; i++) {
        await my.query('INSERT INTO `slashes` (grp, n, data) VALUES (1, ?, ?)', [i, JSON.stringify(slashItems[i])]);
      }
      for (const s of indexSql(slashCatalog, { dialect: 'mysql', table: 'slashes' }).statements) await my.exec(s);
      const cases = [
        query([clause('=', 'a\\b', 'v1')]),
        query([clause('<', 'p\\n', 2)]),
        query([clause('one-of', "it's", ['q0', 'q2'])]),
      ];
      for (const q of cases) {
        const want = slashItems.flatMap((it, i) => (compile(q, slashCatalog)(it) ? [i] : []));
        expect(want.length).toBeGreaterThan(0);
        for (const indexed of [false, true]) {
          const s = toSql(q, slashCatalog, { dialect: 'mysql', indexed });
          expect(await engineRows(my, 1, s.where, s.params, 'slashes'), `${JSON.stringify(q.clauses[0])} indexed: ${indexed}: ${s.where}`).toEqual(want);
        }
      }
    } finally {
      await my.exec("SET SESSION sql_mode = REPLACE(@@SESSION.sql_mode, 'NO_BACKSLASH_ESCAPES', '')");
    }
  });
});
