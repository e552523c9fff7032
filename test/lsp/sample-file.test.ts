import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { LspClient } from './client.js';
import { CLIENT_CAPABILITIES, workspace, type Workspace } from './workspace.js';

// The sample of items named by the settings (`items` of initializationOptions or of a
// catq.config.json) only feeds completion, and the server used to skip what it could not read
// of it in silence: a missing file, a file that is not JSON, NDJSON lines that are not JSON were
// no sample (or a smaller one), and the user who set `items` got no values and no word why.
// Each is now one warning (window/showMessage) naming the file and what to do, sent when the
// file is read (on open, and again after a watched change or a settings change), not on every
// keystroke or completion request. End to end: the built `catq lsp --stdio` over its pipes.

let client: LspClient | undefined;
let ws: Workspace | undefined;
afterEach(() => {
  client?.kill();
  ws?.remove();
});

const WARNING = 2;

/** Starts the server on a workspace and opens `q.catq` holding `brand = ` (where completion offers sample values). */
async function openQuery(w: Workspace, initializationOptions?: unknown): Promise<{ c: LspClient; uri: string }> {
  const c = LspClient.start();
  client = c;
  await c.request('initialize', { processId: process.pid, rootUri: w.uri, capabilities: CLIENT_CAPABILITIES, ...(initializationOptions ? { initializationOptions } : {}) });
  await c.notify('initialized', {});
  const uri = w.doc('q.catq');
  const opened = c.diagnostics(uri, 1);
  await c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'catq', version: 1, text: 'brand = ' } });
  await opened;
  return { c, uri };
}

/** The labels completion offers at the end of `brand = `. */
async function brandValues(c: LspClient, uri: string): Promise<string[]> {
  const items = await c.request<{ label: string }[]>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 8 } });
  return items.map((i) => i.label);
}

/** Types `n` more edits into the document (versions from `from`), each answered by diagnostics. */
async function type(c: LspClient, uri: string, from: number, n: number): Promise<void> {
  for (let v = from; v < from + n; v++) {
    const checked = c.diagnostics(uri, v);
    await c.notify('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text: v % 2 ? 'brand = ' : 'brand =' }] });
    await checked;
  }
}

/** A watched-file change of `name`, answered by the re-check of `uri` at `version`. */
async function watchedChange(c: LspClient, w: Workspace, name: string, uri: string, version: number): Promise<void> {
  const rechecked = c.diagnostics(uri, version);
  await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: w.doc(name), type: 2 }] });
  await rechecked;
}

describe('catq lsp: a sample file named by the settings that cannot be used is reported', () => {
  test('a missing file: one warning naming the file, the reason and the setting; not repeated while typing; again when read again', async () => {
    ws = workspace(false);
    writeFileSync(join(ws.dir, 'catq.config.json'), JSON.stringify({ catalog: 'catalog.json', items: 'no-such.ndjson' }));
    const { c, uri } = await openQuery(ws);
    expect(c.messages).toHaveLength(1);
    expect(c.messages[0]!.type).toBe(WARNING);
    const message = c.messages[0]!.message;
    expect(message).toMatch(/^catq: cannot read the sample file \S*no-such\.ndjson \(ENOENT: no such file or directory\); completion proposes no sample values\./);
    expect(message).toContain(`"items" in ${join(ws.dir, 'catq.config.json')}`);
    // The catalog still works: fields are checked, only the sample is missing.
    expect(message).not.toContain('Only the syntax is checked');

    // Typing and asking for completion read nothing again: no second message.
    await type(c, uri, 2, 4);
    expect(await brandValues(c, uri)).toEqual([]);
    expect(c.messages).toHaveLength(1);

    // The file appears: read again (a watched change), values are proposed, nothing to report.
    writeFileSync(join(ws.dir, 'no-such.ndjson'), '{"brand":"Hearth"}\n');
    await watchedChange(c, ws, 'no-such.ndjson', uri, 5);
    expect(await brandValues(c, uri)).toEqual(['"Hearth"']);
    expect(c.messages).toHaveLength(1);

    // It goes away again: read again, reported again (once).
    rmSync(join(ws.dir, 'no-such.ndjson'));
    await watchedChange(c, ws, 'no-such.ndjson', uri, 5);
    await type(c, uri, 6, 2);
    expect(c.messages).toHaveLength(2);
    expect(c.messages[1]!.message).toBe(message);
    expect(await c.stop()).toBe(0);
    c.save('sample-missing');
  });

  test('a file that is not JSON (given by initializationOptions): one warning with the parser message', async () => {
    ws = workspace(false);
    writeFileSync(join(ws.dir, 'items.json'), '[{"brand":"Hearth"},\n');
    const { c, uri } = await openQuery(ws, { catalog: 'catalog.json', items: 'items.json' });
    expect(c.messages).toHaveLength(1);
    expect(c.messages[0]!.type).toBe(WARNING);
    expect(c.messages[0]!.message).toMatch(/^catq: the sample file \S*items\.json is not JSON \(Unexpected end of JSON input\); completion proposes no sample values\./);
    expect(c.messages[0]!.message).toContain('"items" of the client settings');
    expect(c.messages[0]!.message).toMatch(/a JSON array of items, or NDJSON \(one item a line\)/);
    await type(c, uri, 2, 3);
    expect(await brandValues(c, uri)).toEqual([]);
    expect(c.messages).toHaveLength(1);
    expect(await c.stop()).toBe(0);
    c.save('sample-not-json');
  });

  test('NDJSON with a bad line: the line is named and left out, the others are used; many bad lines are summed up', async () => {
    ws = workspace(false);
    writeFileSync(join(ws.dir, 'catq.config.json'), JSON.stringify({ catalog: 'catalog.json', items: 'items.ndjson' }));
    writeFileSync(join(ws.dir, 'items.ndjson'), '{"brand":"Hearth"}\n{"brand":"Riverstone"}\nnot json\n{"brand":"Hearth"}\n');
    const { c, uri } = await openQuery(ws);
    expect(c.messages).toEqual([
      {
        type: WARNING,
        message: `catq: the sample file ${join(ws.dir, 'items.ndjson')} line 3 is not JSON (Unexpected token 'o', "not json" is not valid JSON); that line is left out. Repair or remove it ("items" in ${join(ws.dir, 'catq.config.json')}): NDJSON is one JSON item a line.`,
      },
    ]);
    expect(await brandValues(c, uri)).toEqual(['"Hearth"', '"Riverstone"']);
    await type(c, uri, 2, 3);
    expect(c.messages).toHaveLength(1);

    // Seven bad lines (a file pasted with its commas): the first three named, then a count.
    writeFileSync(join(ws.dir, 'items.ndjson'), ['{"brand":"Hearth"}', ...Array.from({ length: 7 }, (_, i) => `{"brand":"B${i}"},`)].join('\n'));
    await watchedChange(c, ws, 'items.ndjson', uri, 4);
    expect(c.messages).toHaveLength(2);
    const summary = c.messages[1]!.message;
    expect(summary).toMatch(/^catq: the sample file \S*items\.ndjson: 7 lines are not JSON and are left out: line 2 \(Unexpected non-whitespace character after JSON\), line 3 \(.*\), line 4 \(.*\) and 4 more\. /);
    expect(summary).not.toContain('line 5');
    expect(await brandValues(c, uri)).toEqual(['"Hearth"']);
    expect(await c.stop()).toBe(0);
    c.save('sample-bad-lines');
  });
});
