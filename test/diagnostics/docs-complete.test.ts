/**
 * docs/diagnostics.md documents every diagnostic code: a `### \`code\`` heading per code in CODES,
 * no heading for a code that does not exist, and the documented severity matches the code's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODES } from '../../src/diagnostics/index.js';

const doc = readFileSync(new URL('../../docs/diagnostics.md', import.meta.url), 'utf8');
const sections = new Map<string, string>();
for (const part of doc.split(/^### /m).slice(1)) {
  const m = /^`([^`]+)`\s*\n([\s\S]*)$/.exec(part);
  if (m) sections.set(m[1]!, m[2]!);
}

describe('docs/diagnostics.md', () => {
  it.each(Object.keys(CODES))('documents %s', (code) => {
    expect(sections.has(code), `add a "### \`${code}\`" section to docs/diagnostics.md`).toBe(true);
  });

  it('documents no code that does not exist', () => {
    expect([...sections.keys()].filter((c) => !(c in CODES))).toEqual([]);
  });

  it('gives each code its real severity', () => {
    for (const [code, text] of sections) {
      const def = CODES[code as keyof typeof CODES];
      if (!def) continue;
      const word = { error: 'Error', warning: 'Warning', info: 'Info' }[def.severity];
      expect(text.trimStart().startsWith(`**${word}`), `${code} should say **${word}**`).toBe(true);
    }
  });
});
