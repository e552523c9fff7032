import { toErrorBody, type Diagnostic } from 'catq';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The interface's error body. */
export interface ErrorBody {
  readonly Errors: { readonly message: string }[];
}

/** An error body from messages. */
export function errorBody(...messages: string[]): ErrorBody {
  return { Errors: messages.map((message) => ({ message })) };
}

/**
 * The messages of catq's 400 body for these diagnostics (`toErrorBody`): each error's place (its
 * JSON pointer, or its character in the query text) and its code. Warnings are left out.
 */
export function diagnosticMessages(diagnostics: readonly Diagnostic[]): string[] {
  return toErrorBody(diagnostics).Errors.map((e) => e.message);
}

/** Thrown by handlers for a 4xx with its messages (caught by {@link errorHandler}). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string[],
  ) {
    super(messages.join(' '));
  }
}

/** At most this many validation messages in one body (a 1000-item batch can have thousands). */
const MAX_MESSAGES = 100;

interface AjvError {
  readonly instancePath?: string;
  readonly message?: string;
  readonly keyword?: string;
  readonly params?: Record<string, unknown>;
}

const PLACES: Record<string, string> = { params: 'Path parameter', querystring: 'Query parameter', body: 'Body', headers: 'Header' };

/** One readable message per schema violation: where, and what is wrong. */
export function validationMessages(errors: readonly AjvError[], context: string | undefined): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const path = (e.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
    const place = PLACES[context ?? ''] ?? 'Request';
    let what = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties' && typeof e.params?.['additionalProperty'] === 'string') what = `has an unknown property "${e.params['additionalProperty']}"`;
    if (e.keyword === 'enum' && Array.isArray(e.params?.['allowedValues'])) what = `must be one of ${(e.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    const msg = context === 'body' ? `${place}${path ? ` at ${path}` : ''} ${what}.` : `${place}${path ? ` "${path}"` : ''} ${what}.`;
    if (!out.includes(msg)) out.push(msg);
  }
  if (out.length > MAX_MESSAGES) return [...out.slice(0, MAX_MESSAGES), `... and ${out.length - MAX_MESSAGES} more problems.`];
  return out;
}

/**
 * The one error handler: every failure becomes the spec's `{ Errors: [{ message }] }`. Schema
 * violations, unreadable bodies and unsupported content types are 400; a body over the size limit
 * is 413; handler errors carry their own status; anything unexpected is a 500 (logged, with a
 * message that gives nothing away).
 */
export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    void reply.status(error.statusCode).send(errorBody(...error.messages));
    return;
  }
  const e = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (e.validation) {
    // A catalog id in the path written otherwise than in decimal digits (path-ids.ts), with the schema's problems.
    // (It replaces the schema's message on the same parameter, such as "must be >= 100" for 0x10.)
    const own = request.catalogIdProblem;
    const rest = own && e.validationContext === 'params' ? e.validation.filter((v) => v.instancePath !== '/catalogId') : e.validation;
    void reply.status(400).send(errorBody(...(own ? [own] : []), ...validationMessages(rest, e.validationContext)));
    return;
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      void reply.status(413).send(errorBody(`The request body is larger than the limit of ${request.routeOptions.bodyLimit ?? 0} bytes; send fewer items per batch.`));
      return;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      void reply.status(400).send(errorBody(`Unsupported Content-Type ${JSON.stringify(request.headers['content-type'] ?? '')}: send application/json (or application/x-www-form-urlencoded with the JSON object as the value of one form key).`));
      return;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      void reply.status(400).send(errorBody('The request body is empty; send a JSON object such as {"Items": [...]}.'));
      return;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      void reply.status(400).send(errorBody(`The request body is not valid JSON: ${e.message}`));
      return;
  }
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'request failed');
    void reply.status(500).send(errorBody('Internal error; the request was not completed.'));
    return;
  }
  void reply.status(status === 415 ? 400 : status).send(errorBody(e.message || 'Bad request.'));
}
