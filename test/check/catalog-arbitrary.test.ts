/** The shared catalog arbitrary only makes catalogs that loadCatalog accepts, and they are nasty enough. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog, resolveField, ALIAS_PATHS } from '../../src/catalog/index.js';
import { catalogArb } from '../support/catalog-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

describe('catalogArb', () => {
  it('makes valid catalogs (no error from loadCatalog)', () => {
    fc.assert(
      fc.property(catalogArb, (catalog) => {
        const { diagnostics } = loadCatalog(JSON.parse(JSON.stringify(catalog)));
        expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      }),
      { seed: propertySeed(0x5eed_ca7a), numRuns: propertyRuns(300) },
    );
  });

  it('covers every type and cardinality, nasty names and every alias outcome', () => {
    const seen = new Set<string>();
    for (const c of fc.sample(catalogArb, { seed: propertySeed(0x5eed_ca7b), numRuns: propertyRuns(400) })) {
      for (const a of c.SearchableAttributes ?? []) {
        seen.add(`${a.Type}/${a.Cardinality}`);
        if (a.Attribute === '__proto__' || a.Attribute.includes('.') || a.Attribute.includes(' ') || /\p{Extended_Pictographic}/u.test(a.Attribute)) seen.add(`name:${a.Attribute}`);
      }
      for (const p of ALIAS_PATHS) {
        const r = resolveField(c, p);
        seen.add(r.ok ? (r.alias ? 'alias:ok' : 'alias:declared-name') : `alias:${r.reason}`);
      }
    }
    for (const k of ['Number/Many', 'String/One', 'Text/One', 'Boolean/Many', 'Referenced/One', 'Array/Many', 'Object/One', 'name:__proto__', 'alias:ok', 'alias:alias-undefined', 'alias:alias-not-searchable', 'alias:declared-name']) {
      expect(seen).toContain(k);
    }
    expect([...seen].some((k) => k.startsWith('name:') && /\p{Extended_Pictographic}/u.test(k))).toBe(true);
  });
});
