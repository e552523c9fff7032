import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../src/cli/shell-word.js';
import { terminalText } from '../../src/cli/terminal-text.js';
import { catq, tempDir, writeTemp } from './helpers.js';

// `catq run`'s page hints (`next page: --boundary-id ...`) echoed the ids of the items as they
// were: an id holding ESC, a C1 control (U+009B is a one-character CSI on many terminals) or a
// bidirectional control (U+202E reorders the line) reached the terminal as it was, and so did the
// ids and names of preflight's examples, explain's item line and the messages that quote them.
// The CLI's one owner, src/cli/terminal-text.ts, writes them as JSON escapes; shellWord, which
// writes the hints, quotes them as $'...' so that a hint still pastes back as the same id.

/** Every character that must never reach a terminal from the user's data (a line break aside). */
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_CODES = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];
const IDS = ['a\u001b[31mX', 'b\u009b31mY', 'c\u202eZ', 'd\u2066W\u2069', "e\u200e'V", 'f\u061c\\U', 'g\u0085T', 'h\u007fS'];

describe('terminalText', () => {
  it('writes every C0 and C1 control, DEL and bidirectional control as its JSON escape', () => {
    for (const code of UNSAFE_CODES) {
      const c = String.fromCharCode(code);
      const shown = terminalText(`x${c}y`);
      expect(shown, `U+${code.toString(16)}`).not.toMatch(RAW);
      expect(shown).toBe(`x\\u${code.toString(16).padStart(4, '0')}y`);
    }
    expect(terminalText('a\nb')).toBe('a\\u000ab');
    expect(terminalText('a\nb\u001b', { lines: true })).toBe('a\nb\\u001b');
  });

  it('leaves other text as it is, and JSON text valid JSON of the same string', () => {
    expect(terminalText('Café 東京 🙂 ‍zw')).toBe('Café 東京 🙂 ‍zw');
    for (const id of IDS) expect(JSON.parse(terminalText(JSON.stringify(id)))).toBe(id);
  });
});

describe('shellWord', () => {
  it('quotes a word with a control character as $\'...\', printable, and pasting back gives the word', () => {
    const bash = spawnSync('bash', ['-c', 'exit 0']).status === 0;
    for (const id of [...IDS, 'plain', "it's", '12', '"12"']) {
      const word = shellWord(id);
      expect(word, JSON.stringify(id)).not.toMatch(RAW);
      if (RAW.test(id)) expect(word.startsWith("$'")).toBe(true);
      if (bash) expect(spawnSync('bash', ['-c', `printf %s ${word}`], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } }).stdout, word).toBe(id);
    }
  });
});

describe('the CLI echoes no control character of an id or a name', () => {
  const dir = tempDir();
  const items = writeTemp(dir, 'ids.ndjson', IDS.map((id, i) => JSON.stringify({ id, sku: 's', title: `t ${id}`, brand: 'Acme', price: i, in_stock: true })).join('\n') + '\n');

  it('catq run: the page hints, and the hint run again lists the next page', async () => {
    const first = await catq(['run', 'price >= 0', '--items', items, '--limit', '1']);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe("next page: --boundary-id $'a\\x1b[31mX'\n");
    for (let i = 1; i < IDS.length; i++) {
      const r = await catq(['run', 'price >= 0', '--items', items, '--limit', '1', '--boundary-id', IDS[i - 1] as string]);
      expect(r.code).toBe(0);
      expect(r.stderr, r.stderr).not.toMatch(RAW);
      expect(r.stderr).toContain('previous page: --boundary-id $');
      // The next page hint, read back by a shell, is the id of the item this page listed.
      const listed = (JSON.parse(r.stdout) as { id: string }).id;
      expect(listed).toBe(IDS[i]);
      const hint = /^next page: --boundary-id (.*)$/m.exec(r.stderr)?.[1];
      if (i < IDS.length - 1) {
        expect(hint).toBeDefined();
        const bash = spawnSync('bash', ['-c', `printf %s ${hint}`], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
        if (bash.status === 0) expect(bash.stdout).toBe(listed);
      }
    }
  });

  it('catq preflight: the examples (id and name)', async () => {
    const r = await catq(['preflight', 'price >= 0', '--items', items, '--examples', String(IDS.length)]);
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout).toContain('  a\\u001b[31mX t a\\u001b[31mX');
    expect(r.stdout).toContain('  c\\u202eZ t c\\u202eZ');
  });

  it('catq explain: the item line, the values, and the fix of an id not found', async () => {
    const r = await catq(['explain', '--items', items, '--id', IDS[1] as string, 'price >= 0 and title matches "t"']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout).toContain('item b\\u009b31mY "t b\\u009b31mY" matches');
    const missing = await catq(['explain', '--items', items, '--id', 'zz\u202e', 'price >= 0']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).not.toMatch(RAW);
    expect(missing.stderr).toContain("the first item's is --id $'a\\x1b[31mX'");
  });

  it('catq lint: a message that quotes a field name', async () => {
    const r = await catq(['lint', '`ti\u202etle\u009b` = "x"']);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toMatch(RAW);
    expect(r.stdout).toContain('Unknown field "ti tle "');
  });
});
