/** A word for a POSIX shell: as it is when it is plain, else single-quoted (what a user can paste back). */
export function shellWord(w: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}
