import { code } from './define.js';

/** Diagnostics of the SQL and Mongo compilers (compilation fails closed). */
export const backendCodes = {
  'sql/unsupported': code<{ detail: string }>(
    'error',
    'The SQL compiler cannot express this clause exactly, so it refuses rather than guess.',
    (d) => `This clause cannot be compiled to SQL exactly: ${d.detail}.`,
  ),
  'sql/bad-option': code<{ option: string; detail: string }>(
    'error',
    'A compiler option is invalid.',
    (d) => `Invalid option "${d.option}": ${d.detail}.`,
  ),
  'mongo/unsupported': code<{ detail: string }>(
    'error',
    'The Mongo compiler cannot express this clause exactly, so it refuses rather than guess.',
    (d) => `This clause cannot be compiled to a Mongo filter exactly: ${d.detail}.`,
  ),
  'mongo/bad-option': code<{ option: string; detail: string }>(
    'error',
    'A compiler option is invalid.',
    (d) => `Invalid option "${d.option}": ${d.detail}.`,
  ),
} as const;
