import { TERMINAL_UNSAFE } from './terminal-text.js';

// eslint-disable-next-line no-control-regex
const UNSAFE_ALL = new RegExp(TERMINAL_UNSAFE.source, 'g');

/**
 * A word for a POSIX shell: as it is when it is plain, else single-quoted (what a user can paste
 * back). A word holding a character that must not reach a terminal as it is (terminal-text.ts:
 * controls, bidirectional controls) is written in ANSI-C quotes instead, `$'a\x1b[1m'`, each such
 * character as `\xHH` or `\uHHHH` (bash, zsh, ksh93): printed safely, and still the same word
 * when pasted back.
 */
export function shellWord(w: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(w)) return w;
  if (!TERMINAL_UNSAFE.test(w)) return `'${w.replace(/'/g, `'\\''`)}'`;
  const escaped = w.replace(/[\\']/g, '\\$&').replace(UNSAFE_ALL, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x80 ? '\\x' + code.toString(16).padStart(2, '0') : '\\u' + code.toString(16).padStart(4, '0');
  });
  return `$'${escaped}'`;
}
