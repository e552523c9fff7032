import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/index.js';
import { catalogArb } from '../support/catalog-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

describe('loadCatalog (properties)', () => {
  it('accepts every valid catalog unchanged (also after a JSON round trip)', () => {
    fc.assert(
      fc.property(catalogArb, (c) => {
        const r = loadCatalog(JSON.parse(JSON.stringify(c)));
        expect(r.diagnostics).toEqual([]);
        expect(r.catalog).toEqual(JSON.parse(JSON.stringify(c)));
      }),
      { seed: propertySeed(0x5eed0101), numRuns: propertyRuns(200) },
    );
  });

  it('never throws, and returns a catalog exactly when there is no error, on arbitrary values', () => {
    const anything = fc.anything({ withBoxedValues: true, withMap: true, withBigInt: true, withDate: true, withSparseArray: true, withNullPrototype: true });
    // Arbitrary values, and valid catalogs with one field replaced by an arbitrary value.
    const broken = fc.tuple(catalogArb, fc.constantFrom('Id', 'Name', 'Type', 'Aliases', 'SearchableAttributes', 'UIConfiguration', 'Configuration'), anything).map(([c, key, v]) => ({ ...c, [key]: v }));
    fc.assert(
      fc.property(fc.oneof(anything, broken), (v) => {
        const r = loadCatalog(v);
        const errors = r.diagnostics.filter((d) => d.severity === 'error');
        expect(r.catalog === undefined).toBe(errors.length > 0);
        for (const d of r.diagnostics) expect(typeof d.path).toBe('string');
      }),
      { seed: propertySeed(0x5eed0102), numRuns: propertyRuns(300) },
    );
  });
});
