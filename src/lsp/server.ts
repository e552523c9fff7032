/**
 * The catq language server: LSP over a pair of streams (stdio for `catq lsp --stdio`).
 * Diagnostics on open and on every change, completion, hover, formatting, quick fixes,
 * document symbols and semantic tokens (highlighting), for infix (`.catq`) and wire
 * (`.catq.json`) documents alike (the syntax is detected from the text). vscode-languageserver
 * is loaded here, on start, never by `import 'catq'`.
 */
import { createRequire } from 'node:module';
import type * as Lsp from 'vscode-languageserver/node';
import type * as TextDocuments from 'vscode-languageserver-textdocument';
import { argumentError, throwBadArgument, toLspDiagnostics, type LspDiagnostic } from '../diagnostics/index.js';
import { DocumentChecker } from './document-checker.js';
import { codeActions, completionItems, documentSymbols, formatDocument, hoverAt, SEMANTIC_TOKENS_LEGEND, semanticTokensData } from './features.js';
import { CONFIG_FILE, filePath, Sources, type DocumentSources, type SourceSettings } from './sources.js';

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** The catalog file to use when neither the client nor a catq.config.json gives one. */
  readonly catalog?: string;
  /** A sample of items (NDJSON or JSON array file) for value completion, with `catalog`. */
  readonly items?: string;
  /** The streams to talk over (default: standard input and output). */
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
  /** The server's version, reported in `serverInfo`. */
  readonly version?: string;
}

interface DocumentState {
  readonly checker: DocumentChecker;
  version: number;
  diagnostics: LspDiagnostic[];
}

