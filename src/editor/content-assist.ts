/**
 * Syntactic content assist: which token types may come after a sequence of tokens, and in
 * which grammar rule. Chevrotain 13 no longer has `computeContentAssist`, so this walks the
 * parser's own grammar (the GAST from `getGAstProductions()`, with Chevrotain's production
 * classes and `tokenMatcher`), the way that method did: the grammar is not re-derived here.
 */
import type * as Chevrotain from 'chevrotain';

type Production = Chevrotain.IProduction;

/** A token type that may come next, and the rules it would be read in. */
export interface NextToken {
  readonly tokenType: Chevrotain.TokenType;
  /** The innermost rule it would be read in. */
  readonly rule: string | undefined;
  /** Whether it would be read inside the rule `name`, at any depth. */
  readonly within: (name: string) => boolean;
}

/** A pending item: a production, a rule exit, or the separator loop of a `MANY_SEP`. */
type Item = Production | { readonly exit: true } | { readonly sepLoop: Chevrotain.RepetitionWithSeparator };

/**
 * An immutable list, shared by every configuration that extends it: taking its first item and
 * putting a rule's items in front cost the rule's length, never the list's. (With arrays copied
 * at each step, text nested 1,600 parentheses deep took 0.8 s to complete, growing as the square
 * of the depth.)
 */
type List<T> = { readonly head: T; readonly tail: List<T> } | undefined;

/** `items` in order, in front of `tail`. */
function prepend<T>(items: readonly T[], tail: List<T>): List<T> {
  let list = tail;
  for (let i = items.length - 1; i >= 0; i--) list = { head: items[i] as T, tail: list };
  return list;
}

interface Config {
  readonly items: List<Item>;
  /** The rules being read, innermost first. */
  readonly stack: List<string>;
}

const EXIT = { exit: true } as const;

/** The token's place in the rules: the stack is walked only when asked (it is as deep as the text's nesting). */
function nextToken(tokenType: Chevrotain.TokenType, stack: List<string>): NextToken {
  return {
    tokenType,
    rule: stack?.head,
    within: (name) => {
      for (let s = stack; s; s = s.tail) if (s.head === name) return true;
      return false;
    },
  };
}

/**
 * The token types that may follow `tokens` when parsing from `startRule` (empty when the tokens
 * cannot be read as a prefix of the language). `atEnd` tells whether the input may end there.
 */
export function nextTokens(
  chev: typeof Chevrotain,
  rules: Record<string, Chevrotain.Rule>,
  startRule: string,
  tokens: readonly Chevrotain.IToken[],
): { next: NextToken[]; atEnd: boolean } {
  const start = rules[startRule];
  if (!start) return { next: [], atEnd: false };
  let configs: Config[] = [{ items: prepend(start.definition, undefined), stack: { head: startRule, tail: undefined } }];
  for (const token of tokens) {
    const after: Config[] = [];
    for (const c of configs) {
      for (const step of firsts(chev, c)) {
        if (step.terminal && chev.tokenMatcher(token, step.terminal.terminalType)) after.push({ items: step.rest, stack: step.stack });
      }
    }
    configs = after;
    // The grammar is LL(1); this only guards against pathological growth.
    if (configs.length > 256) configs = configs.slice(0, 256);
  }
  const next: NextToken[] = [];
  let atEnd = false;
  for (const c of configs) {
    for (const step of firsts(chev, c)) {
      if (step.terminal) next.push(nextToken(step.terminal.terminalType, step.stack));
      else atEnd = true;
    }
  }
  return { next, atEnd };
}

interface Step {
  readonly terminal?: Chevrotain.Terminal;
  readonly rest: List<Item>;
  readonly stack: List<string>;
}

/** Every terminal that can come first from a configuration (or an end step when it can finish). */
function firsts(chev: typeof Chevrotain, start: Config): Step[] {
  const out: Step[] = [];
  const work: Config[] = [start];
  let budget = 10_000;
  while (work.length && budget-- > 0) {
    const { items, stack } = work.pop() as Config;
    if (items === undefined) {
      out.push({ rest: undefined, stack });
      continue;
    }
    const head = items.head;
    const rest = items.tail;
    if ('exit' in head) {
      work.push({ items: rest, stack: stack?.tail });
    } else if ('sepLoop' in head) {
      const loop = head.sepLoop;
      work.push({ items: rest, stack });
      work.push({ items: { head: new chev.Terminal({ terminalType: loop.separator }), tail: prepend<Item>(loop.definition, { head, tail: rest }) }, stack });
    } else if (head instanceof chev.Terminal) {
      out.push({ terminal: head, rest, stack });
    } else if (head instanceof chev.NonTerminal) {
      work.push({ items: prepend<Item>(head.referencedRule.definition, { head: EXIT, tail: rest }), stack: { head: head.nonTerminalName, tail: stack } });
    } else if (head instanceof chev.Alternation) {
      for (const alt of head.definition as Chevrotain.Alternative[]) work.push({ items: prepend<Item>(alt.definition, rest), stack });
    } else if (head instanceof chev.Option || head instanceof chev.Repetition) {
      work.push({ items: rest, stack });
      work.push({ items: prepend<Item>(head.definition, head instanceof chev.Repetition ? { head, tail: rest } : rest), stack });
    } else if (head instanceof chev.RepetitionMandatory) {
      work.push({ items: prepend<Item>(head.definition, { head: new chev.Repetition({ definition: head.definition }), tail: rest }), stack });
    } else if (head instanceof chev.RepetitionWithSeparator) {
      work.push({ items: rest, stack });
      work.push({ items: prepend<Item>(head.definition, { head: { sepLoop: head }, tail: rest }), stack });
    } else if (head instanceof chev.RepetitionMandatoryWithSeparator) {
      const loop = new chev.RepetitionWithSeparator({ definition: head.definition, separator: head.separator });
      work.push({ items: prepend<Item>(head.definition, { head: { sepLoop: loop }, tail: rest }), stack });
    } else if ('definition' in head) {
      // Alternative, Rule: a plain sequence.
      work.push({ items: prepend<Item>((head as { definition: Production[] }).definition, rest), stack });
    }
  }
  return out;
}
