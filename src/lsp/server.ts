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
import { toLspDiagnostics, type LspDiagnostic } from '../diagnostics/index.js';
import { DocumentChecker } from './document-checker.js';
import { codeActions, completionItems, documentSymbols, formatDocument, hoverAt, SEMANTIC_TOKENS_LEGEND, semanticTokensData } from './features.js';
import { CONFIG_FILE, filePath, Sources, type SourceSettings } from './sources.js';

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
  const req = createRequire(import.meta.url);
  const lsp = req('vscode-languageserver/node') as typeof Lsp;
  const { TextDocument } = req('vscode-languageserver-textdocument') as typeof TextDocuments;
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  // Given as streams (not readers), the connection also ends the process when the client closes
  // its end of the pipe without `exit`.
  const connection = lsp.createConnection(lsp.ProposedFeatures.all, input, output);
  const documents = new lsp.TextDocuments(TextDocument);
  const sources = new Sources({ ...(options.catalog !== undefined ? { catalog: options.catalog } : {}), ...(options.items !== undefined ? { items: options.items } : {}) });
  const states = new Map<string, DocumentState>();
  const reported = new Set<string>();
  let watchRegistration = false;

  /** Reports a catalog problem once per distinct message (a window message, not a diagnostic per document). */
  const reportProblem = (problem: string | undefined): void => {
    if (!problem || reported.has(problem)) return;
    reported.add(problem);
    void connection.sendNotification(lsp.ShowMessageNotification.type, { type: lsp.MessageType.Warning, message: `catq: ${problem}. Only the syntax is checked.` });
  };

  const check = (doc: TextDocuments.TextDocument): void => {
    const src = sources.forDocument(doc.uri);
    reportProblem(src.problem);
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

  const recheckAll = (): void => {
    sources.forget();
    reported.clear();
    for (const doc of documents.all()) check(doc);
  };

  /** Runs a request handler; a failure is logged and answered with `fallback`, never a crash. */
  const guard = <T>(name: string, fallback: T, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      connection.console.error(`catq: ${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return fallback;
    }
  };

  connection.onInitialize((params) => {
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
      serverInfo: { name: 'catq', ...(options.version ? { version: options.version } : {}) },
    };
  });

  connection.onInitialized(() => {
    if (watchRegistration) {
      void connection.client.register(lsp.DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: `**/${CONFIG_FILE}` }, { globPattern: '**/*.json' }, { globPattern: '**/*.ndjson' }],
      });
    }
  });

  connection.onDidChangeConfiguration((params) => {
    const settings = (params.settings as { catq?: SourceSettings } | null | undefined)?.catq;
    if (settings && typeof settings === 'object') sources.setClient(settings);
    recheckAll();
  });

  connection.onDidChangeWatchedFiles((params) => {
    const known = new Set(sources.knownFiles());
    const concerns = params.changes.some((c) => {
      const p = filePath(c.uri);
      return p !== undefined && (known.has(p) || p.endsWith(CONFIG_FILE));
    });
    if (concerns) recheckAll();
  });

  documents.onDidChangeContent((e) => guard('check', undefined, () => check(e.document)));
  documents.onDidClose((e) => {
    states.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onCompletion((params) =>
    guard('completion', [], () => {
      const doc = documents.get(params.textDocument.uri);
      const src = doc ? sources.forDocument(doc.uri) : undefined;
      if (!doc || !src?.catalog) return [];
      const wire = doc.uri.endsWith('.json') || doc.languageId.includes('json');
      return completionItems(doc.getText(), doc.offsetAt(params.position), src.catalog, src.items, wire);
    }),
  );

  connection.onHover((params) =>
    guard('hover', null, () => {
      const doc = documents.get(params.textDocument.uri);
      const src = doc ? sources.forDocument(doc.uri) : undefined;
      if (!doc || !src?.catalog) return null;
      return hoverAt(doc.getText(), doc.offsetAt(params.position), src.catalog);
    }),
  );

  connection.onDocumentFormatting((params) =>
    guard('formatting', [], () => {
      const doc = documents.get(params.textDocument.uri);
      return doc ? formatDocument(doc.getText()) : [];
    }),
  );

  connection.onCodeAction((params) =>
    guard('codeAction', [], () => {
      const doc = documents.get(params.textDocument.uri);
      const state = states.get(params.textDocument.uri);
      if (!doc || !state || state.version !== doc.version) return [];
      return codeActions(doc.uri, state.diagnostics, params.range);
    }),
  );

  connection.onDocumentSymbol((params) =>
    guard('documentSymbol', [], () => {
      const doc = documents.get(params.textDocument.uri);
      return doc ? documentSymbols(doc.getText(), sources.forDocument(doc.uri).catalog) : [];
    }),
  );

  connection.languages.semanticTokens.on((params) =>
    guard('semanticTokens', { data: [] as number[] }, () => {
      const doc = documents.get(params.textDocument.uri);
      return { data: doc ? semanticTokensData(doc.getText()) : [] };
    }),
  );

  documents.listen(connection);
  connection.listen();
}
