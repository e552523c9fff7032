import { describe, expect, it } from 'vitest';
import { validate } from '../../src/check/index.js';
import { diagnostic, renderDiagnostics, type Diagnostic } from '../../src/diagnostics/index.js';
import { decode } from '../../src/wire/index.js';
import { catalog } from '../check/fixture.js';

const noToken = (start: number, end: number): Diagnostic =>
  diagnostic('schema/no-token', { field: 'title', operator: 'matches', value: '' }, { span: { start, end }, path: '/0/1' });

/** The caret line under source line `n` (1-based) of a rendering. */
function caretUnder(rendered: string, n: number): string | undefined {
  const lines = rendered.split('\n');
  const i = lines.findIndex((l) => new RegExp(`^\\s*${n} \\| `).test(l));
  return i < 0 ? undefined : lines[i + 1];
}

describe('renderDiagnostics', () => {
  it('renders validator diagnostics on a multi-line query (snapshot of the wording)', () => {
    const source = '[\n  ["prise", 5],\n  [["<", "price"], "20"],\n  [["present?", "meta"], false],\n  ["meta", {"a": 1}],\n  [["<", "price"], 10],\n  [[">", "price"], 30]\n]';
    const { query } = decode(source);
    const rendered = renderDiagnostics(validate(query!, catalog), source);
    expect(rendered).toMatchInlineSnapshot(`
      "error[schema/unknown-field]: Unknown field "prise": the catalog declares no searchable attribute of that name. Did you mean \`price\`?
       --> query:2:4
        |
      2 |   ["prise", 5],
        |    ^^^^^^^
         = fix: Replace "prise" with "price"

      error[schema/type-mismatch]: "price" needs a number here (it is a Number attribute), but the value is the string "20".
       --> query:3:20
        |
      3 |   [["<", "price"], "20"],
        |                    ^^^^
         = fix: Replace "20" with 20

      error[schema/operator-not-allowed]: "meta" is an Object attribute, which does not support \`=\`. Use \`present?\`.
       --> query:5:4
        |
      5 |   ["meta", {"a": 1}],
        |    ^^^^^^

      warning[schema/never-true]: The query can never match: "price" holds a single value, which cannot be both \`< 10\` and \`> 30\`.
       --> query:7:3
        |
      7 |   [[">", "price"], 30]
        |   ^^^^^^^^^^^^^^^^^^^^
         = note: the clause it contradicts: \`< 10\` (query:6:3)"
    `);
  });

  it('renders warnings with their notes and fixes (snapshot)', () => {
    const source = '[["color","red"],["color","red"],[["<","price"],5],[["<","price"],10]]';
    const { query } = decode(source);
    expect(renderDiagnostics(validate(query!, catalog), source)).toMatchInlineSnapshot(`
      "warning[schema/duplicate-clause]: This clause on "color" repeats an earlier one and changes nothing.
       --> query:1:18
        |
      1 | [["color","red"],["color","red"],[["<","price"],5],[["<","price"],10]]
        |                  ^^^^^^^^^^^^^^^
         = note: the same clause, first written here: \`= "red"\` (query:1:2)
         = fix: Remove the duplicate clause

      warning[schema/implied-clause]: This clause on "price" is implied by another clause and changes nothing.
       --> query:1:52
        |
      1 | [["color","red"],["color","red"],[["<","price"],5],[["<","price"],10]]
        |                                                    ^^^^^^^^^^^^^^^^^^
         = note: implied by this clause: \`< 5\` (query:1:34)
         = fix: Remove the redundant clause"
    `);
  });

  it('renders an empty span as one caret, and a range at the very end of the text', () => {
    const source = '[["title", ""]]';
    expect(renderDiagnostics([noToken(11, 11), noToken(source.length, source.length)], source)).toMatchInlineSnapshot(`
      "error[schema/no-token]: \`matches\` on "title" needs at least one word (letters or digits), but "" has none.
       --> query:1:12
        |
      1 | [["title", ""]]
        |            ^

      error[schema/no-token]: \`matches\` on "title" needs at least one word (letters or digits), but "" has none.
       --> query:1:16
        |
      1 | [["title", ""]]
        |                ^"
    `);
  });

  it('renders a range over several lines, without a stray caret after a final line break', () => {
    const source = 'line one\nline two\nthree';
    const rendered = renderDiagnostics([noToken(5, 18)], source);
    expect(rendered).toMatchInlineSnapshot(`
      "error[schema/no-token]: \`matches\` on "title" needs at least one word (letters or digits), but "" has none.
       --> query:1:6
        |
      1 | line one
        |      ^^^
      2 | line two
        | ^^^^^^^^"
    `);
    expect(caretUnder(rendered, 3)).toBeUndefined();
  });

  it('aligns the caret by display width after emoji and astral characters', () => {
    const source = '[["😀𝒳", "20"]]';
    const start = source.indexOf('"20"');
    const rendered = renderDiagnostics([noToken(start, start + 4)], source);
    // [[" = 3 cells, 😀 = 2 cells, 𝒳 = 1 cell, ", = 3 cells: the value starts at cell 9.
    expect(caretUnder(rendered, 1)).toBe('  | ' + ' '.repeat(9) + '^^^^');
    expect(rendered).toContain('--> query:1:' + String(start + 1));
  });

  it('shows the path when there is no span, and nothing when there is neither', () => {
    const withPath = diagnostic('wire/not-an-array', { found: 'an object' }, { path: '/0' });
    const bare = diagnostic('wire/not-an-array', { found: 'an object' });
    expect(renderDiagnostics([withPath, bare], '{}', { fileName: 'q' })).toMatchInlineSnapshot(`
      "error[wire/not-an-array]: A query must be a JSON array of clauses such as [["brand","Acme"]], but this is an object.
        --> q at /0

      error[wire/not-an-array]: A query must be a JSON array of clauses such as [["brand","Acme"]], but this is an object."
    `);
  });

  it('colours only when asked', () => {
    const d = [noToken(0, 1)];
    expect(renderDiagnostics(d, 'x')).not.toContain('\u001b[');
    expect(renderDiagnostics(d, 'x', { color: true })).toContain('\u001b[31m');
  });

  it('renders nothing for no diagnostics', () => {
    expect(renderDiagnostics([], 'x')).toBe('');
  });
});
