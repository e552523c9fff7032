/**
 * Syntactic content assist: which token types may come after a sequence of tokens, and in
 * which grammar rule. Chevrotain 13 no longer has `computeContentAssist`, so this walks the
 * parser's own grammar (the GAST from `getGAstProductions()`, with Chevrotain's production
 * classes and `tokenMatcher`), the way that method did: the grammar is not re-derived here.
 */
import type * as Chevrotain from 'chevrotain';

type Production = Chevrotain.IProduction;

/** A token type that may come next, with the rules it would be read in (innermost last). */
export interface NextToken {
  readonly tokenType: Chevrotain.TokenType;
  readonly ruleStack: readonly string[];
}

/** A pending item: a production, a rule exit, or the separator loop of a `MANY_SEP`. */
type Item = Production | { readonly exit: true } | { readonly sepLoop: Chevrotain.RepetitionWithSeparator };

interface Config {
  readonly items: readonly Item[];
  readonly stack: readonly string[];
}

const EXIT = { exit: true } as const;

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
  let configs: Config[] = [{ items: [...start.definition], stack: [startRule] }];
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
      if (step.terminal) next.push({ tokenType: step.terminal.terminalType, ruleStack: step.stack });
      else atEnd = true;
    }
  }
  return { next, atEnd };
}

interface Step {
  readonly terminal?: Chevrotain.Terminal;
  readonly rest: readonly Item[];
  readonly stack: readonly string[];
}

/** Every terminal that can come first from a configuration (or an end step when it can finish). */
function firsts(chev: typeof Chevrotain, start: Config): Step[] {
  const out: Step[] = [];
  const work: Config[] = [start];
  let budget = 10_000;
  while (work.length && budget-- > 0) {
    const { items, stack } = work.pop() as Config;
    const [head, ...rest] = items;
    if (head === undefined) {
      out.push({ rest: [], stack });
      continue;
    }
    if ('exit' in head) {
      work.push({ items: rest, stack: stack.slice(0, -1) });
    } else if ('sepLoop' in head) {
      const loop = head.sepLoop;
      work.push({ items: rest, stack });
      work.push({ items: [new chev.Terminal({ terminalType: loop.separator }), ...loop.definition, head, ...rest], stack });
    } else if (head instanceof chev.Terminal) {
      out.push({ terminal: head, rest, stack });
    } else if (head instanceof chev.NonTerminal) {
      work.push({ items: [...head.referencedRule.definition, EXIT, ...rest], stack: [...stack, head.nonTerminalName] });
    } else if (head instanceof chev.Alternation) {
      for (const alt of head.definition as Chevrotain.Alternative[]) work.push({ items: [...alt.definition, ...rest], stack });
    } else if (head instanceof chev.Option || head instanceof chev.Repetition) {
      work.push({ items: rest, stack });
      const again = head instanceof chev.Repetition ? [head] : [];
      work.push({ items: [...head.definition, ...again, ...rest], stack });
    } else if (head instanceof chev.RepetitionMandatory) {
      work.push({ items: [...head.definition, new chev.Repetition({ definition: head.definition }), ...rest], stack });
    } else if (head instanceof chev.RepetitionWithSeparator) {
      work.push({ items: rest, stack });
      work.push({ items: [...head.definition, { sepLoop: head }, ...rest], stack });
    } else if (head instanceof chev.RepetitionMandatoryWithSeparator) {
      const loop = new chev.RepetitionWithSeparator({ definition: head.definition, separator: head.separator });
      work.push({ items: [...head.definition, { sepLoop: loop }, ...rest], stack });
    } else if ('definition' in head) {
      // Alternative, Rule: a plain sequence.
      work.push({ items: [...(head as { definition: Production[] }).definition, ...rest], stack });
    }
  }
  return out;
}
