import { createHash, randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { constants as zlib } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import compress from '@fastify/compress';
import { authenticate } from './auth.js';
import { checkCharset, parseFormBody, parseJsonBody, utf8Text } from './bodies.js';
import { compressOnSend, encodedBodyProblem, requestCoding } from './compression.js';
import type { LogLevel } from './config.js';
import { registerCors } from './cors.js';
import { checkCatalogIdText } from './path-ids.js';
import { parseQueryString } from './querystring.js';
import { repeatedParameterErrors } from './repeated-parameters.js';
import { RouteMethods } from './route-methods.js';
import { errorBody, errorHandler, HttpError } from './errors.js';
import type { Readiness } from './health.js';
import { DatabaseUnavailable } from './store/failures.js';
import type { ServiceContext } from './context.js';
import { batchRoutes } from './routes/batch.js';
import { catalogRoutes } from './routes/catalogs.js';
import { homeRoutes } from './routes/home.js';
import { itemRoutes } from './routes/items.js';
import { addNamedSchemas, schemaNames } from './schemas.js';

/**
 * The default of `--max-header-size`: most bytes of a request line and its headers, four times
 * Node's 16 KB. Why: a NextQuery or PrevQuery carries `q` URI-encoded, and sent as a URL parameter
 * it is encoded again (each escape `%22` becomes `%2522`), so the URL of a next page is up to 5/3
 * of the first page's. With 16 KB, a `one-of` of 1,000 short values (the list limit; about 15 KB
 * of URL) answered its first page and then a 431 for the next; 64 KB lets every next page of a
 * first page up to about 38 KB through.
 */
export const DEFAULT_MAX_HEADER_SIZE = 64 * 1024;

/** PostgreSQL error classes that mean "this data cannot be stored or compared" (a 400, not a 500). */
const DATA_ERROR = /^(22|54)/;

/** How the application runs in production (all optional: tests build it bare). */
export interface AppOptions {
  /** pino level of Fastify's logger (one JSON line per request at `info`); default `silent`. */
  readonly logLevel?: LogLevel;
  /** Where log lines go (default standard error). */
  readonly logStream?: NodeJS.WritableStream;
  /** PEM certificate and key: HTTPS. */
  readonly https?: { readonly cert: Buffer; readonly key: Buffer };
  readonly trustProxy?: boolean | number | string;
  /** Longest a request may take to arrive, in ms (default 30000). */
  readonly requestTimeoutMs?: number;
  /** Most bytes of a request line and its headers (default {@link DEFAULT_MAX_HEADER_SIZE}); a longer one is a 431. */
  readonly maxHeaderSize?: number;
  /** Requests per minute per API key (0 or absent: no limit). */
  readonly rateLimit?: number;
  /** `/readyz` and the recovery after a database failure. */
  readonly readiness?: Readiness;
  /** Most members of one batch item (default 20000). */
  readonly maxItemMembers?: number;
  /** Compress responses (default true). */
  readonly compress?: boolean;
}

/**
 * The text Fastify's `listen` logs for each address (its `listenTextResolver`, start.ts), which the
 * logger drops: catq-server says it listens on one line of its own, on standard output
 * (`listening on URL`, cli.ts); Fastify's `Server listening at URL` on standard error made two.
 */
export const FASTIFY_LISTENING_TEXT = 'catq-server: Fastify is listening (not logged)';

/** `networkId` of a request whose key was not checked (no network has it). */
export const NO_NETWORK = -1;

/**
 * Whether a request needs an API key: every operation of the interface, however its path is
 * spelled, and anything else under /v1. The route decides, not the URL's text: the router decodes
 * percent escapes before it matches, so `/%761/catalog` is the route `/v1/catalog`, and a check of
 * the URL's first characters let such a request through without a key (with the keys of network
 * 0, such as `--network-id 0`, it read and wrote every catalog).
 */
function needsKey(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  if (route !== undefined && (route === '/v1' || route.startsWith('/v1/'))) return true;
  // No route of the interface (a 404, or the console's files): a path under /v1, decoded as the router decodes it.
  const path = req.url.split('?', 1)[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* the path as sent */
  }
  return [path, decoded].some((p) => p === '/v1' || p.startsWith('/v1/'));
}

/** A usable `X-Request-Id` from the client (printable ASCII, at most 128 characters), else a new UUID. */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\x21-\x7e]{1,128}$/.test(given) ? given : randomUUID();
}

/**
 * The Fastify application of the service: the seven operations under `/v1/catalog`, the OpenAPI
 * document at `/openapi.json`, and `/`. Every route's schema validates its requests (all problems
 * at once) and feeds the OpenAPI document; one error handler writes every failure as
 * `{ Errors: [{ message }] }`.
 */