/** Starts the server; it runs until the client sends `exit` (the process then exits). */
export function startServer(options: ServerOptions = {}): void {
  // The options are read once, before anything starts: options that cannot be read (a revoked
  // Proxy, a getter that throws) are a QueryError, not a server half started.
  let given: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; catalog: ServerOptions['catalog']; items: ServerOptions['items']; version: ServerOptions['version'] };
  try {
    if (options === null || typeof options !== 'object') throwBadArgument('startServer', 'options', 'an object ({ catalog?, items?, input?, output? })', options, 'Pass {} or leave it out.');
    given = { input: options.input ?? process.stdin, output: options.output ?? process.stdout, catalog: options.catalog, items: options.items, version: options.version };
  } catch (e) {
    throw argumentError('startServer', e);
  }
  const { input, output } = given;
  const req = createRequire(import.meta.url);
  const lsp = req('vscode-languageserver/node') as typeof Lsp;
  const { TextDocument } = req('vscode-languageserver-textdocument') as typeof TextDocuments;
  // Given as streams (not readers), the connection also ends the process when the client closes
  // its end of the pipe without `exit`.
  const connection = lsp.createConnection(lsp.ProposedFeatures.all, input, output);
  const documents = new lsp.TextDocuments(TextDocument);
  const sources = new Sources({ ...(given.catalog !== undefined ? { catalog: given.catalog } : {}), ...(given.items !== undefined ? { items: given.items } : {}) });
  const states = new Map<string, DocumentState>();
  const reported = new Set<string>();
  let watchRegistration = false;

  /**
   * Shows a warning once per distinct message (a window message, not a diagnostic per document:
   * the problem is in a settings file, not in the query). `reported` is emptied when the files are
   * read again, so a message comes back once after each read, never on every keystroke.
   */
  const warnOnce = (message: string): void => {
    if (reported.has(message)) return;
    reported.add(message);
    void connection.sendNotification(lsp.ShowMessageNotification.type, { type: lsp.MessageType.Warning, message });
  };

  /** Reports a catalog problem (the syntax is still checked) and what could not be used of the sample. */
  const reportSources = (src: DocumentSources): void => {
    // (A problem may end with a sentence of its own: one period, not two.)
    if (src.problem) warnOnce(`catq: ${src.problem.replace(/\.$/, '')}. Only the syntax is checked.`);
    for (const w of src.warnings ?? []) warnOnce(`catq: ${w}`);
  };

  const check = (doc: TextDocuments.TextDocument): void => {
    const src = sources.forDocument(doc.uri);
    reportSources(src);
    let state = states.get(doc.uri);
    if (!state) {
      state = { checker: new DocumentChecker(), version: doc.version, diagnostics: [] };
      states.set(doc.uri, state);
    }
    const text = doc.getText();
    const result = state.checker.check(text, src.catalog);
    state.version = doc.version;
    state.diagnostics = toLspDiagnostics(result.diagnostics, text, { uri: doc.uri });
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: state.diagnostics as Lsp.Diagnostic[] });
  };

  /** Runs a handler; a failure is logged and answered with `fallback`, never a crash. */
  const guard = <T>(name: string, fallback: T, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      connection.console.error(`catq: ${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return fallback;
    }
  };

  /** Every open document checked again (after a catalog change); one failing check does not stop the others. */
  const recheckAll = (): void => {
    sources.forget();
    reported.clear();
    for (const doc of documents.all()) guard('check', undefined, () => check(doc));
  };

  // The lifecycle (LSP 3.17, "Lifecycle Messages"): nothing but `initialize` before it (requests
  // get ServerNotInitialized, notifications other than `exit` are dropped), `initialize` only
  // once, and no request after `shutdown` (InvalidRequest). vscode-languageserver enforces none.
  let phase: 'new' | 'running' | 'shutdown' = 'new';
  const lifecycleError = (method: string): Lsp.ResponseError<void> | undefined => {
    if (phase === 'new') return new lsp.ResponseError(lsp.ErrorCodes.ServerNotInitialized, `catq: ${method} before initialize. Send initialize first.`);
    if (phase === 'shutdown') return new lsp.ResponseError(lsp.ErrorCodes.InvalidRequest, `catq: ${method} after shutdown. The server only accepts exit now.`);
    return undefined;
  };

  /**
   * A request handler: refused outside the running phase, answered with InvalidParams when
   * `problem` finds the params malformed (naming the field), and run under `guard`.
   */
  const request =
    <P, T>(method: string, fallback: T, problem: (params: unknown) => string | undefined, f: (params: P) => T) =>
    (params: P): T | Lsp.ResponseError<void> => {
      const refused = lifecycleError(method);
      if (refused) return refused;
      const bad = problem(params);
      if (bad) return new lsp.ResponseError(lsp.ErrorCodes.InvalidParams, `catq: ${method}: ${bad}`);
      return guard(method, fallback, () => f(params));
    };

  /** A notification handler: dropped before initialize; malformed params are logged in one line and ignored. */
  const notification =
    <P>(method: string, problem: (params: unknown) => string | undefined, f: (params: P) => void) =>
    (params: P): void => {
      if (phase === 'new') return;
      const bad = problem(params);
      if (bad) {
        connection.console.error(`catq: ${method} ignored: ${bad}`);
        return;
      }
      guard(method, undefined, () => f(params));
    };

  // The text document notifications are registered by `documents.listen`: the same gate, through a
  // connection whose `on...TextDocument` wrap their handlers.
  const DOCUMENT_NOTIFICATIONS: Record<string, [string, (p: unknown) => string | undefined]> = {
    onDidOpenTextDocument: ['textDocument/didOpen', openProblem],
    onDidChangeTextDocument: ['textDocument/didChange', changeProblem],
    onDidCloseTextDocument: ['textDocument/didClose', (p) => documentProblem(p)],
    onDidSaveTextDocument: ['textDocument/didSave', (p) => documentProblem(p)],
    onWillSaveTextDocument: ['textDocument/willSave', (p) => documentProblem(p)],
  };
  const gated = new Proxy(connection, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      const gate = typeof key === 'string' ? DOCUMENT_NOTIFICATIONS[key] : undefined;
      if (!gate || typeof value !== 'function') return value;
      return (handler: (p: unknown) => void) => (value as (h: (p: unknown) => void) => unknown).call(target, notification(gate[0], gate[1], handler));
    },
  });

  connection.onInitialize((params) => {
    if (phase !== 'new') return new lsp.ResponseError(lsp.ErrorCodes.InvalidRequest, 'catq: initialize was sent twice. The server is initialized already; send it once per session.');
    phase = 'running';
    const settings = params.initializationOptions as SourceSettings | undefined;
    const root = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    const base = root ? filePath(root) : undefined;
    if (settings && typeof settings === 'object') sources.setClient(settings, base);
    else if (base) sources.setClient({}, base);
    watchRegistration = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [' ', '"', '[', ',', '`'] },
        hoverProvider: true,
        documentFormattingProvider: true,
        codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
      },
      serverInfo: { name: 'catq', ...(given.version ? { version: given.version } : {}) },
    };
  });

  connection.onInitialized(() => {
    if (phase === 'new') return;
    if (watchRegistration) {
      void connection.client.register(lsp.DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: `**/${CONFIG_FILE}` }, { globPattern: '**/*.json' }, { globPattern: '**/*.ndjson' }],
      });
    }
  });

  connection.onShutdown(() => {
    // (An error answer still counts as a shutdown for vscode-languageserver: onExit below corrects the status.)
    const refused = lifecycleError('shutdown');
    if (refused) return refused;
    phase = 'shutdown';
    return undefined;
  });

  // vscode-languageserver exits with 0 after any shutdown request; only an accepted one counts.
  connection.onExit(() => {
    if (phase !== 'shutdown') process.exit(1);
  });

  connection.onDidChangeConfiguration(
    notification('workspace/didChangeConfiguration', (p) => (isObject(p) ? undefined : `params must be an object ({ settings }); got ${describe(p)}`), (params) => {
      const settings = (params.settings as { catq?: SourceSettings } | null | undefined)?.catq;
      if (settings && typeof settings === 'object') sources.setClient(settings);
      recheckAll();
    }),
  );

  connection.onDidChangeWatchedFiles(
    notification('workspace/didChangeWatchedFiles', watchedProblem, (params) => {
      const known = new Set(sources.knownFiles());
      const concerns = params.changes.some((c) => {
        const p = filePath(c.uri);
        return p !== undefined && (known.has(p) || p.endsWith(CONFIG_FILE));
      });
      if (concerns) recheckAll();
    }),
  );

  documents.onDidChangeContent((e) => guard('check', undefined, () => check(e.document)));
  documents.onDidClose((e) => {
    states.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onCompletion(
    request('textDocument/completion', [] as Lsp.CompletionItem[], positionProblem, (params) => {
      const doc = documents.get(params.textDocument.uri);
      const src = doc ? sources.forDocument(doc.uri) : undefined;
      if (!doc || !src?.catalog) return [];
      const wire = doc.uri.endsWith('.json') || doc.languageId.includes('json');
      return completionItems(doc.getText(), doc.offsetAt(params.position), src.catalog, src.items, wire);
    }),
  );

  connection.onHover(
    request('textDocument/hover', null, positionProblem, (params) => {
      const doc = documents.get(params.textDocument.uri);
      const src = doc ? sources.forDocument(doc.uri) : undefined;
      if (!doc || !src?.catalog) return null;
      return hoverAt(doc.getText(), doc.offsetAt(params.position), src.catalog);
    }),
  );

  connection.onDocumentFormatting(
    request('textDocument/formatting', [] as Lsp.TextEdit[], documentProblem, (params) => {
      const doc = documents.get(params.textDocument.uri);
      return doc ? formatDocument(doc.getText()) : [];
    }),
  );

  connection.onCodeAction(
    request('textDocument/codeAction', [] as Lsp.CodeAction[], rangeProblem, (params) => {
      const doc = documents.get(params.textDocument.uri);
      const state = states.get(params.textDocument.uri);
      if (!doc || !state || state.version !== doc.version) return [];
      return codeActions(doc.uri, state.diagnostics, params.range);
    }),
  );

  connection.onDocumentSymbol(
    request('textDocument/documentSymbol', [] as Lsp.DocumentSymbol[], documentProblem, (params) => {
      const doc = documents.get(params.textDocument.uri);
      return doc ? documentSymbols(doc.getText(), sources.forDocument(doc.uri).catalog) : [];
    }),
  );

  connection.languages.semanticTokens.on(
    request('textDocument/semanticTokens/full', { data: [] as number[] }, documentProblem, (params) => {
      const doc = documents.get(params.textDocument.uri);
      return { data: doc ? semanticTokensData(doc.getText()) : [] };
    }),
  );

  documents.listen(gated);
  connection.listen();
}

// What is wrong with a message's params, as a message naming the field (undefined: nothing).

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function describe(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? 'a string' : typeof v;
}

function documentProblem(p: unknown): string | undefined {
  if (!isObject(p)) return `params must be an object; got ${describe(p)}`;
  const d = p.textDocument;
  if (!isObject(d)) return `params.textDocument must be an object ({ uri }); got ${describe(d)}`;
  if (typeof d.uri !== 'string') return `params.textDocument.uri must be a string; got ${describe(d.uri)}`;
  return undefined;
}

function isPosition(v: unknown): boolean {
  return isObject(v) && typeof v.line === 'number' && typeof v.character === 'number';
}

function positionProblem(p: unknown): string | undefined {
  const bad = documentProblem(p);
  if (bad) return bad;
  const at = (p as { position?: unknown }).position;
  return isPosition(at) ? undefined : `params.position must be { line, character } (two numbers); got ${describe(at)}`;
}

function rangeProblem(p: unknown): string | undefined {
  const bad = documentProblem(p);
  if (bad) return bad;
  const r = (p as { range?: unknown }).range;
  return isObject(r) && isPosition(r.start) && isPosition(r.end) ? undefined : `params.range must be { start, end } (two positions); got ${describe(r)}`;
}

function openProblem(p: unknown): string | undefined {
  const bad = documentProblem(p);
  if (bad) return bad;
  const d = (p as { textDocument: Record<string, unknown> }).textDocument;
  if (typeof d.text !== 'string') return `params.textDocument.text must be a string; got ${describe(d.text)}`;
  if (typeof d.version !== 'number') return `params.textDocument.version must be a number; got ${describe(d.version)}`;
  if (typeof d.languageId !== 'string') return `params.textDocument.languageId must be a string; got ${describe(d.languageId)}`;
  return undefined;
}

function changeProblem(p: unknown): string | undefined {
  const bad = documentProblem(p);
  if (bad) return bad;
  const { textDocument, contentChanges } = p as { textDocument: Record<string, unknown>; contentChanges?: unknown };
  if (typeof textDocument.version !== 'number') return `params.textDocument.version must be a number; got ${describe(textDocument.version)}`;
  if (!Array.isArray(contentChanges)) return `params.contentChanges must be an array; got ${describe(contentChanges)}`;
  const i = contentChanges.findIndex((c) => !isObject(c) || typeof c.text !== 'string' || (c.range !== undefined && !(isObject(c.range) && isPosition(c.range.start) && isPosition(c.range.end))));
  return i < 0 ? undefined : `params.contentChanges[${i}] must be { text } or { range, text } (a string and two positions)`;
}

function watchedProblem(p: unknown): string | undefined {
  if (!isObject(p) || !Array.isArray(p.changes)) return `params.changes must be an array; got ${describe(isObject(p) ? p.changes : p)}`;
  const i = p.changes.findIndex((c) => !isObject(c) || typeof c.uri !== 'string');
  return i < 0 ? undefined : `params.changes[${i}].uri must be a string; got ${describe((p.changes[i] as { uri?: unknown } | null)?.uri)}`;
}
