/** Quotes an identifier for PostgreSQL. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
