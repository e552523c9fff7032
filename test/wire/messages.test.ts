import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/index.js';
import { decode } from '../../src/wire/index.js';

// Wording is checked here, and only here: the other tests assert codes, spans and paths.
describe('messages of wire and catalog diagnostics', () => {
  it('reads well for wire problems', () => {
    const texts = [
      '%5B%ZZ',
      '[["a",1],]',
      '{"a":1}',
      '[["<","price",10]]',
      '[[["oneof","color"],["red"]],[[1,"a"],1],[5,1],[{},1]]',
      '[["a",1e999]]',
    ].flatMap((q) => decode(q).diagnostics.map((d) => `${d.code}: ${d.message}`));
    const limits = [
      ...decode('[["a",[1,2,3]],["b",1]]', { maxListLength: 2, maxClauses: 1, maxLength: 100 }).diagnostics,
      ...decode('[["a",[[1]]]]', { maxDepth: 3 }).diagnostics,
      ...decode('[["a",1]]', { maxLength: 3 }).diagnostics,
      ...decode([['a', undefined]]).diagnostics,
    ].map((d) => `${d.code}: ${d.message}`);
    expect([...texts, ...limits]).toMatchSnapshot();
  });

  it('reads well for catalog problems', () => {
    const r = loadCatalog({
      Id: 5,
      Name: 'x'.repeat(101),
      Type: 'Shop',
      Aliases: { Name: 1 },
      SearchableAttributes: [
        { Attribute: 'd', Type: 'Text', Cardinality: 'Many' },
        { Attribute: 'd', Type: 'String', Cardinality: 'One', Extra: true },
      ],
      Configuration: [],
    });
    expect(r.diagnostics.map((d) => `${d.code} at ${d.path}: ${d.message}`)).toMatchSnapshot();
  });
});
