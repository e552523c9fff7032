import type { Operator } from '../ast/index.js';
import type { AttributeType } from '../catalog/types.js';

/** The shape of value an operator takes. */
export type ValueShape =
  /** One value of the attribute's type (`=`). */
  | 'scalar'
  /** A number (Number) or a string (String, Text) to order against. */
  | 'ordered'
  /** A non-empty array of values of the attribute's type (`one-of`). */
  | 'list'
  /** `true` or `false` (`present?`). */
  | 'boolean'
  /** A string with at least one token (`matches`, `matches-phrase`). */
  | 'text';

/** An ordering comparison. */
export type OrderOp = '<' | '<=' | '>' | '>=';

/** How a text operator matches: every word somewhere (`all`) or the words as one run (`phrase`). */
export type TextMatch = 'all' | 'phrase';

/** Everything every stage needs to know about one operator. */
export type OperatorInfo = OperatorBase &
  (
    | { readonly value: 'scalar' | 'list' | 'boolean' }
    /** The comparison an ordering operator makes. */
    | { readonly value: 'ordered'; readonly order: OrderOp }
    /** How a text operator matches. */
    | { readonly value: 'text'; readonly text: TextMatch }
  );

/** The fields of {@link OperatorInfo} every operator has. */
export interface OperatorBase {
  /** The wire tag, exactly as written in `[[tag, field], value]`. */
  readonly wire: Operator;
  /** The canonical infix spelling, printed by the formatter. */
  readonly infix: string;
  /** Other infix spellings accepted by the parser (readable sugar); the formatter never prints them. */
  readonly infixAliases: readonly string[];
  /** The attribute types the operator is allowed on. */
  readonly types: readonly AttributeType[];
  /** A one-line description for completions and docs. */
  readonly summary: string;
}

const ALL_BUT_OBJECT: readonly AttributeType[] = ['Number', 'String', 'Text', 'Boolean', 'Referenced', 'Array'];
const ORDERED: readonly AttributeType[] = ['Number', 'String', 'Text'];

/**
 * The one operator table (docs/semantics.md section 4). The `satisfies` clause makes a missing
 * operator a compile error in every stage that reads it.
 */
export const OPERATORS = {
  '=': { wire: '=', infix: '=', infixAliases: [], value: 'scalar', types: ALL_BUT_OBJECT, summary: 'equals the value' },
  '<': { wire: '<', infix: '<', infixAliases: [], value: 'ordered', order: '<', types: ORDERED, summary: 'is less than the value' },
  '>': { wire: '>', infix: '>', infixAliases: [], value: 'ordered', order: '>', types: ORDERED, summary: 'is greater than the value' },
  '<=': { wire: '<=', infix: '<=', infixAliases: [], value: 'ordered', order: '<=', types: ORDERED, summary: 'is at most the value' },
  '>=': { wire: '>=', infix: '>=', infixAliases: [], value: 'ordered', order: '>=', types: ORDERED, summary: 'is at least the value' },
  'one-of': {
    wire: 'one-of',
    infix: 'one-of',
    infixAliases: ['in'],
    value: 'list',
    types: ALL_BUT_OBJECT,
    summary: 'equals one of the candidates',
  },
  'present?': {
    wire: 'present?',
    infix: 'present?',
    infixAliases: [],
    value: 'boolean',
    types: ['Number', 'String', 'Text', 'Boolean', 'Referenced', 'Array', 'Object'],
    summary: 'the key exists and is not null (true), or is missing or null (false)',
  },
  matches: {
    wire: 'matches',
    infix: 'matches',
    infixAliases: [],
    value: 'text',
    text: 'all',
    types: ['Text'],
    summary: 'every word of the value occurs in the text',
  },
  'matches-phrase': {
    wire: 'matches-phrase',
    infix: 'matches-phrase',
    infixAliases: [],
    value: 'text',
    text: 'phrase',
    types: ['Text'],
    summary: 'the words of the value occur together, in order, in the text',
  },
} as const satisfies Record<Operator, OperatorInfo>;

/** The table entry of an operator. */
export function operatorInfo(op: Operator): OperatorInfo {
  return OPERATORS[op];
}

/** Whether `op` may be used on an attribute of type `type`. */
export function isAllowed(op: Operator, type: AttributeType): boolean {
  return (OPERATORS[op].types as readonly AttributeType[]).includes(type);
}

/** The operators allowed on an attribute type, in table order. */
export function operatorsFor(type: AttributeType): Operator[] {
  return (Object.keys(OPERATORS) as Operator[]).filter((op) => isAllowed(op, type));
}
