/**
 * JSON values as they appear in queries and in raw item data.
 *
 * Values are kept exactly as JSON defines them: no `undefined`, no functions, no non-finite
 * numbers. Objects are plain records whose keys are own properties (a key `__proto__` is an
 * ordinary key).
 */
export type JsonPrimitive = null | boolean | number | string;
/** A JSON array. */
export type JsonArray = readonly JsonValue[];
/** A JSON object. */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}
/** Any JSON value. */
export type JsonValue = JsonPrimitive | JsonArray | JsonObject;

/** The JSON type of a value, as a person would name it in a message. */
export type JsonKind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

/** Names the JSON type of `value` (`null` and arrays are told apart from objects). */
export function jsonKind(value: JsonValue): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Structural JSON equality: same kind, same scalars (`-0` equals `0`, as in IEEE-754), arrays
 * element by element, objects key by key regardless of key order.
 */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const aArr = Array.isArray(a);
  if (aArr !== Array.isArray(b)) return false;
  if (aArr) {
    const bArr = b as JsonArray;
    const aa = a as JsonArray;
    if (aa.length !== bArr.length) return false;
    for (let i = 0; i < aa.length; i++) if (!jsonEqual(aa[i] as JsonValue, bArr[i] as JsonValue)) return false;
    return true;
  }
  const ao = a as JsonObject;
  const bo = b as JsonObject;
  const keys = Object.keys(ao);
  if (keys.length !== Object.keys(bo).length) return false;
  for (const k of keys) {
    if (!hasOwn.call(bo, k) || !jsonEqual(ao[k] as JsonValue, bo[k] as JsonValue)) return false;
  }
  return true;
}

/** Deep-freezes a JSON value in place and returns it (used to make AST values immutable). */
export function deepFreeze<T extends JsonValue>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v as JsonValue);
    Object.freeze(value);
  }
  return value;
}
