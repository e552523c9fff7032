import { afterEach, describe, expect, test } from 'vitest';
import { LspClient } from './client.js';
import { CLIENT_CAPABILITIES, positionOf, sampleCatalogObject, workspace, type Workspace } from './workspace.js';

// End to end on wire documents (.catq.json): the built `catq lsp --stdio` spoken to over its
// pipes with vscode-jsonrpc. The catalog is given as an object in initializationOptions, the
// sample of items as a path relative to the workspace folder; a configuration change re-checks.

let client: LspClient | undefined;
let ws: Workspace | undefined;
afterEach(() => {
  client?.kill();
  ws?.remove();
});

interface Pos {
  line: number;
  character: number;
}
interface Edit {
  range: { start: Pos; end: Pos };
  newText: string;
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  const lines = text.split('\n');
  const offset = (p: Pos) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

describe('catq lsp --stdio, wire documents', () => {
  test('diagnostics and quick fixes in JSON text, completion by clause slot, hover, formatting, symbols, configuration change', async () => {
    const w = (ws = workspace(false));
    const uri = w.doc('query.catq.json');
    // A --catalog that the client's settings override.
    client = LspClient.start(['--catalog', w.catalogPath]);
    const catalog = sampleCatalogObject();
    await client.request('initialize', { processId: process.pid, rootUri: w.uri, capabilities: CLIENT_CAPABILITIES, initializationOptions: { catalog, items: 'items.ndjson' } });
    await client.notify('initialized', {});

    let text = '[\n  ["price", "20"],\n  [["<", "sale_pric"], 5]\n]\n';
    const opened = client.diagnostics(uri, 1);
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
    const d1 = await opened;
    expect(d1.diagnostics.map((d) => d.code)).toEqual(['schema/type-mismatch', 'schema/unknown-field']);
    expect(d1.diagnostics[0]!.range).toEqual({ start: { line: 1, character: 12 }, end: { line: 1, character: 16 } });
    expect(d1.diagnostics[1]!.range).toEqual({ start: { line: 2, character: 9 }, end: { line: 2, character: 20 } });

    // Every quick fix of the document, as WorkspaceEdits, applied in one change.
    const actions = await client.request<{ title: string; edit: { changes: Record<string, Edit[]> } }[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 4, character: 0 } },
      context: { diagnostics: d1.diagnostics },
    });
    expect(actions.map((a) => a.edit.changes[uri]!.map((e) => e.newText))).toEqual([['20'], ['"sale_price"']]);
    const edits = actions.flatMap((a) => a.edit.changes[uri]!);
    text = applyEdits(text, edits);
    expect(text).toBe('[\n  ["price", 20],\n  [["<", "sale_price"], 5]\n]\n');
    const fixed = client.diagnostics(uri, 2);
    await client.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      // Last edit first, so that the first one's range still holds (as editors send them).
      contentChanges: [...edits].reverse().map((e) => ({ range: e.range, text: e.newText })),
    });
    expect((await fixed).diagnostics).toEqual([]);

    // hover: the field of the shorthand, the operator of the head.
    const hf = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, '"price"', 2) });
    expect(hf.contents.value).toContain('**price**: Number, cardinality One');
    const ho = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, '"<"', 1) });
    expect(ho.contents.value).toContain('is less than the value');

    // formatting: the canonical JSON array (one line), the final line break kept.
    const formatting = await client.request<Edit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(applyEdits(text, formatting)).toBe('[["price",20],[["<","sale_price"],5]]\n');

    // symbols: one per clause, named in the infix form.
    const symbols = await client.request<{ name: string; range: { start: Pos } }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s) => s.name)).toEqual(['price = 20', 'sale_price < 5']);
    expect(symbols[1]!.range.start).toEqual({ line: 2, character: 2 });

    // completion by slot: fields (JSON strings), operators of the field's type, sample values.
    text = '[\n  [["", "in_stock"], true],\n  ["brand", ]\n]';
    const v3 = client.diagnostics(uri, 3);
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text }] });
    expect((await v3).diagnostics.length).toBeGreaterThan(0);
    const ops = await client.request<{ label: string; textEdit: Edit; filterText: string }[]>('textDocument/completion', { textDocument: { uri }, position: positionOf(text, '""', 1) });
    expect(ops.map((c) => c.label)).toEqual(['=', 'one-of', 'present?']);
    expect(ops[0]!.textEdit).toEqual({ range: { start: { line: 1, character: 4 }, end: { line: 1, character: 6 } }, newText: '"="' });
    const values = await client.request<{ label: string; kind: number; detail: string }[]>('textDocument/completion', { textDocument: { uri }, position: positionOf(text, ', ]', 2) });
    expect(values.length).toBeGreaterThan(3);
    expect(values.every((v) => v.kind === 12 && /^".*"$/.test(v.label))).toBe(true);
    expect(values[0]!.detail).toMatch(/sample items/);
    const fields = await client.request<{ label: string; textEdit: Edit }[]>('textDocument/completion', { textDocument: { uri }, position: positionOf(text, '"brand"', 3) });
    expect(fields.map((f) => f.label)).toEqual(['brand', 'brand_id', 'Brand.Id', 'Brand.Name']);

    // A percent-encoded document: ranges in the percent-encoded text.
    const encodedUri = w.doc('encoded.catq.json');
    const encoded = encodeURIComponent('[["pric",1]]');
    const encOpened = client.diagnostics(encodedUri, 1);
    await client.notify('textDocument/didOpen', { textDocument: { uri: encodedUri, languageId: 'json', version: 1, text: encoded } });
    const de = await encOpened;
    expect(de.diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);
    const r = de.diagnostics[0]!.range as { start: Pos; end: Pos };
    expect(encoded.slice(r.start.character, r.end.character)).toBe('%22pric%22');

    // A configuration change (settings.catq) re-checks every open document.
    const v4 = client.diagnostics(uri, 4);
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 4 }, contentChanges: [{ text: '[["brand", "Acme"]]' }] });
    expect((await v4).diagnostics).toEqual([]);
    const noBrand = { ...catalog, SearchableAttributes: (catalog.SearchableAttributes as { Attribute: string }[]).filter((a) => a.Attribute !== 'brand') };
    const rechecked = client.diagnostics(uri, 4);
    const recheckedEncoded = client.diagnostics(encodedUri, 1);
    await client.notify('workspace/didChangeConfiguration', { settings: { catq: { catalog: noBrand } } });
    expect((await rechecked).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);
    expect((await recheckedEncoded).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);

    expect(await client.stop()).toBe(0);
    expect(client.stderr.join('')).toBe('');
    client.save('wire');
  });
});
