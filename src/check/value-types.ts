import type { JsonValue } from '../ast/index.js';
import type { AttributeType } from '../catalog/index.js';
import { throwBadArgument } from '../diagnostics/index.js';

/**
 * What a query value of each attribute type may be (the team's reading of docs/semantics.md sections 3
 * and 4): Number a finite number, String/Text a string, Boolean a boolean, Referenced an id
 * (string or number), Array one scalar element (string, number or boolean; never null).
 * Object takes no value at all (only `present?`).
 */
export function isValueOfType(value: unknown, type: AttributeType): boolean {
  switch (type) {
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'String':
    case 'Text':
      return typeof value === 'string';
    case 'Boolean':
      return typeof value === 'boolean';
    case 'Referenced':
      return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
    case 'Array':
      return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
    case 'Object':
      return false;
  }
}

/** How a message names the values a type takes (`needs ... here`). */
export function expectedForType(type: AttributeType): string {
  switch (type) {
    case 'Number':
      return 'a number';
    case 'String':
    case 'Text':
      return 'a string';
    case 'Boolean':
      return 'true or false';
    case 'Referenced':
      return 'an id (a string or a number)';
    case 'Array':
      return 'one element value (a string, a number or a boolean)';
    case 'Object':
      return 'no value (only `present?` applies)';
  }
}

/**
 * The number `s` writes, when it is written the way JavaScript writes it back (`"20"`, `"-1.5"`,
 * not `"020"` or `" 1"`); else undefined. A `s` that is not a string is a QueryError.
 */
export function canonicalNumber(s: string): number | undefined {
  if (typeof s !== 'string') throwBadArgument('canonicalNumber', 's', 'a string', s, 'Pass the text of a number, such as "20".');
  if (s.trim() !== s || s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) && String(n) === s ? n : undefined;
}

/**
 * The obvious replacement for a value of the wrong type, if there is one: a canonical numeric
 * string for a Number, a number or boolean written as a string for a String/Text, `"true"` /
 * `"false"` for a Boolean. Never a guess: `"20.0"`, `"yes"` or `null` have no fix.
 */
export function coerceValue(value: unknown, type: AttributeType): JsonValue | undefined {
  switch (type) {
    case 'Number':
      return typeof value === 'string' ? canonicalNumber(value) : undefined;
    case 'String':
    case 'Text':
      return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' ? String(value) : undefined;
    case 'Boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'Referenced':
    case 'Array':
    case 'Object':
      return undefined;
  }
}

/** A JSON value kind as a stable key prefix. */
function kindPrefix(v: string | number | boolean): string {
  return typeof v === 'number' ? 'n:' : typeof v === 'string' ? 's:' : 'b:';
}

/**
 * A key under which two valid values of `type` are equal exactly when `=` treats them as the same
 * (docs/semantics.md: Referenced ids by canonical string, so `5` and `"5"` meet; numbers numerically,
 * so `-0` meets `0`; otherwise no coercion between JSON types).
 */
export function valueKey(value: string | number | boolean, type: AttributeType): string {
  if (type === 'Referenced') return String(value);
  const v = typeof value === 'number' && value === 0 ? 0 : value;
  return kindPrefix(v) + String(v);
}
