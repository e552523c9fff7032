import type { Query } from '../ast/index.js';
import { query as buildQuery } from '../ast/index.js';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import { parse } from '../syntax/index.js';
import { decode, toWire } from '../wire/index.js';

/**
 * Reads the `q` parameter: no query (`undefined`, `null`, `''`) is the empty query; a `Query`
 * object is taken as is; anything else goes through the wire decoder (percent-encoded text, plain
 * JSON text, or a parsed array), whose diagnostics are returned unchanged.
 */
export function readQueryParameter(q: unknown): { query?: Query; diagnostics: Diagnostic[] } {
  if (q === undefined || q === null || q === '') return { query: buildQuery([]), diagnostics: [] };
  if (isQuery(q)) return { query: q, diagnostics: [] };
  const decoded = decode(q);
  const out: { query?: Query; diagnostics: Diagnostic[] } = { diagnostics: decoded.diagnostics.map((d) => (d.code === 'wire/infix-as-q' ? withWireForm(d, decoded.text) : d)) };
  if (decoded.query !== undefined) out.query = decoded.query;
  return out;
}

/** The infix diagnostic with the wire form of the text in its message, when the text parses. */
function withWireForm(d: Diagnostic, text: string | undefined): Diagnostic {
  if (text === undefined) return d;
  const parsed = parse(text);
  if (!parsed.query) return d;
  const wire = JSON.stringify(toWire(parsed.query));
  return diagnostic('wire/infix-as-q', { wire }, { ...(d.span ? { span: d.span } : {}), path: '' });
}

function isQuery(v: unknown): v is Query {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    (v as { kind?: unknown }).kind === 'query' &&
    Array.isArray((v as { clauses?: unknown }).clauses)
  );
}
