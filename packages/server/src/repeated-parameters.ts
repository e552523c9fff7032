/**
 * The 400 messages for query-string parameters given more than once (`?limit=5&limit=50`).
 * Fastify's parser makes such a parameter an array of its values, and every operation reads one
 * value of each: keeping the first or the last would drop the others without a word, and reading
 * the array as a value gives a misleading message (two `q` texts read as a query of two clauses).
 * One message per repeated name, in the order of the query string.
 */
export function repeatedParameterErrors(query: unknown): string[] {
  if (query === null || typeof query !== 'object') return [];
  const out: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      out.push(`At /${name.replace(/~/g, '~0').replace(/\//g, '~1')}: The query parameter ${JSON.stringify(name)} is given ${value.length} times; give it once.`);
    }
  }
  return out;
}
