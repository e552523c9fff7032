import { afterEach, describe, expect, test } from 'vitest';
import { LspClient } from './client.js';
import { CLIENT_CAPABILITIES, workspace, type Workspace } from './workspace.js';

// The LSP lifecycle and malformed params, over the real stdio JSON-RPC conversation with the
// built `catq lsp --stdio`.

let client: LspClient | undefined;
let ws: Workspace | undefined;
afterEach(() => {
  client?.kill();
  ws?.remove();
});

/** The JSON-RPC error a request is answered with (the test fails if it succeeds). */
async function errorOf(c: LspClient, method: string, params: unknown): Promise<{ code: number; message: string }> {
  try {
    const result = await c.request(method, params);
    throw new Error(`${method} succeeded: ${JSON.stringify(result)}`);
  } catch (e) {
    const { code, message } = e as { code?: number; message: string };
    if (code === undefined) throw e;
    return { code, message };
  }
}

/** Resolves once the server has handled everything sent before (a request is answered in order). */
const settle = (c: LspClient, uri: string) => c.request('textDocument/documentSymbol', { textDocument: { uri } });

describe('catq lsp --stdio: lifecycle', () => {
  test('requests before initialize get ServerNotInitialized (-32002); notifications before it are dropped', async () => {
    ws = workspace();
    const uri = ws.doc('q.catq');
    client = LspClient.start();
    expect(await errorOf(client, 'textDocument/documentSymbol', { textDocument: { uri } })).toMatchObject({ code: -32002, message: expect.stringContaining('initialize') });
    expect((await errorOf(client, 'textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } })).code).toBe(-32002);
    // Dropped: the document is not open after initialize.
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'catq', version: 1, text: 'colr = 1' } });
    await client.request('initialize', { processId: process.pid, rootUri: ws.uri, capabilities: CLIENT_CAPABILITIES });
    await client.notify('initialized', {});
    expect(await client.request('textDocument/documentSymbol', { textDocument: { uri } })).toEqual([]);
    expect(client.published).toEqual([]);
    expect(await client.stop()).toBe(0);
  });

  test('a second initialize is refused; requests after shutdown get InvalidRequest (-32600); exit after shutdown is 0', async () => {
    ws = workspace();
    const uri = ws.doc('q.catq');
    client = LspClient.start();
    await client.request('initialize', { processId: process.pid, rootUri: ws.uri, capabilities: CLIENT_CAPABILITIES });
    await client.notify('initialized', {});
    expect(await errorOf(client, 'initialize', { processId: process.pid, rootUri: ws.uri, capabilities: CLIENT_CAPABILITIES })).toMatchObject({ code: -32600, message: expect.stringContaining('initialize was sent twice') });
    const opened = client.diagnostics(uri, 1);
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'catq', version: 1, text: 'price < 20' } });
    await opened;
    const hover = { textDocument: { uri }, position: { line: 0, character: 1 } };
    expect(await client.request('textDocument/hover', hover)).not.toBeNull();
    expect(await client.request('shutdown', null)).toBeNull();
    expect(await errorOf(client, 'textDocument/hover', hover)).toMatchObject({ code: -32600, message: expect.stringContaining('after shutdown') });
    expect((await errorOf(client, 'textDocument/completion', hover)).code).toBe(-32600);
    expect((await errorOf(client, 'shutdown', null)).code).toBe(-32600);
    await client.notify('exit', null);
    expect(await client.exited).toBe(0);
  });

  test('a shutdown before initialize is refused, and does not make the exit status 0', async () => {
    client = LspClient.start();
    expect((await errorOf(client, 'shutdown', null)).code).toBe(-32002);
    await client.notify('exit', null);
    expect(await client.exited).toBe(1);
  });
});

describe('catq lsp --stdio: malformed params', () => {
  test('requests get InvalidParams (-32602) naming the field; notifications a one-line log; no stack trace', async () => {
    ws = workspace();
    const uri = ws.doc('q.catq');
    client = LspClient.start();
    await client.request('initialize', { processId: process.pid, rootUri: ws.uri, capabilities: CLIENT_CAPABILITIES });
    await client.notify('initialized', {});
    const opened = client.diagnostics(uri, 1);
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'catq', version: 1, text: 'price < 20' } });
    await opened;

    expect(await errorOf(client, 'textDocument/completion', { textDocument: { uri }, position: null })).toMatchObject({ code: -32602, message: expect.stringContaining('params.position') });
    expect(await errorOf(client, 'textDocument/hover', { textDocument: { uri }, position: { line: '0', character: 1 } })).toMatchObject({ code: -32602, message: expect.stringContaining('params.position') });
    expect(await errorOf(client, 'textDocument/codeAction', { textDocument: { uri }, context: { diagnostics: [] } })).toMatchObject({ code: -32602, message: expect.stringContaining('params.range') });
    expect(await errorOf(client, 'textDocument/formatting', { textDocument: { uri: 7 } })).toMatchObject({ code: -32602, message: expect.stringContaining('params.textDocument.uri') });
    expect(await errorOf(client, 'textDocument/documentSymbol', {})).toMatchObject({ code: -32602, message: expect.stringContaining('params.textDocument') });

    const other = ws.doc('other.catq');
    await client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'catq', version: 1, text: null } });
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 5 }] });
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: 42, type: 2 }] });
    await settle(client, uri);
    const errors = client.logs.filter((l) => l.type === 1).map((l) => l.message);
    expect(errors).toEqual([
      expect.stringMatching(/^catq: textDocument\/didOpen ignored: params\.textDocument\.text must be a string; got null$/),
      expect.stringMatching(/^catq: textDocument\/didChange ignored: params\.contentChanges\[0\]/),
      expect.stringMatching(/^catq: workspace\/didChangeWatchedFiles ignored: params\.changes\[0\]\.uri must be a string; got number$/),
    ]);
    expect(errors.join('\n')).not.toMatch(/TypeError|\n\s+at /);
    // The server still works, and the bad change was not applied.
    expect(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
    expect(await client.request('textDocument/documentSymbol', { textDocument: { uri: other } })).toEqual([]);
    expect(await client.stop()).toBe(0);
  });
});