export async function buildApp(ctx: ServiceContext, ops: AppOptions = {}): Promise<FastifyInstance> {
  const requestTimeout = ops.requestTimeoutMs ?? 30_000;
  // Node checks request and header timeouts on this interval (its default, 30 s, would let a
  // slow-body socket live up to twice the timeout).
  const maxHeaderBytes = ops.maxHeaderSize ?? DEFAULT_MAX_HEADER_SIZE;
  const serverOptions = { connectionsCheckingInterval: Math.max(250, Math.min(5000, requestTimeout / 4)), headersTimeout: Math.min(60_000, requestTimeout), maxHeaderSize: maxHeaderBytes };
  const level = ops.logLevel ?? 'silent';
  const app = Fastify({
    logger:
      level === 'silent'
        ? false
        : {
            level,
            stream: ops.logStream ?? process.stderr,
            // Fastify's own "listening" line is not written (FASTIFY_LISTENING_TEXT).
            hooks: {
              logMethod(args, method) {
                if (args[0] !== FASTIFY_LISTENING_TEXT) method.apply(this, args);
              },
            },
          },
    // Fastify's two lines per request are off: onResponse writes one (below).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    requestIdHeader: false,
    requestTimeout,
    return503OnClosing: false,
    ...(ops.https ? { https: { ...serverOptions, cert: ops.https.cert, key: ops.https.key } } : { http: serverOptions }),
    ...(ops.trustProxy === undefined ? {} : { trustProxy: ops.trustProxy as never }),
    bodyLimit: ctx.bodyLimit,
    // Items are stored as sent: a "__proto__" or "constructor" key is data (JSON.parse makes it an
    // own property, and nothing here merges objects by assignment).
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: true } },
    // No path parameter is over Node's limit on the request line and headers (a longer URL is a
    // 431 from writeClientError), so every id that fits in a URL reaches its route.
    // Percent escapes only: `+` is a plus sign in q and every parameter (querystring.ts).
    routerOptions: { maxParamLength: maxHeaderBytes, ignoreTrailingSlash: true, querystringParser: parseQueryString },
    clientErrorHandler: (error, socket) => writeClientError(error, socket, maxHeaderBytes),
    // Errors raised before routing (a URL that does not percent-decode, ...) get the Errors body too.
    frameworkErrors: (error, _req, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        error.code === 'FST_ERR_BAD_URL'
          ? 'The URL is not valid: a percent escape does not decode to UTF-8 text.'
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? `A path parameter is over ${maxHeaderBytes} characters: send a shorter URL.`
            : (error.message || 'Bad request.').slice(0, 200);
      void (reply as unknown as FastifyReply).status(status).send(errorBody(message));
    },
  }) as unknown as FastifyInstance;
  // Response schemas document the interface; responses are written as they are.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DatabaseUnavailable) {
      request.log.warn({ cause: (error.cause as Error | undefined)?.message ?? error.message, code: (error.cause as { code?: unknown } | undefined)?.code }, 'database unavailable');
      void reply.status(503).header('retry-after', String(error.retryAfter)).send(errorBody(error.message));
      return;
    }
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && DATA_ERROR.test(code) && !(error instanceof HttpError)) {
      void reply.status(400).send(errorBody(`The database cannot hold or compare this data: ${(error as Error).message}.`));
      return;
    }
    if ((error as { statusCode?: number }).statusCode === undefined && !(error instanceof HttpError) && !(error as { validation?: unknown }).validation) {
      // The cause of a 500, with the request id; never the body or a key.
      request.log.error({ err: error }, 'request failed');
      if (level === 'silent') process.stderr.write(`catq-server: ${request.method} ${request.url.slice(0, 200)} failed: ${(error as Error).stack ?? String(error)}\n`);
    }
    errorHandler(error as never, request, reply);
  });
  const routeMethods = new RouteMethods(maxHeaderBytes);
  app.addHook('onRoute', (route) => routeMethods.add(route.url, route.method));
  const notFound = (req: FastifyRequest, reply: FastifyReply): void => {
    const path = req.url.split('?')[0] ?? '';
    const allow = routeMethods.allowed(path).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    // A path the route of this very method did not take is not a 405 (it is a 404 below).
    const own = allow.includes(req.method) || (req.method === 'HEAD' && allow.includes('GET'));
    if (allow.length && !own) {
      // The path exists with other methods: say which (a 405 with Allow, RFC 9110 §15.5.6).
      void reply.status(405).header('allow', allow.join(', ')).send(errorBody(`${req.method} is not a method of ${path.slice(0, 200)}: it takes ${allow.join(' or ')}.`));
      return;
    }
    const what = req.method === 'GET' && !path.startsWith('/v1/') ? `No such page: ${path.slice(0, 200)}` : `No such route: ${req.method} ${path.slice(0, 200)}`;
    void reply.status(404).send(errorBody(what));
  };

  // JSON, or the legacy form encoding; nothing else (Fastify would also read text/plain).
  app.removeContentTypeParser('text/plain');
  // JSON as bytes: not UTF-8 is a 400 naming the byte; batch items are bounded in size.
  app.removeContentTypeParser('application/json');
  const maxMembers = ops.maxItemMembers ?? 20_000;
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    try {
      checkCharset(req.headers['content-type']);
      done(null, parseJsonBody(body as Buffer, maxMembers));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  // Legacy form bodies: the JSON object is the value of one form key.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      checkCharset(req.headers['content-type']);
      text = utf8Text(body as Buffer);
    } catch (e) {
      done(e as Error, undefined);
      return;
    }
    if (/^\s*[{[]/.test(text)) {
      // JSON sent without its Content-Type: curl -d says it is a form unless told otherwise.
      done(new HttpError(400, ['The body is JSON, but its Content-Type is application/x-www-form-urlencoded (what curl -d sends unless told otherwise): send it with Content-Type: application/json.']), undefined);
      return;
    }
    const form = new Map<string, string>();
    try {
      // The first value of a key, as URLSearchParams.get read it.
      for (const [k, v] of parseFormBody(text)) if (!form.has(k)) form.set(k, v);
    } catch (e) {
      done(e as Error, undefined);
      return;
    }
    const keys = [...form.keys()];
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

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
    // Shutting down: requests on connections still open are refused (the client sends them elsewhere).
    if (closing) {
      void reply.header('connection', 'close').header('retry-after', '1');
      throw new HttpError(503, ['The service is shutting down; send the request again (to another instance).']);
    }
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const line = { method: req.method, route, url: req.url.length > 300 ? `${req.url.slice(0, 300)}...` : req.url, status, ms: Math.round(reply.elapsedTime * 100) / 100, ip: req.ip };
    if (route === '/healthz' || route === '/readyz') req.log.debug(line, 'request');
    else req.log.info(line, 'request');
    const m = ctx.metrics;
    if (m) {
      const labels = { route, method: req.method, status: String(status) };
      m.requests.inc(labels);
      m.duration.observe(labels, reply.elapsedTime / 1000);
      const op = /\/batch\/(upsert|update|delete)$/.exec(route)?.[1];
      // The items the batch wrote (routes/batch.ts): not a dry run's, skipped ones or unknown ids.
      if (op && status === 200 && req.itemsWritten > 0) m.itemsWritten.inc({ operation: op }, req.itemsWritten);
      if (status === 503) m.unavailable.inc();
    }
  });

  if (ops.compress !== false) {
    // String and Buffer bodies (all of the service's): one zlib call each (compression.ts), which
    // costs about half of the plugin's zlib stream. It runs first and sets Content-Encoding, so
    // the plugin passes those replies on.
    app.addHook('onSend', compressOnSend);
    // A request body's Content-Encoding, read as HTTP reads it (any case, `identity` entries are
    // no coding; compression.ts), before the plugin's own preParsing hook (a route's hooks run
    // after the application's): the plugin is given the one coding in lower case, or no header;
    // a coding it cannot decode is a 400 naming those it can.
    app.addHook('preParsing', async (req) => {
      const { coding, problem } = requestCoding(req.headers);
      if (problem !== undefined) throw new HttpError(400, [problem]);
      if (coding === undefined) delete req.raw.headers['content-encoding'];
      else req.raw.headers['content-encoding'] = coding;
    });
    // The plugin: request bodies sent compressed, and any streamed response. Its threshold keeps
    // it off in-memory bodies, so the hook's choices (HEAD, a body that does not get smaller, a
    // refused coding) are not undone by a second compression.
    await app.register(compress, {
      global: true,
      threshold: Number.POSITIVE_INFINITY,
      encodings: ['br', 'gzip', 'deflate'],
      // The hook's fast levels (compression.ts): on JSON pages they already save most bytes;
      // higher levels cost far more CPU (brotli's default quality, 11, most of all).
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
      zlibOptions: { level: 1, memLevel: 9 },
    });
  } else {
    // Off: request bodies are not decompressed either, so one sent compressed is refused with
    // a message that says so (before it is read), not as bytes that are not UTF-8.
    app.addHook('preParsing', async (req) => {
      const problem = encodedBodyProblem(req.headers);
      if (problem !== undefined) throw new HttpError(400, [problem]);
    });
  }

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const r = ops.readiness;
    if (!r || (await r.probe())) return { ready: true };
    return reply.status(503).header('retry-after', '2').send(errorBody(`Not ready: ${r.state.reason}`));
  });
  addNamedSchemas(app);
  await registerCors(app, ctx.corsOrigins);

  checkCatalogIdText(app);
  // No network until the key is checked: a handler that ran without the check would see no catalog.
  app.decorateRequest('networkId', NO_NETWORK);
  app.decorateRequest('itemsWritten', 0);
  app.addHook('onRequest', async (req) => {
    if (!needsKey(req)) return;
    const network = authenticate(req.headers, ctx.keys);
    if (network === undefined) {
      const given = req.headers['x-service-apikey'] !== undefined || req.headers['x-legacy-apikey'] !== undefined;
      throw new HttpError(401, [given ? 'The API key is not valid for this network.' : 'An API key is required: send it in the X-Service-ApiKey (or X-Legacy-ApiKey) header.']);
    }
    req.networkId = network;
    const repeated = repeatedParameterErrors(req.query);
    if (repeated.length) throw new HttpError(400, repeated);
  });

  /** The rate limit's hook for 404 and 405 answers (below), when there is a limit. */
  let countNotFound: ReturnType<FastifyInstance['rateLimit']> | undefined;
  if (ops.rateLimit) {
    // Per API key: only requests whose key the check above took are counted, each against its
    // key's limit. The plugin's hook runs after that check (a 401 ends the request first), and
    // does not depend on it: a request without a checked key (a 401, a page of the console,
    // /openapi.json) is on the allow list, so it is never counted and never told a limit. (The
    // list used to be "the URL starts with /v1", which a percent-escaped path such as
    // /%761/catalog is not: a valid key was never limited through it.)
    // Loaded only when a limit is set (it is not needed otherwise, and costs start-up time).
    const { default: rateLimit } = await import('@fastify/rate-limit');
    await app.register(rateLimit, {
      global: true,
      max: ops.rateLimit,
      timeWindow: 60_000,
      hook: 'onRequest',
      allowList: (req) => req.networkId === NO_NETWORK,
      // The key as the check took it (the service header's when both are sent), digested.
      keyGenerator: (req) => createHash('sha256').update(String(req.headers['x-service-apikey'] ?? req.headers['x-legacy-apikey'])).digest('base64'),
      errorResponseBuilder: (_req, c) => {
        ctx.metrics?.rateLimited.inc();
        return new HttpError(429, [`Too many requests with this API key: the limit is ${c.max} per minute. Try again in ${Math.ceil(c.ttl / 1000)} s (Retry-After).`]);
      },
    });
    // The plugin's own hook with its options and counters: one budget per key for every answer.
    countNotFound = app.rateLimit();
  }

  // 404 and 405 (the not-found handler answers both) have no route, so the plugin's hook, which
  // it adds to each route, never ran for them: a valid key could probe unknown paths and wrong
  // methods under /v1 without limit. The handler gets the same hook, as an onRequest hook as on
  // the routes (before a body is read), after the key check (the application's onRequest hooks
  // run first): such a request with an accepted key is counted against that key; without one (a
  // 401, or a path outside /v1) it is on the allow list. Fastify runs every lifecycle hook given
  // here; its types name only preValidation and preHandler (keys-and-rate.test.ts checks it).
  const notFoundHooks = countNotFound ? { onRequest: countNotFound } : {};
  app.setNotFoundHandler(notFoundHooks as Parameters<FastifyInstance['setNotFoundHandler']>[0], notFound);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  homeRoutes(app, ctx.playgroundDir);
  catalogRoutes(app, ctx);
  itemRoutes(app, ctx);
  batchRoutes(app, ctx);
  return app;
}

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (headers or URL over
 * `--max-header-size`, as a `q` of that size makes them; a body shorter than its Content-Length; ...) get the
 * interface's Errors body too, then the connection closes.
 */
function writeClientError(error: Error & { code?: string }, socket: Socket, maxHeaderBytes: number): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? `The request line and headers are over ${maxHeaderBytes >= 1024 && maxHeaderBytes % 1024 === 0 ? `${maxHeaderBytes / 1024} KB` : `${maxHeaderBytes} bytes`}: send a shorter URL (q) or fewer headers (or start the service with a larger --max-header-size).`
      : status === 408
        ? 'The request took too long to arrive.'
        : `The request is not valid HTTP (${error.code ?? 'parse error'}): check its Content-Length and headers.`;
  const body = JSON.stringify(errorBody(message));
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
