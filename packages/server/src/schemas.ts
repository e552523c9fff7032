import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { ITEM_KINDS } from './kinds.js';

/**
 * The schemas of every route: they validate requests (Fastify's Ajv, all errors at once) and
 * generate the OpenAPI document at /openapi.json, so the two cannot drift. Response schemas are
 * documentation only (responses are serialised with JSON.stringify). The shared shapes are named
 * (`named`, added to Fastify by `addNamedSchemas`) and used by `$ref`, so the document lists them
 * in `components.schemas` and client generators get named types.
 */

/** A schema named `id` (its `$id`), and a `$ref` to it carrying its static type for the routes. */
function named<T extends TSchema>(id: string, schema: T): { readonly schema: TSchema; readonly ref: TUnsafe<Static<T>> } {
  return { schema: { ...schema, $id: id }, ref: Type.Unsafe<Static<T>>({ $ref: `${id}#` }) };
}

export const MAX_UPSERT = 1000;
export const MAX_UPDATE = 100;
export const MAX_DELETE = 1000;

const IdValue = Type.Union([Type.String(), Type.Number()], { description: 'an item id: a string or a number' });
const Comparison = Type.Union([Type.Literal('>'), Type.Literal('>='), Type.Literal('<'), Type.Literal('<=')], {
  description: 'how results relate to boundary-id; requires boundary-id',
});

// A catalog id is a finite number >= 100, written in decimal digits: the path's text is checked
// before this schema coerces it (path-ids.ts), so `0x412` and `1e400` never reach a route.
const CatalogId = Type.Number({ minimum: 100, description: 'catalog id, a number >= 100' });
// An `enum` rather than a union of literals, so a wrong kind gets one message naming the four.
const ItemKind = Type.Enum([...ITEM_KINDS], { description: 'one of product, brand, category, merchant' });

export const CatalogParams = Type.Object({ catalogId: CatalogId });
export const KindParams = Type.Object({
  catalogId: CatalogId,
  item: ItemKind,
});
export const ItemParams = Type.Object({
  catalogId: CatalogId,
  item: ItemKind,
  id: Type.String({ minLength: 1, description: 'the item id; a canonical number text finds the number id first, then the string' }),
});

export const CatalogListQuery = Type.Object({
  'boundary-id': Type.Optional(Type.Number({ minimum: 100 })),
  comparison: Type.Optional(Comparison),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'page size, default 100' })),
  order: Type.Optional(Type.Literal('asc')),
});

export const ItemListQuery = Type.Object({
  'boundary-id': Type.Optional(IdValue),
  comparison: Type.Optional(Comparison),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'page size, default 100' })),
  order: Type.Optional(Type.Literal('asc')),
  q: Type.Optional(Type.String({ description: 'the URI-encoded product query: a JSON array of clauses' })),
});

const RawItem = named('RawItem', Type.Object({}, { additionalProperties: true, description: 'raw item data; the keys the catalog Aliases name' }));

function batchBody(max: number) {
  return Type.Object({ Items: Type.Array(RawItem.ref, { minItems: 1, maxItems: max }) }, { additionalProperties: false });
}
/** The batch operations' one query parameter, an extension of the interface (see docs/server.md). */
export const BatchQuery = Type.Object(
  {
    'dry-run': Type.Optional(Type.Boolean({ description: 'true: check the batch and answer what the call would (warnings, or the 400), storing nothing' })),
  },
  { additionalProperties: false },
);
export const UpsertBody = batchBody(MAX_UPSERT);
export const UpdateBody = batchBody(MAX_UPDATE);
export const DeleteBody = batchBody(MAX_DELETE);

// Responses (documentation), each named in the OpenAPI document's components.schemas.
const Message = named('Message', Type.Object({ message: Type.String() }));
const Errors = named('Errors', Type.Object({ Errors: Type.Array(Message.ref) }, { description: 'the error body' }));
export const ErrorBodySchema = Errors.ref;
const Submission = named('JobSubmission', Type.Object({ Warnings: Type.Optional(Type.Array(Message.ref)) }, { description: 'submission result; {} without warnings' }));
export const JobSubmission = Submission.ref;

