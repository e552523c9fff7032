import { apiCodes } from './api.js';
import { catalogCodes } from './catalog.js';
import { limitCodes } from './limits.js';
import { schemaCodes } from './schema.js';
import { wireCodes } from './wire.js';

/**
 * The codes of the five areas that the catalog loader, the JSON-value reader, the wire decoder and
 * the checker make (`wire/`, `catalog/`, `schema/`, `limit/`, `api/`): part of `CODES`, and on its
 * own the table those modules build from (core-diagnostic.ts), so that a bundle of them carries
 * only these messages.
 */
export const coreCodes = { ...wireCodes, ...catalogCodes, ...schemaCodes, ...limitCodes, ...apiCodes } as const;
