import type { Severity } from '../model.js';

/** The definition of one diagnostic code: its default severity, a summary and a message template. */
export interface CodeDefinition<D> {
  readonly severity: Severity;
  /** One line for docs/diagnostics.md and tooling. */
  readonly summary: string;
  /** Renders the message from the typed data. */
  readonly message: (data: D) => string;
}

/** Defines a code; `D` is the shape of the data its message is rendered from. */
export function code<D extends object = Record<string, never>>(
  severity: Severity,
  summary: string,
  message: (data: D) => string,
): CodeDefinition<D> {
  return { severity, summary, message };
}

/** Quotes a user-supplied name or value for a message. */
export function q(text: unknown): string {
  return typeof text === 'string' ? JSON.stringify(text) : String(JSON.stringify(text) ?? String(text));
}

/** `a`, `a or b`, `a, b or c`, each back-quoted. */
export function orList(items: readonly string[]): string {
  const quoted = items.map((i) => '`' + i + '`');
  if (quoted.length <= 1) return quoted.join('');
  return quoted.slice(0, -1).join(', ') + ' or ' + quoted[quoted.length - 1];
}
