import { apiCodes } from './codes/api.js';
import { catalogCodes } from './codes/catalog.js';
import type { CodeDefinition } from './codes/define.js';
import { limitCodes } from './codes/limits.js';
import { schemaCodes } from './codes/schema.js';
import { wireCodes } from './codes/wire.js';
import { diagnosticOf, type DiagnosticPlace } from './diagnostic-of.js';
import type { Diagnostic } from './model.js';

/**
 * The codes that the catalog loader, the JSON-value reader and the checker make: `wire/`,
 * `catalog/`, `schema/`, `limit/` and `api/`. Those modules build their diagnostics from this
 * table instead of the one of every code (`CODES`), so that an app bundling only them (the
 * typed builder: docs/api.md, "Bundle sizes") does not carry the infix parser's, the listing's
 * and the backends' messages, a quarter of the message text. A code from another area is a type
 * error here.
 */
const CORE_CODES = { ...wireCodes, ...catalogCodes, ...schemaCodes, ...limitCodes, ...apiCodes } as const;

/** A code of {@link CORE_CODES}. */
export type CoreCode = keyof typeof CORE_CODES;

type CoreDataOf<C extends CoreCode> = (typeof CORE_CODES)[C] extends CodeDefinition<infer D> ? D : never;

/** Builds a diagnostic of one of the core codes, its message rendered from the code's template. */
export function diagnostic<C extends CoreCode>(code: C, data: CoreDataOf<C>, place: DiagnosticPlace = {}): Diagnostic {
  return diagnosticOf(code, CORE_CODES[code] as never, data, place);
}
