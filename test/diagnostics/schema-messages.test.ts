/** The wording of every schema/* message, as a snapshot (the other tests assert codes only). */
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/check/index.js';
import { CODES } from '../../src/diagnostics/index.js';
import { decode } from '../../src/wire/index.js';
import { catalog } from '../check/fixture.js';

describe('schema messages', () => {
  it('read well for each code (snapshot)', () => {
    const { query } = decode(
      JSON.stringify([
        ['prise', 5],
        ['Category.Name', 'x'],
        ['Brand.Name', 'x'],
        [['matches', 'color'], 'red'],
        ['price', '20'],
        [['one-of', 'sizes'], 5],
        [['one-of', 'sizes'], []],
        [['present?', 'meta'], 'yes'],
        [['matches', 'title'], '&&'],
        ['color', 'red'],
        ['color', 'red'],
        [['<', 'sizes'], 5],
        [['<', 'sizes'], 10],
        [['present?', 'tags'], false],
        ['tags', 'x'],
      ]),
    );
    const diagnostics = validate(query!, catalog);
    const schemaCodes = Object.keys(CODES).filter((c) => c.startsWith('schema/'));
    expect(new Set(diagnostics.map((d) => d.code))).toEqual(new Set(schemaCodes));
    expect(diagnostics.map((d) => `${d.code}: ${d.message}${d.fixes ? ` [fix: ${d.fixes.map((f) => f.title).join('; ')}]` : ''}`).join('\n')).toMatchInlineSnapshot(`
      "schema/unknown-field: Unknown field "prise": the catalog declares no searchable attribute of that name. Did you mean \`price\`? [fix: Replace "prise" with "price"]
      schema/alias-undefined: The alias path "Category.Name" is not defined in this catalog's Aliases.
      schema/alias-not-searchable: The alias path "Brand.Name" maps to the raw key "brand_label", which is not declared in SearchableAttributes, so it cannot be searched.
      schema/operator-not-allowed: "color" is a String attribute, which does not support \`matches\`. Use \`=\`, \`<\`, \`>\`, \`<=\`, \`>=\`, \`one-of\` or \`present?\`.
      schema/type-mismatch: "price" needs a number here (it is a Number attribute), but the value is the string "20". [fix: Replace "20" with 20]
      schema/not-a-list: \`one-of\` on "sizes" needs an array of candidates such as ["a", "b"], but the value is the number 5. [fix: Make it a list: [5]]
      schema/empty-one-of: \`one-of\` on "sizes" has no candidates, so it can never match. Give at least one value.
      schema/present-not-boolean: \`present?\` on "meta" takes true or false, but the value is the string "yes".
      schema/no-token: \`matches\` on "title" needs at least one word (letters or digits), but "&&" has none.
      schema/duplicate-clause: This clause on "color" repeats an earlier one and changes nothing. [fix: Remove the duplicate clause]
      schema/implied-clause: This clause on "sizes" is implied by another clause and changes nothing. [fix: Remove the redundant clause]
      schema/never-true: The query can never match: "tags" must be missing (\`present? false\`), which rules out \`= "x"\`."
    `);
  });
});
