/**
 * The grammar of the infix syntax, as a Chevrotain CST parser (tokens: tokens.ts).
 *
 * Nothing here imports Chevrotain at run time: {@link createGrammar} receives the Chevrotain
 * module from its caller, so the root of the package can be imported without loading the parser
 * engine (see `engine.ts`). The same function is used by `grammar/generate.mjs` to draw the
 * railroad diagram and to generate the CST types in `cst.d.ts`.
 *
 * Besides the language itself the grammar deliberately accepts the constructs the language does
 * NOT have (`or`, `not`, `!=`, parentheses, a missing `and`, an unquoted word as a value), so
 * that the visitor can report them with dedicated diagnostics and quick fixes and still build a
 * partial query, instead of a generic "unexpected token".
 */
import type * as Chevrotain from 'chevrotain';
import { createTokens, lexerOrder, type Tokens } from './tokens.js';

export { KEYWORDS, BARE_FIELD, type Tokens } from './tokens.js';

type Chev = typeof Chevrotain;

/** What {@link createGrammar} builds: one lexer and one parser, reused for every call. */
export interface Grammar {
  readonly tokens: Tokens;
  readonly lexer: Chevrotain.Lexer;
  readonly parser: QueryParser;
}

/** The parser with its rules (the CST rule names are the keys of `cst.d.ts`). */
export interface QueryParser extends Chevrotain.CstParser {
  query(): Chevrotain.CstNode;
  /**
   * How many syntax errors the parser records before it stops (Infinity: never). Error recovery
   * costs tens of microseconds per bad token, so text that is nothing but errors is cut short
   * once the diagnostics that will be listed are found: the parser then sees the end of the
   * input, and `stoppedAt` is the token of the first error left out (reset by `input`).
   */
  errorLimit: number;
  /** The token of the first error over `errorLimit`, when the parser stopped. */
  readonly stoppedAt: Chevrotain.IToken | undefined;
}

/** Options for {@link createGrammar}. */
export interface GrammarOptions {
  /** Run Chevrotain's grammar self-checks (needs `Object.groupBy`; done in tests, skipped in production). */
  readonly validate?: boolean;
  readonly errorMessageProvider?: Chevrotain.IParserErrorMessageProvider;
}

