import { afterEach, describe, expect, test } from 'vitest';
import { LspClient } from './client.js';
import { CLIENT_CAPABILITIES, positionOf, workspace, type Workspace } from './workspace.js';

// End to end: the built `catq lsp --stdio` as an editor starts it, spoken to over its pipes with
// vscode-jsonrpc. Infix documents (.catq); the catalog comes from a catq.config.json found
// upward from the document, the sample of items from the same file.

let client: LspClient | undefined;
let ws: Workspace | undefined;
afterEach(() => {
  client?.kill();
  ws?.remove();
});

interface Edit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

/** Applies LSP edits (one line of text is enough here) from the end backwards. */
function applyEdits(text: string, edits: readonly Edit[]): string {
  const lines = text.split('\n');
  const offset = (p: Edit['range']['start']) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

describe('catq lsp --stdio, infix documents', () => {
  test('a whole editing session: diagnostics, quick fix, change, completion, hover, formatting, symbols, catalog change, shutdown', async () => {
    ws = workspace();
    const uri = ws.doc('query.catq');
    client = LspClient.start();
    const init = await client.request<{ capabilities: Record<string, unknown>; serverInfo: { name: string } }>('initialize', { processId: process.pid, rootUri: ws.uri, capabilities: CLIENT_CAPABILITIES, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    expect(init.serverInfo.name).toBe('catq');
    expect(init.capabilities).toMatchObject({ textDocumentSync: 2, hoverProvider: true, documentFormattingProvider: true, documentSymbolProvider: true, codeActionProvider: { codeActionKinds: ['quickfix'] }, semanticTokensProvider: { legend: { tokenTypes: ['property', 'operator', 'keyword', 'string', 'number'], tokenModifiers: [] }, full: true } });
    await client.notify('initialized', {});

    // didOpen: diagnostics with codes, exact ranges and fixes as ready edits.
    let text = 'price < "20" and colr = "red"';
    const opened = client.diagnostics(uri, 1);
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'catq', version: 1, text } });
    const d1 = await opened;
    expect(d1.diagnostics.map((d) => d.code)).toEqual(['schema/type-mismatch', 'schema/unknown-field']);
    expect(d1.diagnostics[0]!.range).toEqual({ start: { line: 0, character: 8 }, end: { line: 0, character: 12 } });
    expect(d1.diagnostics[0]!.data!.fixes[0]!.edits).toEqual([{ range: d1.diagnostics[0]!.range, newText: '20' }]);

    // codeAction: each fix is a WorkspaceEdit for this document.
    const actions = await client.request<{ title: string; kind: string; isPreferred: boolean; edit: { changes: Record<string, Edit[]> } }[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d1.diagnostics[0]!.range,
      context: { diagnostics: [d1.diagnostics[0]] },
    });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ title: 'Replace "20" with 20', kind: 'quickfix', isPreferred: true });
    const fixEdits = actions[0]!.edit.changes[uri]!;

    // didChange (incremental): apply the quick fix; only the unknown field is left.
    text = applyEdits(text, fixEdits);
    expect(text).toBe('price < 20 and colr = "red"');
    const changed = client.diagnostics(uri, 2);
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: fixEdits.map((e) => ({ range: e.range, text: e.newText })) });
    expect((await changed).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);

    // A one-character change: colr -> color... still unknown (the field is `colors`), then colors.
    const fieldFix = await client.request<{ edit: { changes: Record<string, Edit[]> } }[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: positionOf(text, 'colr'), end: positionOf(text, 'colr') }, context: { diagnostics: [] } });
    expect(fieldFix.map((a) => a.edit.changes[uri]![0]!.newText)).toEqual(['colors']);
    const insertAt = positionOf(text, 'colr', 4);
    text = text.replace('colr', 'colrs');
    const v3 = client.diagnostics(uri, 3);
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ range: { start: insertAt, end: insertAt }, text: 's' }] });
    expect((await v3).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);

    // Full-text change: a contradiction, reported with its related place.
    text = 'price < 5 and\nprice > 10';
    const v4 = client.diagnostics(uri, 4);
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 4 }, contentChanges: [{ text }] });
    const d4 = await v4;
    const never = d4.diagnostics.find((d) => d.code === 'schema/never-true')!;
    expect(never.relatedInformation).toEqual([{ location: { uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 9 } } }, message: expect.any(String) }]);
    expect(never.severity).toBe(2);

    // An unfinished clause: a syntax error, and completion offers what may come next.
    text = 'price < 5 and\nprice > 10 and brand = ';
    const v4b = client.diagnostics(uri, 5);
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 5 }, contentChanges: [{ range: { start: { line: 1, character: 10 }, end: { line: 1, character: 10 } }, text: ' and brand = ' }] });
    expect((await v4b).diagnostics.some((d) => d.code.startsWith('syntax/'))).toBe(true);

    // completion: values of brand from the sample of items (examples/items.ndjson).
    const completion = await client.request<{ label: string; kind: number; detail: string; textEdit: Edit }[]>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 23 } });
    expect(completion.length).toBeGreaterThan(3);
    expect(completion.every((c) => c.kind === 12 && c.label.startsWith('"'))).toBe(true);
    expect(completion[0]!.detail).toMatch(/^in \d+ of \d+ sample items$/);
    expect(completion[0]!.textEdit.range).toEqual({ start: { line: 1, character: 23 }, end: { line: 1, character: 23 } });

    // completion: fields with type and label, operators of the field's type.
    const fields = await client.request<{ label: string; kind: number; detail: string }[]>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 0 } });
    expect(fields.find((c) => c.label === 'price')).toMatchObject({ kind: 5, detail: 'Number, One · Price (EUR)' });
    const ops = await client.request<{ label: string; kind: number }[]>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 6 } });
    expect(ops.filter((c) => c.kind === 24).map((c) => c.label)).toEqual(['=', '<', '>', '<=', '>=', 'one-of', 'present?']);

    // hover: attribute type, cardinality, label; operator meaning.
    const h1 = await client.request<{ contents: { kind: string; value: string }; range: unknown }>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } });
    expect(h1.contents.kind).toBe('markdown');
    expect(h1.contents.value).toContain('**price**: Number, cardinality One');
    expect(h1.contents.value).toContain('Label: Price (EUR)');
    expect(h1.range).toEqual({ start: { line: 1, character: 0 }, end: { line: 1, character: 5 } });
    const h2 = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 6 } });
    expect(h2.contents.value).toContain('is greater than the value');

    // formatting: the canonical form, as one edit of the whole document.
    text = 'price<20   and\n  `brand` = "Acme" and tags in ["sale"]\n';
    const v5 = client.diagnostics(uri, 6);
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 6 }, contentChanges: [{ text }] });
    expect((await v5).diagnostics).toEqual([]);
    const formatting = await client.request<Edit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(formatting).toHaveLength(1);
    expect(applyEdits(text, formatting)).toBe('price < 20 and brand = "Acme" and tags one-of ["sale"]\n');

    // document symbols: one per clause, the field selected.
    const symbols = await client.request<{ name: string; detail: string; kind: number; selectionRange: unknown }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s) => s.name)).toEqual(['price < 20', 'brand = "Acme"', 'tags one-of ["sale"]']);
    expect(symbols[1]).toMatchObject({ detail: 'String, One', kind: 8, selectionRange: { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } } });

    // semantic tokens (highlighting): each word by kind, in the legend given at initialize.
    const legend = (init.capabilities['semanticTokensProvider'] as { legend: { tokenTypes: string[] }; full: boolean }).legend.tokenTypes;
    const { data } = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const highlighted: string[] = [];
    for (let i = 0, line = 0, char = 0; i < data.length; i += 5) {
      const [dl, dc, length, type] = data.slice(i, i + 4) as [number, number, number, number];
      line += dl;
      char = dl === 0 ? char + dc : dc;
      highlighted.push(`${line}:${char} ${legend[type]} ${text.split('\n')[line]!.slice(char, char + length)}`);
    }
    expect(highlighted).toEqual([
      '0:0 property price', '0:5 operator <', '0:6 number 20', '0:11 keyword and',
      '1:2 property `brand`', '1:10 operator =', '1:12 string "Acme"', '1:19 keyword and', '1:23 property tags', '1:28 keyword in', '1:32 string "sale"',
    ]);

    // A catalog change (the watched file) re-checks every open document: brand is gone.
    ws!.changeCatalog((c) => {
      c.SearchableAttributes = (c.SearchableAttributes as { Attribute: string }[]).filter((a) => a.Attribute !== 'brand');
    });
    const second = ws.doc('other.catq');
    const otherOpened = client.diagnostics(second, 1);
    await client.notify('textDocument/didOpen', { textDocument: { uri: second, languageId: 'catq', version: 1, text: 'brand = "x"' } });
    expect((await otherOpened).diagnostics).toEqual([]); // the catalog read at start still has brand
    const rechecked = client.diagnostics(uri, 6);
    const recheckedOther = client.diagnostics(second, 1);
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: ws.doc('catalog.json'), type: 2 }] });
    expect((await rechecked).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);
    expect((await recheckedOther).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);

    // didClose clears the closed document's diagnostics.
    const cleared = client.diagnostics(second);
    await client.notify('textDocument/didClose', { textDocument: { uri: second } });
    expect((await cleared).diagnostics).toEqual([]);

    // The server asked to watch files (dynamic registration) and never wrote to stderr.
    expect(client.transcript.some((e) => e.method === 'client/registerCapability')).toBe(true);
    expect(await client.stop()).toBe(0);
    expect(client.stderr.join('')).toBe('');
    client.save('infix');
  });

  test('--catalog when there is no config and no initializationOptions; a bad catalog is reported once and syntax is still checked', async () => {
    ws = workspace(false);
    client = LspClient.start(['--catalog', ws.catalogPath]);
    await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    await client.notify('initialized', {});
    const uri = ws.doc('q.catq');
    const opened = client.diagnostics(uri, 1);
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'catq', version: 1, text: 'colr = 1' } });
    expect((await opened).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);

    // Now the catalog file is broken: a warning message, and syntax errors only.
    ws.changeCatalog((c) => {
      c.Type = 'Nope';
    });
    const after = client.diagnostics(uri, 1);
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: ws.doc('catalog.json'), type: 2 }] });
    expect((await after).diagnostics).toEqual([]);
    const broken = client.diagnostics(uri, 2);
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'colr = = 1' }] });
    expect((await broken).diagnostics.map((d) => d.code)).toEqual(['syntax/unexpected-token']);
    expect(client.messages).toHaveLength(1);
    expect(client.messages[0]!.message).toContain('is not a valid catalog');
    // One period between the catalog's own message and the server's sentence.
    expect(client.messages[0]!.message).toMatch(/[^.]\. Only the syntax is checked\.$/);
    expect(await client.stop()).toBe(0);
    client.save('infix-cli-catalog');
  });
});
