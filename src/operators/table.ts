import type { AttributeType } from './attribute-types.js';

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

/** The shape of value an operator takes (`scalar`, `ordered`, `list`, `boolean`, `text`). */
export type ValueShape = OperatorInfo['value'];

/** The fields of {@link OperatorInfo} every operator has. */
export interface OperatorBase {
  /** The wire tag, exactly as written in `[[tag, field], value]` (the row's own key). */
  readonly wire: string;
  /** The canonical infix spelling, printed by the formatter. */
  readonly infix: string;
  /** Other infix spellings accepted by the parser (readable sugar); the formatter never prints them. */
  readonly infixAliases: readonly string[];
  /**
   * The lexer's token name for each infix spelling (the canonical one and every alias). The
   * lexer, the parser's visitor, keyword-case fixes, expected-token phrases and completion all
   * read their operators from here.
   */
  readonly tokens: Readonly<Record<string, string>>;
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
  '=': { wire: '=', infix: '=', infixAliases: [], tokens: { '=': 'Equals' }, value: 'scalar', types: ALL_BUT_OBJECT, summary: 'equals the value' },
  '<': { wire: '<', infix: '<', infixAliases: [], tokens: { '<': 'Less' }, value: 'ordered', order: '<', types: ORDERED, summary: 'is less than the value' },
  '>': { wire: '>', infix: '>', infixAliases: [], tokens: { '>': 'Greater' }, value: 'ordered', order: '>', types: ORDERED, summary: 'is greater than the value' },
  '<=': { wire: '<=', infix: '<=', infixAliases: [], tokens: { '<=': 'LessEq' }, value: 'ordered', order: '<=', types: ORDERED, summary: 'is at most the value' },
  '>=': { wire: '>=', infix: '>=', infixAliases: [], tokens: { '>=': 'GreaterEq' }, value: 'ordered', order: '>=', types: ORDERED, summary: 'is at least the value' },
  'one-of': {
    wire: 'one-of',
    infix: 'one-of',
    infixAliases: ['in'],
    tokens: { 'one-of': 'OneOf', in: 'In' },
    value: 'list',
    types: ALL_BUT_OBJECT,
    summary: 'equals one of the candidates',
  },
  'present?': {
    wire: 'present?',
    infix: 'present?',
    infixAliases: [],
    tokens: { 'present?': 'PresentQ' },
    value: 'boolean',
    types: ['Number', 'String', 'Text', 'Boolean', 'Referenced', 'Array', 'Object'],
    summary: 'the key exists and is not null (true), or is missing or null (false)',
  },
  matches: {
    wire: 'matches',
    infix: 'matches',
    infixAliases: [],
    tokens: { matches: 'Matches' },
    value: 'text',
    text: 'all',
    types: ['Text'],
    summary: 'every word of the value occurs in the text',
  },
  'matches-phrase': {
    wire: 'matches-phrase',
    infix: 'matches-phrase',
    infixAliases: [],
    tokens: { 'matches-phrase': 'MatchesPhrase' },
    value: 'text',
    text: 'phrase',
    types: ['Text'],
    summary: 'the words of the value occur together, in order, in the text',
  },
} as const satisfies Record<string, OperatorInfo>;

/**
 * One operator of the query language: a key of {@link OPERATORS}. Everything else derives from
 * the table (`OPERATOR_NAMES`, the lexer, the visitor, completion), so a new row is a compile
 * error in every exhaustive switch until each stage handles it.
 */
export type Operator = keyof typeof OPERATORS;

/** The closed set of operators (wire tags, case-sensitive), in table order. */
export const OPERATOR_NAMES: readonly Operator[] = Object.keys(OPERATORS) as Operator[];

// Each row's `wire` must be its own key: a row whose tag differs makes `WireIsKey` `never`, and
// the line below a compile error.
type WireIsKey = false extends { [K in Operator]: (typeof OPERATORS)[K]['wire'] extends K ? true : false }[Operator] ? never : true;
const wireIsKey: WireIsKey = true;
void wireIsKey;

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

/** One infix spelling of an operator and the lexer token that reads it. */
export interface OperatorSpelling {
  readonly operator: Operator;
  /** The text, e.g. `one-of` or `in`. */
  readonly text: string;
  /** The lexer token's name, e.g. `OneOf`. */
  readonly token: string;
  /** Whether the spelling is a word (needs a separator from a following field character). */
  readonly word: boolean;
}

/**
 * Every infix spelling of every operator, longest first (the lexer takes the first pattern that
 * matches, so `<=` must come before `<` and `matches-phrase` before `matches`).
 */
export const OPERATOR_SPELLINGS: readonly OperatorSpelling[] = (Object.keys(OPERATORS) as Operator[])
  .flatMap((operator) =>
    Object.entries(OPERATORS[operator].tokens as Readonly<Record<string, string>>).map(([text, token]) => ({ operator, text, token, word: /^[a-z]/.test(text) })),
  )
  .sort((a, b) => b.text.length - a.text.length);

const byToken: ReadonlyMap<string, Operator> = new Map(OPERATOR_SPELLINGS.map((s) => [s.token, s.operator]));

const wordOperators: ReadonlySet<Operator> = new Set(OPERATOR_SPELLINGS.filter((s) => s.word).map((s) => s.operator));

/** Whether an operator is spelled as a word in the infix syntax (`one-of`, `matches`), not with symbols (`<=`). */
export function isWordOperator(op: Operator): boolean {
  return wordOperators.has(op);
}

/** The operator a lexer token reads, or undefined when the token is not an operator. */
export function operatorOfToken(tokenName: string): Operator | undefined {
  return byToken.get(tokenName);
}
