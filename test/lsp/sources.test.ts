import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { Sources } from '../../src/lsp/sources.js';
import { SAMPLE_CATALOG } from '../cli/helpers.js';

// Where the server finds a document's catalog: client settings, then catq.config.json upward
// from the document, then --catalog.

let dir: string;
const sample = () => JSON.parse(readFileSync(SAMPLE_CATALOG, 'utf8')) as { Name: string };
const named = (name: string) => ({ ...sample(), Name: name });
const uri = (...parts: string[]) => pathToFileURL(join(dir, ...parts)).href;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'catq-sources-'));
  mkdirSync(join(dir, 'a', 'b'), { recursive: true });
  writeFileSync(join(dir, 'top.json'), JSON.stringify(named('top')));
  writeFileSync(join(dir, 'a', 'inner.json'), JSON.stringify(named('inner')));
  writeFileSync(join(dir, 'cli.json'), JSON.stringify(named('cli')));
  writeFileSync(join(dir, 'items.ndjson'), '{"brand":"x"}\nnot json\n{"brand":"y"}\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Sources', () => {
  test('the nearest catq.config.json above the document wins over --catalog; paths are relative to it', () => {
    writeFileSync(join(dir, 'catq.config.json'), JSON.stringify({ catalog: 'top.json', items: 'items.ndjson' }));
    writeFileSync(join(dir, 'a', 'catq.config.json'), JSON.stringify({ catalog: 'inner.json' }));
    const s = new Sources({ catalog: join(dir, 'cli.json') });
    expect(s.forDocument(uri('q.catq')).catalog?.Name).toBe('top');
    expect(s.forDocument(uri('q.catq')).items).toEqual([{ brand: 'x' }, { brand: 'y' }]);
    expect(s.forDocument(uri('q.catq')).warnings).toEqual([expect.stringMatching(/items\.ndjson line 2 is not JSON \(.*\); that line is left out\./)]);
    expect(s.forDocument(uri('a', 'b', 'q.catq')).catalog?.Name).toBe('inner');
    expect(s.forDocument(uri('a', 'b', 'q.catq')).items).toBeUndefined();
  });

  test('files that start with a byte order mark (written by some editors) are read', () => {
    const bom = '\ufeff';
    writeFileSync(join(dir, 'catq.config.json'), bom + JSON.stringify({ catalog: 'top.json', items: 'items.ndjson' }));
    writeFileSync(join(dir, 'top.json'), bom + JSON.stringify(named('top')));
    writeFileSync(join(dir, 'items.ndjson'), bom + '{"brand":"x"}\r\n{"brand":"y"}\r\n');
    writeFileSync(join(dir, 'a', 'catq.config.json'), bom + JSON.stringify({ catalog: 'inner.json', items: 'items.json' }));
    writeFileSync(join(dir, 'a', 'items.json'), bom + JSON.stringify([{ brand: 'z' }]));
    const s = new Sources();
    const top = s.forDocument(uri('q.catq'));
    expect(top.problem).toBeUndefined();
    expect(top.catalog?.Name).toBe('top');
    expect(top.items).toEqual([{ brand: 'x' }, { brand: 'y' }]);
    expect(s.forDocument(uri('a', 'q.catq')).items).toEqual([{ brand: 'z' }]);
  });

  test('client settings win over everything; a catalog object is taken as is', () => {
    writeFileSync(join(dir, 'catq.config.json'), JSON.stringify({ catalog: 'top.json' }));
    const s = new Sources({ catalog: join(dir, 'cli.json') });
    s.setClient({ catalog: named('object') });
    expect(s.forDocument(uri('q.catq')).catalog?.Name).toBe('object');
    s.setClient({ catalog: 'a/inner.json' }, dir);
    expect(s.forDocument(uri('q.catq')).catalog?.Name).toBe('inner');
  });

  test('--catalog when nothing else; untitled documents too; nothing at all says what to do', () => {
    const s = new Sources({ catalog: join(dir, 'cli.json') });
    expect(s.forDocument(uri('q.catq')).catalog?.Name).toBe('cli');
    expect(s.forDocument('untitled:Untitled-1').catalog?.Name).toBe('cli');
    const none = new Sources().forDocument('untitled:x');
    expect(none.catalog).toBeUndefined();
    expect(none.problem).toContain('catq.config.json');
  });

  test('a sample that cannot be used, whole or in part, is a warning naming the file and the setting; the catalog is kept', () => {
    const s = new Sources();
    const warnings = (items: unknown) => {
      s.setClient({ catalog: 'top.json', items }, dir);
      s.forget();
      const src = s.forDocument(uri('q.catq'));
      expect(src.catalog?.Name).toBe('top');
      expect(src.problem).toBeUndefined();
      return src.warnings ?? [];
    };
    expect(warnings('items.ndjson')).toHaveLength(1);
    expect(warnings([{ brand: 'x' }])).toEqual([]);
    expect(warnings(undefined)).toEqual([]);
    expect(warnings(5)).toEqual(['"items" of the client settings must be the path of a sample file or an array of items, not a number; completion proposes no sample values.']);
    expect(warnings('a')).toEqual([expect.stringMatching(/^cannot read the sample file .*a \(EISDIR: illegal operation on a directory\); completion proposes no sample values\. Check the path given as "items" of the client settings \(relative to .*\), or remove it\.$/)]);
    writeFileSync(join(dir, 'pretty.json'), JSON.stringify({ brand: 'x' }, null, 2));
    expect(warnings('pretty.json')).toEqual([expect.stringMatching(/pretty\.json holds one JSON value over several lines, an object, not a list of items; completion proposes no sample values\. Make it a JSON array of items, or NDJSON/)]);
    writeFileSync(join(dir, 'two.ndjson'), '{"brand":"x"}\n{oops\n\n{"brand":"y"}\n{oops\n');
    expect(warnings('two.ndjson')).toEqual([expect.stringMatching(/two\.ndjson: 2 lines are not JSON and are left out: line 2 \(.*\) and line 5 \(.*\)\. Repair or remove them/)]);
    writeFileSync(join(dir, 'none.ndjson'), '{oops\n{oops\n');
    const none = warnings('none.ndjson');
    expect(none).toEqual([expect.stringMatching(/none\.ndjson: 2 lines are not JSON and are left out: .*; completion proposes no sample values\./)]);
    // Until forget(), the file is not read again and its message stays the same (the server shows it once).
    expect(s.forDocument(uri('q.catq')).warnings).toEqual(none);
  });

  test('a bad catalog or config is a problem, not a throw; forget() reads files again', () => {
    writeFileSync(join(dir, 'catq.config.json'), JSON.stringify({ catalog: 'top.json' }));
    const s = new Sources();
    writeFileSync(join(dir, 'top.json'), '{ not json');
    expect(s.forDocument(uri('q.catq')).problem).toContain('cannot read');
    writeFileSync(join(dir, 'top.json'), JSON.stringify({ ...sample(), Type: 'Nope' }));
    expect(s.forDocument(uri('q.catq')).problem).toContain('cannot read'); // still the cached read
    s.forget();
    expect(s.forDocument(uri('q.catq')).problem).toContain('is not a valid catalog');
    writeFileSync(join(dir, 'catq.config.json'), '[1]');
    s.forget();
    expect(s.forDocument(uri('q.catq')).problem).toContain('has no "catalog"');
  });
});
