import { describe, expect, it } from 'vitest';
import { queryEqual } from '../../src/ast/index.js';
import { format, parse } from '../../src/syntax/index.js';
import { decode, encode, toWire } from '../../src/wire/index.js';
import { catq } from './helpers.js';

const infix = 'brand = "Acme" and price < 20 and tags one-of ["sale", "new"] and title matches "red shoe"';
const wireText = '[["brand","Acme"],[["<","price"],20],[["one-of","tags"],["sale","new"]],[["matches","title"],"red shoe"]]';

function parsed(text: string) {
  const q = parse(text).query;
  if (!q) throw new Error('test query does not parse');
  return q;
}

describe('catq fmt', () => {
  it('prints the canonical infix form of infix input (the library format)', async () => {
    const messy = 'brand="Acme"   and\n price<20';
    const r = await catq(['fmt', messy]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(format(parsed(messy)) + '\n');
  });

  it('formats wire input, plain and percent-encoded', async () => {
    const q = decode(wireText).query;
    if (!q) throw new Error('test query does not decode');
    for (const text of [wireText, encodeURIComponent(wireText)]) {
      const r = await catq(['fmt', text]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(format(q) + '\n');
    }
  });

  it('a syntax error: diagnostics on standard error, exit 1, nothing on standard output', async () => {
    const r = await catq(['fmt', 'price < and brand = "x"']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    for (const d of parse('price < and brand = "x"').diagnostics) expect(r.stderr).toContain(`[${d.code}]`);
  });
});

describe('catq convert', () => {
  it('--to wire prints the wire JSON array', async () => {
    const r = await catq(['convert', '--to', 'wire', infix]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(toWire(parsed(infix)));
  });

  it('--to uri prints the canonical percent-encoded q', async () => {
    const r = await catq(['convert', '--to', 'uri', infix]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(encode(parsed(infix)));
  });

  it('--to infix from percent-encoded wire text round-trips', async () => {
    const uri = encode(parsed(infix));
    const r = await catq(['convert', '--to', 'infix', uri]);
    expect(r.code).toBe(0);
    expect(queryEqual(parsed(r.stdout), parsed(infix))).toBe(true);
  });

  it('infix -> wire -> uri -> infix is the identity on canonical text', async () => {
    const canonical = format(parsed(infix));
    const wire = (await catq(['convert', '--to', 'wire', canonical])).stdout.trim();
    const uri = (await catq(['convert', '--to', 'uri', wire])).stdout.trim();
    const back = (await catq(['convert', '--to', 'infix', uri])).stdout.trim();
    expect(back).toBe(canonical);
  });

  it('--to is required and checked (usage error, exit 2)', async () => {
    const missing = await catq(['convert', infix]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--to/);
    const bad = await catq(['convert', '--to', 'yaml', infix]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/infix, wire, uri/);
  });
});
