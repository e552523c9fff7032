import { loadCatalog, type Catalog } from 'catq';
import { idFromText, pageOf, readListingParams } from 'catq/listing';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { diagnosticMessages, HttpError } from '../errors.js';
import { CatalogListQuery, CatalogPage, CatalogParams, ERROR_RESPONSES, FullCatalog } from '../schemas.js';
import type { ServiceContext } from '../context.js';
import { sentQuery } from '../querystring.js';
import { catalogIdInDigits } from '../path-ids.js';

/** The catalog of a network, or a 404. */
export function catalogOf(ctx: ServiceContext, networkId: number, catalogId: number): Catalog {
  // The schema's `maximum` cannot catch `1e400`: Ajv reads it as Infinity and skips range checks on it.
  if (!Number.isFinite(catalogId)) throw new HttpError(400, ['Path parameter "catalogId" must be a finite number >= 100.']);
  const c = ctx.networks.get(networkId)?.get(catalogId);
  if (!c) throw new HttpError(404, [`Catalog ${catalogId} does not exist.`]);
  return c;
}

// Catalog lists page like item lists, with the catalog's Id as the item id.
const CATALOG_LISTING = loadCatalog({ Id: 100, Name: 'catalogs', Type: 'Product', Aliases: { Id: 'Id', Name: 'Name' } }).catalog as Catalog;

/** The query parameters of List Catalogs (the spec's; not q, which searches items). */
const CATALOG_LIST_PARAMETERS: readonly string[] = ['boundary-id', 'comparison', 'limit', 'order'];

/** The 400 message of a parameter List Catalogs does not take, in catq's form (place first, code last). */
function unknownParameter(name: string): string {
  const pointer = `/${name.slice(0, 100).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const q = name === 'q' ? ' (q searches items: List Catalog Items, /v1/catalog/{catalogId}/{item}, takes it)' : '';
  return `At ${pointer}: Unknown parameter ${JSON.stringify(name.slice(0, 100))}; List Catalogs takes boundary-id, comparison, limit and order${q}. [listing/unknown-parameter]`;
}

/** Get Catalog and List Catalogs. */
export function catalogRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/v1/catalog/:catalogId',
    { schema: { summary: 'Get Catalog', operationId: 'getCatalog', params: CatalogParams, response: { 200: FullCatalog, ...ERROR_RESPONSES } } },
    async (req) => catalogOf(ctx, req.networkId, req.params.catalogId) as never,
  );
  r.get(
    '/v1/catalog',
    { attachValidation: true, schema: { summary: 'List Catalogs', operationId: 'listCatalogs', querystring: CatalogListQuery, response: { 200: CatalogPage, ...ERROR_RESPONSES } } },
    async (req) => {
      // The listing rules are catq's (every problem at once); the schema documents them. The
      // parameters as the URL sent them, not as the schema's type coercion left them.
      // catq's message for an unknown parameter lists Item lists' parameters, q among them: here
      // each is named with the four List Catalogs takes, and only those four go to catq.
      const raw: Record<string, unknown> = {};
      const problems: string[] = [];
      for (const [name, value] of Object.entries(sentQuery(req.url))) {
        if (CATALOG_LIST_PARAMETERS.includes(name)) raw[name] = value;
        else problems.push(unknownParameter(name));
      }
      const read = readListingParams(raw, { numericStrings: true });
      problems.push(...diagnosticMessages(read.diagnostics));
      // The boundary as catq reads a URL's text (`100` the number, `0100` and `"100"` strings), also
      // when another parameter's problem left no listing.
      const sent = raw['boundary-id'];
      const b = read.listing ? read.listing.boundary : typeof sent === 'string' ? idFromText(sent) : sent;
      if (b !== undefined && !problems.some((p) => p.includes('"boundary-id"')) && !(typeof b === 'number' && b >= 100)) {
        // A number written another way (`0x64`, `1e2`, `0100`): say how to write it.
        const n = typeof b === 'string' ? catalogIdInDigits(b) : undefined;
        const hint = n === undefined ? '' : ` Write it as the catalog's Id is written: boundary-id=${n}.`;
        problems.push(`"boundary-id" must be a catalog id (a number >= 100), but it is ${JSON.stringify(b)}.${hint}`);
      }
      if (problems.length || !read.listing) throw new HttpError(400, problems);
      const catalogs = [...(ctx.networks.get(req.networkId)?.values() ?? [])];
      const page = pageOf(read.listing, catalogs, CATALOG_LISTING);
      const byId = new Map(catalogs.map((c) => [c.Id, c]));
      return {
        ...page,
        Items: page.Items.map((i) => {
          const c = byId.get(i.Id as number) as Catalog;
          return { Id: c.Id, Name: c.Name, Type: c.Type };
        }),
      } as never;
    },
  );
}
