/**
 * The query string parser of the service (Fastify's `querystringParser`). Fastify's default does
 * form decoding, where `+` is a space: `q=[["sku","A+B"]]` matched "A B", and `1e+3` in a `q`
 * was cut off. Here percent escapes are decoded and `+` stays a plus sign, as docs/wire.md says.
 *
 * Each value is decoded once, as Fastify's parser decoded it: a `q` then reaches catq's `decode`
 * as before (plain JSON, or the URI-encoded text it decodes once itself), and a value whose
 * escapes do not decode is kept as sent, as Fastify's parser kept it: a bad escape in `q` is
 * still catq's `wire/bad-percent-encoding` with its offset; other values are refused by the
 * route's checks.
 *
 * A name given more than once gets an array of its values (as Fastify's
 * parser does: repeated-parameters.ts refuses it).
 */
export function parseQueryString(input: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const part of input.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodeOrKeep(eq < 0 ? part : part.slice(0, eq));
    const raw = eq < 0 ? '' : part.slice(eq + 1);
    const value = decodeOrKeep(raw);
    const before = out[name];
    out[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return out;
}

/** The percent-decoded text (`+` stays), or the text as sent when an escape does not decode to UTF-8. */
function decodeOrKeep(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}


/**
 * The query parameters of a request as its URL sends them: text, decoded as
 * {@link parseQueryString} decodes them. The listing routes give these to catq, whose rules for
 * a URL's text are exact (`limit` is decimal digits, a catalog `boundary-id` the text of a
 * number). `req.query` is not that once the route's schema has run: Fastify's Ajv coerces it in
 * place (`coerceTypes`), taking any text JavaScript reads as a number, so `limit=0x10` was 16
 * and `1e1`, `+10`, ` 10` and `10.0` were 10.
 */
export function sentQuery(url: string): Record<string, string | string[]> {
  const at = url.indexOf('?');
  return at < 0 ? (Object.create(null) as Record<string, string | string[]>) : parseQueryString(url.slice(at + 1));
}