/** Builds the lexer and the parser. */
export function createGrammar(chev: Chev, options: GrammarOptions = {}): Grammar {
  const k = createTokens(chev);
  const all = [k.OperatorTok, k.Connective, ...lexerOrder(k)];
  const lexer = new chev.Lexer(lexerOrder(k), {
    positionTracking: 'onlyOffset',
    ensureOptimizations: false,
    skipValidations: !options.validate,
  });

  type Alts = Chevrotain.IOrAlt<unknown>[];

  const saveError = (chev.CstParser.prototype as unknown as { SAVE_ERROR(this: unknown, e: unknown): unknown }).SAVE_ERROR;

  class Parser extends chev.CstParser {
    errorLimit = Infinity;
    stoppedAt: Chevrotain.IToken | undefined;

    /**
     * Chevrotain records every syntax error here: once there are more than `errorLimit`, the
     * parser is moved to the end of its input (Chevrotain's own terminated state), so the rules
     * on the stack finish at once and the tree built so far is kept.
     */
    SAVE_ERROR(error: Chevrotain.IRecognitionException): unknown {
      const saved = saveError.call(this, error);
      if (this.stoppedAt === undefined && this.errors.length > this.errorLimit) {
        this.stoppedAt = error.token;
        (this as unknown as { moveToTerminatedState(): void }).moveToTerminatedState();
      }
      return saved;
    }

    override set input(tokens: Chevrotain.IToken[]) {
      this.stoppedAt = undefined;
      super.input = tokens;
    }

    override get input(): Chevrotain.IToken[] {
      return super.input;
    }

    // The alternatives of each OR, built once: Chevrotain's performance guide recommends caching
    // them, since building the arrays and closures on every call dominates small inputs.
    private termAlts?: Alts;
    private clauseAlts?: Alts;
    private isAlts?: Alts;
    private fieldAlts?: Alts;
    private valueAlts?: Alts;

    constructor() {
      super(all, {
        recoveryEnabled: true,
        maxLookahead: 1,
        // Production skips the self-checks: they cost start-up time and call Object.groupBy,
        // which Node 20 lacks. test/syntax/grammar.test.ts runs them with a polyfill.
        skipValidations: !options.validate,
        ...(options.errorMessageProvider ? { errorMessageProvider: options.errorMessageProvider } : {}),
      });
      this.performSelfAnalysis();
    }

    /** query := conjunction? */
    readonly query = this.RULE('query', () => {
      this.OPTION(() => this.SUBRULE(this.conjunction));
    });

    /** conjunction := term ( ("and" | "or")? term )*; a missing `and` and any `or` are reported by the visitor. */
    readonly conjunction = this.RULE('conjunction', () => {
      this.SUBRULE(this.term);
      this.MANY(() => {
        this.OPTION(() => this.CONSUME(k.Connective));
        this.SUBRULE2(this.term);
      });
    });

    /** term := "not"? ( group | clause ); `not` and groups are reported by the visitor. */
    readonly term = this.RULE('term', () => {
      this.OPTION(() => this.CONSUME(k.Not));
      this.OR((this.termAlts ??= [{ ALT: () => this.SUBRULE(this.group) }, { ALT: () => this.SUBRULE(this.clause) }]));
    });

    /** group := "(" conjunction ")" */
    readonly group = this.RULE('group', () => {
      this.CONSUME(k.LParen);
      this.SUBRULE(this.conjunction);
      this.CONSUME(k.RParen);
    });

    /** clause := field "not"? ( "is" "not"? ("present" | "absent") | operator value ) */
    readonly clause = this.RULE('clause', () => {
      this.SUBRULE(this.field);
      this.OPTION(() => this.CONSUME(k.Not));
      this.OR(
        (this.clauseAlts ??= [
          {
            ALT: () => {
              this.CONSUME(k.Is);
              this.OPTION2(() => this.CONSUME2(k.Not));
              this.OR2((this.isAlts ??= [{ ALT: () => this.CONSUME(k.Present) }, { ALT: () => this.CONSUME(k.Absent) }]));
            },
          },
          {
            ALT: () => {
              this.CONSUME(k.OperatorTok);
              this.SUBRULE(this.value);
            },
          },
        ]),
      );
    });

    /** field := Identifier | QuotedField */
    readonly field = this.RULE('field', () => {
      this.OR((this.fieldAlts ??= [{ ALT: () => this.CONSUME(k.Identifier) }, { ALT: () => this.CONSUME(k.QuotedField) }]));
    });

    /** value := string | number | true | false | null | array | object | Identifier (an unquoted word, reported) */
    readonly value = this.RULE('value', () => {
      this.OR(
        (this.valueAlts ??= [
        { ALT: () => this.CONSUME(k.StringLit) },
        { ALT: () => this.CONSUME(k.NumberLit) },
        { ALT: () => this.CONSUME(k.True) },
        { ALT: () => this.CONSUME(k.False) },
        { ALT: () => this.CONSUME(k.Null) },
        { ALT: () => this.SUBRULE(this.array) },
        { ALT: () => this.SUBRULE(this.object) },
        { ALT: () => this.CONSUME(k.Identifier) },
        ]),
      );
    });

    /** array := "[" ( value ( "," value )* )? "]" */
    readonly array = this.RULE('array', () => {
      this.CONSUME(k.LBracket);
      this.MANY_SEP({ SEP: k.Comma, DEF: () => this.SUBRULE(this.value) });
      this.CONSUME(k.RBracket);
    });

    /** object := "{" ( member ( "," member )* )? "}" */
    readonly object = this.RULE('object', () => {
      this.CONSUME(k.LBrace);
      this.MANY_SEP({ SEP: k.Comma, DEF: () => this.SUBRULE(this.member) });
      this.CONSUME(k.RBrace);
    });

    /** member := string ":" value */
    readonly member = this.RULE('member', () => {
      this.CONSUME(k.StringLit);
      this.CONSUME(k.Colon);
      this.SUBRULE(this.value);
    });
  }

  return { tokens: k, lexer, parser: new Parser() as unknown as QueryParser };
}
