import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import { authenticate } from './auth.js';
import { registerCors } from './cors.js';
import { errorBody, errorHandler, HttpError } from './errors.js';
import type { ServiceContext } from './context.js';
import { batchRoutes } from './routes/batch.js';
import { catalogRoutes } from './routes/catalogs.js';
import { homeRoutes } from './routes/home.js';
import { itemRoutes } from './routes/items.js';
import { addNamedSchemas, schemaNames } from './schemas.js';

/** PostgreSQL error classes that mean "this data cannot be stored or compared" (a 400, not a 500). */
const DATA_ERROR = /^(22|54)/;

/**
 * The Fastify application of the service: the seven operations under `/v1/catalog`, the OpenAPI
 * document at `/openapi.json`, and `/`. Every route's schema validates its requests (all problems
 * at once) and feeds the OpenAPI document; one error handler writes every failure as
 * `{ Errors: [{ message }] }`.
 */
export async function buildApp(ctx: ServiceContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: ctx.bodyLimit,
    // Items are stored as sent: a "__proto__" or "constructor" key is data (JSON.parse makes it an
    // own property, and nothing here merges objects by assignment).
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: true } },
    routerOptions: { maxParamLength: 2000, ignoreTrailingSlash: true },
    clientErrorHandler: writeClientError,
    // Errors raised before routing (a URL that does not percent-decode, ...) get the Errors body too.
    frameworkErrors: (error, _req, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply).status(status).send(errorBody(error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid: a percent escape does not decode to UTF-8 text.' : error.message || 'Bad request.'));
    },
  });
  // Response schemas document the interface; responses are written as they are.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((error, request, reply) => {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && DATA_ERROR.test(code) && !(error instanceof HttpError)) {
      void reply.status(400).send(errorBody(`The database cannot hold or compare this data: ${(error as Error).message}.`));
      return;
    }
    if ((error as { statusCode?: number }).statusCode === undefined && !(error instanceof HttpError) && !(error as { validation?: unknown }).validation) {
      process.stderr.write(`catq-server: ${request.method} ${request.url.slice(0, 200)} failed: ${(error as Error).stack ?? String(error)}\n`);
    }
    errorHandler(error as never, request, reply);
  });
  app.setNotFoundHandler((req, reply) => {
    void reply.status(404).send(errorBody(`No such route: ${req.method} ${req.url.split('?')[0]?.slice(0, 200)}`));
  });

  // JSON, or the legacy form encoding; nothing else (Fastify would also read text/plain).
  app.removeContentTypeParser('text/plain');
  // Legacy form bodies: the JSON object is the value of one form key.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const form = new URLSearchParams(body as string);
    const keys = [...new Set(form.keys())];
    if (keys.length !== 1) {
      done(new HttpError(400, [`A form body must have exactly one key whose value is the JSON object (such as Items=... or body=...), but it has ${keys.length}.`]), undefined);
      return;
    }
    try {
      let value: unknown = JSON.parse(form.get(keys[0] as string) as string);
      // `Items=[...]` (the array under its own name) is read as { "Items": [...] }.
      if (keys[0] === 'Items' && Array.isArray(value)) value = { Items: value };
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('it is not a JSON object');
      done(null, value);
    } catch (e) {
      done(new HttpError(400, [`The value of the form key "${keys[0]}" must be the JSON object of the request: ${(e as Error).message}.`]), undefined);
    }
  });

  await app.register(swagger, {
    refResolver: schemaNames,
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Catalog management service (catq-server)', version: '1.0.0', description: 'Product catalogs and their items, with the q search query.' },
      components: {
        securitySchemes: {
          ServiceApiKey: { type: 'apiKey', in: 'header', name: 'X-Service-ApiKey' },
          LegacyApiKey: { type: 'apiKey', in: 'header', name: 'X-Legacy-ApiKey' },
        },
      },
      security: [{ ServiceApiKey: [] }, { LegacyApiKey: [] }],
    },
  });

  addNamedSchemas(app);
  await registerCors(app, ctx.corsOrigins);

  app.decorateRequest('networkId', 0);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/v1/') && req.url !== '/v1') return;
    const network = authenticate(req.headers, ctx.keys);
    if (network === undefined) {
      const given = req.headers['x-service-apikey'] !== undefined || req.headers['x-legacy-apikey'] !== undefined;
      throw new HttpError(401, [given ? 'The API key is not valid for this network.' : 'An API key is required: send it in the X-Service-ApiKey (or X-Legacy-ApiKey) header.']);
    }
    req.networkId = network;
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  homeRoutes(app, ctx.playgroundDir);
  catalogRoutes(app, ctx);
  itemRoutes(app, ctx);
  batchRoutes(app, ctx);
  return app;
}

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (headers or URL over Node's 16 KB
 * limit, as a `q` of that size makes them; a body shorter than its Content-Length; ...) get the
 * interface's Errors body too, then the connection closes.
 */
function writeClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request line and headers are over 16 KB: send a shorter URL (q) or fewer headers.'
      : status === 408
        ? 'The request took too long to arrive.'
        : `The request is not valid HTTP (${error.code ?? 'parse error'}): check its Content-Length and headers.`;
  const body = JSON.stringify(errorBody(message));
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
