/**
 * `diagnostic` for the modules that make only codes of the five core areas (`wire/`, `catalog/`,
 * `schema/`, `limit/`, `api/`: the catalog loader, the JSON-value reader, the wire decoder and the
 * checker). They build their diagnostics from the table of those areas (codes/core.ts) instead of
 * the one of every code (`CODES`), so that an app bundling only them (the
 * typed builder: docs/api.md, "Bundle sizes") does not carry the infix parser's, the listing's
 * and the backends' messages, a quarter of the message text. A code from another area is a type
 * error here.
 */
import { coreCodes } from './codes/core.js';
import type { CodeDefinition } from './codes/define.js';
import { diagnosticOf, type DiagnosticPlace } from './diagnostic-of.js';
import type { Diagnostic } from './model.js';

/** A code of one of the five core areas. */
export type CoreCode = keyof typeof coreCodes;

type CoreDataOf<C extends CoreCode> = (typeof coreCodes)[C] extends CodeDefinition<infer D> ? D : never;

/** Builds a diagnostic of one of the core codes, its message rendered from the code's template. */
export function diagnostic<C extends CoreCode>(code: C, data: CoreDataOf<C>, place: DiagnosticPlace = {}): Diagnostic {
  return diagnosticOf(code, coreCodes[code] as never, data, place);
}
