/**
 * A real LSP client for the tests: spawns the built `catq lsp --stdio` and talks JSON-RPC to it
 * over its pipes with vscode-jsonrpc. Every message both ways is kept, and written as a
 * transcript (one JSON object a line) to test-artifacts/lsp-transcript-<name>.jsonl.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { CLI, ROOT } from '../cli/helpers.js';

/** One line of the transcript. */
export interface TranscriptEntry {
  readonly t: number;
  readonly dir: 'client->server' | 'server->client';
  readonly kind: 'request' | 'response' | 'notification';
  readonly method: string;
  readonly id?: number;
  readonly params?: unknown;
  readonly result?: unknown;
}

/** What the server published for a document. */
export interface Published {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: { range: unknown; severity: number; code: string; message: string; relatedInformation?: unknown[]; data?: { fixes: { title: string; edits: { range: unknown; newText: string }[] }[] }; tags?: number[] }[];
}

export class LspClient {
  readonly transcript: TranscriptEntry[] = [];
  readonly published: Published[] = [];
  readonly messages: { type: number; message: string }[] = [];
  /** What the server wrote to the client's log (window/logMessage). */
  readonly logs: { type: number; message: string }[] = [];
  readonly stderr: string[] = [];
  private readonly waiters: { test: (p: Published) => boolean; resolve: (p: Published) => void }[] = [];
  private readonly started = Date.now();
  private nextId = 1;
  readonly exited: Promise<number | null>;
  private readonly conn: MessageConnection;

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.stderr.on('data', (b: Buffer) => this.stderr.push(b.toString('utf8')));
    this.conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    this.conn.onNotification((method: string, params: unknown) => {
      this.log('server->client', 'notification', method, { params });
      if (method === 'textDocument/publishDiagnostics') {
        const p = params as Published;
        this.published.push(p);
        for (const w of [...this.waiters]) {
          if (w.test(p)) {
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.resolve(p);
          }
        }
      }
      if (method === 'window/showMessage') this.messages.push(params as { type: number; message: string });
      if (method === 'window/logMessage') this.logs.push(params as { type: number; message: string });
    });
    this.conn.onRequest((method: string, params: unknown) => {
      this.log('server->client', 'request', method, { params });
      return null;
    });
    this.conn.listen();
  }

  /** Spawns `node dist/cli.js lsp --stdio ...args`. */
  static start(args: readonly string[] = [], cwd = ROOT): LspClient {
    const child = spawn(process.execPath, [CLI, 'lsp', '--stdio', ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    return new LspClient(child);
  }

  private log(dir: TranscriptEntry['dir'], kind: TranscriptEntry['kind'], method: string, rest: { id?: number; params?: unknown; result?: unknown }): void {
    this.transcript.push({ t: Date.now() - this.started, dir, kind, method, ...rest });
  }

  async request<R = unknown>(method: string, params: unknown): Promise<R> {
    const id = this.nextId++;
    this.log('client->server', 'request', method, { id, params });
    // A server that dies does not answer: fail the request instead of waiting for ever.
    const died = this.exited.then((code) => {
      throw new Error(`the server exited (status ${String(code)}) before answering ${method}: ${this.stderr.join('')}`);
    });
    died.catch(() => undefined); // only the race below listens to it
    const result = (await Promise.race([this.conn.sendRequest(method, params), died])) as R;
    this.log('server->client', 'response', method, { id, result });
    return result;
  }

  async notify(method: string, params: unknown): Promise<void> {
    this.log('client->server', 'notification', method, { params });
    await this.conn.sendNotification(method, params);
  }

  /** The next publishDiagnostics for `uri` (at `version` or later when given). */
  diagnostics(uri: string, version?: number): Promise<Published> {
    return new Promise((resolve) => this.waiters.push({ test: (p) => p.uri === uri && (version === undefined || (p.version ?? 0) >= version), resolve }));
  }

  /** shutdown, exit, and the exit status of the server process. */
  async stop(): Promise<number | null> {
    await this.request('shutdown', null);
    await this.notify('exit', null);
    const code = await this.exited;
    this.conn.dispose();
    return code;
  }

  /** Writes the transcript to test-artifacts/lsp-transcript-<name>.jsonl and returns its path. */
  save(name: string): string {
    const dir = join(ROOT, 'test-artifacts');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `lsp-transcript-${name}.jsonl`);
    writeFileSync(file, this.transcript.map((e) => JSON.stringify(e)).join('\n') + '\n');
    return file;
  }

  /** Ends the process if a test failed before `stop`. */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}
