/**
 * The byte order mark (U+FEFF) some editors write first in a UTF-8 file. Files catq reads (a
 * catalog, a job, items, a config, a key, standard input) are read without it, everywhere.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
