/** The wording of the syntax diagnostics, as a person sees it (snapshot; other tests assert codes only). */
import { expect, test } from 'vitest';
import { renderDiagnostics } from '../../src/diagnostics/index.js';
import { parse } from '../../src/syntax/index.js';
import { readCorpus } from './corpus.js';

test('rendered messages of the invalid corpus', () => {
  const out = readCorpus('invalid')
    .map((e) => renderDiagnostics(parse(e.text).diagnostics, e.text, { color: false }))
    .join('\n\n');
  expect(out).toMatchSnapshot();
});
