/**
 * The schema statements and lz4: a new raw table is created with it; an existing one is altered
 * only when it lacks it (an ALTER TABLE locks the table, which other processes may be serving
 * from while this one starts); without lz4 (PGlite, an older server) nothing names a compression.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from 'catq';
import { catalog as sample } from '../../../examples/generate.mjs';
import { itemsTable, schemaStatements } from '../src/store/schema.js';

const catalog = loadCatalog(sample).catalog as Catalog;
const raw = itemsTable(catalog.Id);
const alters = (statements: string[]) => statements.filter((s) => s.startsWith(`ALTER TABLE "${raw}" ALTER COLUMN data`));

describe('schema statements and lz4', () => {
  it('creates new raw tables with lz4 and alters only the ones that lack it', () => {
    const settled = schemaStatements([catalog], 'lz4');
    expect(settled.find((s) => s.startsWith(`CREATE TABLE IF NOT EXISTS "${raw}"`))).toContain('data jsonb COMPRESSION lz4 NOT NULL');
    expect(alters(settled)).toEqual([]);
    expect(alters(schemaStatements([catalog], 'lz4', new Set([raw])))).toEqual([`ALTER TABLE "${raw}" ALTER COLUMN data SET COMPRESSION lz4`]);
    expect(settled.some((s) => /SET COMPRESSION lz4/.test(s) && s.includes(`catq_search_${catalog.Id}`))).toBe(true);
  });

  it('names no compression without lz4', () => {
    expect(schemaStatements([catalog]).filter((s) => /COMPRESSION/.test(s))).toEqual([]);
    expect(schemaStatements([catalog], undefined, new Set([raw])).filter((s) => /COMPRESSION/.test(s))).toEqual([]);
  });
});