const Ref = Type.Object({ Id: Type.Optional(IdValue), Name: Type.Optional(Type.String({ maxLength: 100 })) });
const CategoryRef = Type.Object({ Id: Type.Optional(IdValue), Name: Type.Optional(Type.String({ maxLength: 100 })), Categories: Type.Optional(Type.Array(IdValue)) });
const ItemUri = Type.String({ pattern: '^itemdb://[0-9]+/[0-9]+/.+$' });
const ListedItem = named(
  'ListedItem',
  Type.Union(
    [
      Type.Object({ Id: IdValue, Type: Type.Literal('ItemFields'), Uri: ItemUri }),
      Type.Object({
        Id: IdValue,
        Name: Type.String({ maxLength: 100 }),
        Type: Type.Union([Type.Literal('Primary'), Type.Literal('Referenced')]),
        Uri: ItemUri,
        Brand: Type.Optional(Ref),
        Category: Type.Optional(CategoryRef),
        Image: Type.Optional(Type.String()),
        Merchant: Type.Optional(Ref),
      }),
    ],
    { description: 'an item in the listed form (List Catalog Items)' },
  ),
);
const Item = named(
  'Item',
  Type.Union(
    [
      Type.Object({ Id: IdValue, Name: Type.String({ maxLength: 100 }), Uri: ItemUri, Type: Type.Literal('ItemFields') }),
      Type.Object({
        Id: IdValue,
        Name: Type.String({ maxLength: 100 }),
        Uri: ItemUri,
        Type: Type.Union([Type.Literal('Primary'), Type.Literal('Referenced')]),
        Data: RawItem.ref,
        Brand: Type.Optional(Ref),
        Category: Type.Optional(CategoryRef),
        Image: Type.Optional(Type.String()),
        Merchant: Type.Optional(Ref),
        Product: Type.Optional(Ref),
      }),
    ],
    { description: 'an item in the full form (Get Catalog Item)' },
  ),
);
export const FullItem = Item.ref;
const Scope = named(
  'Scope',
  Type.Object(
    {
      q: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      'boundary-id': Type.Optional(IdValue),
      comparison: Type.Optional(Comparison),
      limit: Type.Optional(Type.Number()),
      order: Type.Optional(Type.Literal('asc')),
    },
    { description: 'the parameters of one page of items (Metadata.Scope, NextQuery, PrevQuery)' },
  ),
);
const CatalogScope = named(
  'CatalogScope',
  Type.Object(
    {
      'boundary-id': Type.Optional(Type.Number({ minimum: 100 })),
      comparison: Type.Optional(Comparison),
      limit: Type.Optional(Type.Number()),
      order: Type.Optional(Type.Literal('asc')),
    },
    { description: 'the parameters of one page of catalogs' },
  ),
);
const Page = named(
  'ItemPage',
  Type.Object({
    Items: Type.Array(ListedItem.ref),
    Metadata: Type.Object({ Scope: Scope.ref }),
    NextQuery: Type.Optional(Scope.ref),
    PrevQuery: Type.Optional(Scope.ref),
  }),
);
export const ItemPage = Page.ref;
const ListedCatalog = named('ListedCatalog', Type.Object({ Id: Type.Number({ minimum: 100 }), Name: Type.String({ maxLength: 100 }), Type: Type.Literal('Product') }));
const Catalogs = named(
  'CatalogPage',
  Type.Object({
    Items: Type.Array(ListedCatalog.ref),
    Metadata: Type.Object({ Scope: CatalogScope.ref }),
    NextQuery: Type.Optional(CatalogScope.ref),
    PrevQuery: Type.Optional(CatalogScope.ref),
  }),
);
export const CatalogPage = Catalogs.ref;
const Catalog = named(
  'Catalog',
  Type.Object(
    {
      Id: Type.Number({ minimum: 100 }),
      Name: Type.String({ maxLength: 100 }),
      Type: Type.Literal('Product'),
      Aliases: Type.Object({ Id: Type.String({ maxLength: 50 }) }, { additionalProperties: true }),
      SearchableAttributes: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
      UIConfiguration: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
      Configuration: Type.Optional(Type.Object({}, { additionalProperties: true })),
    },
    { additionalProperties: true, description: 'a catalog in the full form (Get Catalog)' },
  ),
);
export const FullCatalog = Catalog.ref;

/**
 * Every named schema, in the order they are added to Fastify (a schema after those it refers
 * to); each appears under its `$id` in `components.schemas` of /openapi.json.
 */
export const NAMED_SCHEMAS: readonly TSchema[] = [RawItem, Message, Errors, Submission, ListedItem, Item, Scope, CatalogScope, Page, ListedCatalog, Catalogs, Catalog].map((n) => n.schema);

/** Adds the named schemas to `app`, so that routes (and the OpenAPI document) refer to them by `$ref`. */
export function addNamedSchemas(app: FastifyInstance): void {
  for (const schema of NAMED_SCHEMAS) app.addSchema(schema);
}

/** The error responses every route documents. */
export const ERROR_RESPONSES = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
} as const;

/** How @fastify/swagger names a schema added with `addSchema` in `components.schemas`: by its `$id`. */
export const schemaNames = {
  buildLocalReference(json: Record<string, unknown>, _baseUri: unknown, _fragment: unknown, i: number): string {
    return typeof json['$id'] === 'string' ? json['$id'] : `def-${i}`;
  },
};
