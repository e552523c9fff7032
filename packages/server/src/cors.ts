import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** The headers a browser client of the API sends: the two key headers and the JSON body's type. */
const ALLOWED_HEADERS = ['X-Service-ApiKey', 'X-Legacy-ApiKey', 'Content-Type', 'Accept'];

/**
 * Whether `text` is an origin a browser sends in `Origin` (`scheme://host[:port]`, no path), or
 * `*` (any origin: safe for this API, whose credentials are headers a page must be given, never
 * cookies). Returns the problem, or undefined.
 */
export function originProblem(text: string): string | undefined {
  if (text === '*') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${JSON.stringify(text)} is not an origin: write scheme://host[:port], such as https://app.example.com.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${JSON.stringify(text)} is not an http(s) origin.`;
  if (url.origin !== text) return `${JSON.stringify(text)} is not an origin as browsers send it: write ${JSON.stringify(url.origin)} (no path, no trailing slash, lower-case host).`;
  return undefined;
}

/**
 * CORS for browser clients of the API, off unless origins are given: a request whose `Origin`
 * is one of `origins` gets `Access-Control-Allow-Origin`, and preflight requests (`OPTIONS` with
 * `Access-Control-Request-Method`) are answered 204 with the methods and headers of the
 * interface, before the API key is checked (a preflight never carries it).
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[] | undefined): Promise<void> {
  if (!origins?.length) return;
  await app.register(cors, {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PATCH'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
    strictPreflight: true,
  });
}
