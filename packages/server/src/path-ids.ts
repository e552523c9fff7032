import { canonicalNumber } from 'catq/listing';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/**
 * A catalog id in a path is its decimal text, as the catalog's `Id` is written (`1042`).
 *
 * The route schemas type `catalogId` as a number, and Fastify's Ajv coerces a path parameter with
 * JavaScript's reading of text as a number: `/v1/catalog/0x412` reached catalog 1042, and so did
 * `01042`, `1042.0`, `1.042e3`, `+1042` and `%201042`. One catalog has one path. So the text is
 * checked before the schema runs (`preValidation`, where the parameter is still the router's
 * text); text Ajv would not read as a number at all (`abc`, `''`) is left to the schema's own
 * message.
 *
 * Any other spelling is a 400, not a 404: the spec types `catalogId` as a number of at least 100
 * and answers a bad request with 400, as the service already did for a `catalogId` that is not a
 * number or is below 100; a 404 ("Catalog 1042 does not exist") would be false for `01042`.
 */
export function catalogIdTextProblem(text: unknown): string | undefined {
  if (typeof text !== 'string' || canonicalNumber(text) !== undefined) return undefined;
  if (text.trim() === '' || Number.isNaN(Number(text))) return undefined;
  const n = catalogIdInDigits(text);
  const fix = n === undefined ? '' : `: write ${n}`;
  return `Path parameter "catalogId" must be a catalog id written in decimal digits, as the catalog's Id is written (such as 1042), but it is ${JSON.stringify(text.slice(0, 100))}${fix}.`;
}

/**
 * The catalog id that `text` writes in a notation other than its decimal digits (`0x412`,
 * `01042`, `1.042e3`), as the digits to write instead; undefined when it writes no catalog id.
 */
export function catalogIdInDigits(text: string): string | undefined {
  const n = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) && n >= 100 ? String(n) : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What is wrong with the text of the path's `catalogId` (set before the schema runs), or null. */
    catalogIdProblem: string | null;
  }
}

/**
 * Checks the text of every route's `catalogId` before its schema coerces it. The problem is
 * reported with the schema's own (errors.ts), by a route that reads its schema's errors itself
 * (List Catalog Items, with its parameters' problems), or alone before the handler runs.
 */
export function checkCatalogIdText(app: FastifyInstance): void {
  app.decorateRequest('catalogIdProblem', null);
  app.addHook('preValidation', async (req) => {
    const problem = catalogIdTextProblem((req.params as Record<string, unknown> | undefined)?.['catalogId']);
    if (problem !== undefined) req.catalogIdProblem = problem;
  });
  app.addHook('preHandler', async (req) => {
    // A route with attachValidation reports its path's problems itself, with its others.
    if (req.catalogIdProblem !== null && !req.routeOptions.attachValidation) throw new HttpError(400, [req.catalogIdProblem]);
  });
}
