import { code } from './define.js';

/** Diagnostics of `loadCatalog`. Owned by src/catalog. */
export const catalogCodes = {
  'catalog/not-an-object': code<{ found: string }>(
    'error',
    'The catalog (or a part of it that must be an object) is not a JSON object.',
    (d) => `Expected a JSON object here, but found ${d.found}.`,
  ),
  'catalog/missing-field': code<{ field: string }>(
    'error',
    'A required field is missing.',
    (d) => `The required field "${d.field}" is missing.`,
  ),
  'catalog/wrong-type': code<{ expected: string; found: string }>(
    'error',
    'A field has the wrong JSON type.',
    (d) => `Expected ${d.expected}, but found ${d.found}.`,
  ),
  'catalog/bad-value': code<{ allowed: readonly string[]; found: string }>(
    'error',
    'A field has a value outside its allowed set.',
    (d) => `Expected one of ${d.allowed.map((a) => JSON.stringify(a)).join(', ')}, but found ${d.found}.`,
  ),
  'catalog/too-long': code<{ length: number; max: number }>(
    'error',
    'A string is longer than the interface allows.',
    (d) => `This text is ${d.length} characters long; the maximum is ${d.max}.`,
  ),
  'catalog/out-of-range': code<{ value: number; min?: number; max?: number }>(
    'error',
    'A number is outside the range the interface allows.',
    (d) =>
      `The number ${d.value} is out of range` +
      (d.min !== undefined ? `; the minimum is ${d.min}` : '') +
      (d.max !== undefined ? `; the maximum is ${d.max}` : '') +
      '.',
  ),
  'catalog/text-cardinality': code<{ attribute: string }>(
    'error',
    'A Text attribute declares a cardinality other than One.',
    (d) => `The Text attribute "${d.attribute}" must have Cardinality "One".`,
  ),
  'catalog/duplicate-attribute': code<{ attribute: string }>(
    'error',
    'Two searchable attributes have the same name.',
    (d) => `The searchable attribute "${d.attribute}" is declared more than once.`,
  ),
  'catalog/unknown-key': code<{ key: string }>(
    'warning',
    'An object has a key the interface does not define (it is ignored).',
    (d) => `The key "${d.key}" is not part of the catalog format and is ignored.`,
  ),
} as const;
