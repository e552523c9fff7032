import { type Fix, type RelatedInformation } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import type { CheckedClause } from './check-clause.js';
import { makeFix, type CheckContext } from './context.js';
import { placeWith } from './places.js';
import { constraintOf, describeClause, disjoint, implies, unsatisfiable, type Constraint } from './constraints.js';

/**
 * How many clauses of one attribute the relation checks compare. The pairwise checks cost
 * (clauses squared times candidates); a bound keeps a huge untrusted query from making
 * validation slow. Warnings are a convenience, so clauses past the bound are not compared.
 */
export const MAX_RELATED_CLAUSES = 64;

/** The fixes of a warning that has none (never written to). */
const NO_FIXES: readonly Fix[] = [];

interface Entry extends CheckedClause {
  constraint: Constraint;
}

/**
 * The warnings between clauses on the same attribute (an alias path and the attribute's own
 * name are the same attribute): duplicates, clauses implied by another, and clauses that can never
 * be true together. Only clauses without errors take part.
 */
export function checkRelations(ctx: CheckContext, clauses: readonly CheckedClause[]): void {
  // Most queries name each attribute once: group only when a raw key repeats.
  let groups: Map<string, CheckedClause[]> | undefined;
  for (let j = 1; j < clauses.length && !groups; j++) {
    for (let i = 0; i < j; i++) {
      if ((clauses[i] as CheckedClause).rawKey === (clauses[j] as CheckedClause).rawKey) {
        groups = new Map();
        break;
      }
    }
  }
  if (!groups) {
    for (const c of clauses) if (mayBeNeverTrue(c)) checkAlone(ctx, entry(c));
    return;
  }
  for (const c of clauses) {
    const group = groups.get(c.rawKey);
    if (group) group.push(c);
    else groups.set(c.rawKey, [c]);
  }
  for (const members of groups.values()) {
    if (members.length === 1) {
      // Alone on its attribute: no constraint to compare, so none is built (a Set, tokens...).
      const c = members[0] as CheckedClause;
      if (mayBeNeverTrue(c)) checkAlone(ctx, entry(c));
      continue;
    }
    const group = members.slice(0, MAX_RELATED_CLAUSES).map(entry);
    for (const e of group) checkAlone(ctx, e);
    if (group.length < 2) continue;
    checkRedundant(ctx, group);
    checkContradictions(ctx, group);
  }
}

/** Whether {@link checkAlone} can report the clause: only `< ""` is never true by itself. */
function mayBeNeverTrue(c: CheckedClause): boolean {
  return c.clause.operator === '<' && c.clause.value === '';
}

/** The clause with its constraint (computed once, in place: these objects are private to one validate call). */
function entry(c: CheckedClause): Entry {
  const e = c as Partial<Entry> & CheckedClause;
  e.constraint ??= constraintOf(c.clause, c.attribute.Type);
  return e as Entry;
}

/** A note pointing at another clause. */
function relatedTo(e: Entry, message: string): RelatedInformation {
  const place = e.places.clause;
  return place.span ? { message, span: place.span, path: place.path } : { message, path: place.path };
}

/** A clause that can never be true whatever else the query says: `< ""` on a string. */
function checkAlone(ctx: CheckContext, e: Entry): void {
  const k = e.constraint;
  if (k.kind === 'range' && k.upper && k.strict && k.bound === '') {
    const reason = `no string is less than the empty string, so ${JSON.stringify(e.clause.field)} ${describeClause(e.clause)} is never true`;
    ctx.out.push(diagnostic('schema/never-true', { field: e.clause.field, reason }, e.places.clause));
  }
}

/** Duplicates and implied clauses, each reported once, on the clause that can go. */
function checkRedundant(ctx: CheckContext, group: readonly Entry[]): void {
  group.forEach((b, j) => {
    let duplicateOf: Entry | undefined;
    let impliedBy: Entry | undefined;
    group.forEach((a, i) => {
      if (i === j || !implies(a.constraint, b.constraint)) return;
      // Clauses that imply each other: only the later one is redundant.
      const mutual = implies(b.constraint, a.constraint);
      if (mutual && i > j) return;
      if (mutual && a.clause.operator === b.clause.operator) duplicateOf ??= a;
      else impliedBy ??= a;
    });
    const fix = (title: string) => [makeFix(ctx, title, { kind: 'remove-clause', clause: b.index })];
    if (duplicateOf) {
      ctx.out.push(
        diagnostic(
          'schema/duplicate-clause',
          { field: b.clause.field },
          placeWith(b.places.clause, fix('Remove the duplicate clause'), [
            relatedTo(duplicateOf, `the same clause, first written here: \`${describeClause(duplicateOf.clause)}\``),
          ]),
        ),
      );
    } else if (impliedBy) {
      ctx.out.push(
        diagnostic(
          'schema/implied-clause',
          { field: b.clause.field },
          placeWith(b.places.clause, fix('Remove the redundant clause'), [relatedTo(impliedBy, `implied by this clause: \`${describeClause(impliedBy.clause)}\``)]),
        ),
      );
    }
  });
}

/**
 * Clauses that cannot hold together. `present? false` excludes every other clause on the field
 * (except another `present? false`), whatever the cardinality. Ranges and candidates only
 * contradict each other on an attribute holding one value (cardinality One, not Array): with
 * several values, different elements may satisfy different clauses.
 */
function checkContradictions(ctx: CheckContext, group: readonly Entry[]): void {
  const first = group[0];
  if (!first) return;
  const type = first.attribute.Type;
  const single = first.attribute.Cardinality === 'One' && type !== 'Array';
  const absent = (k: Constraint) => k.kind === 'present' && !k.value;
  let reported = false;
  group.forEach((b, j) => {
    for (let i = 0; i < j; i++) {
      const a = group[i] as Entry;
      const missing = absent(a.constraint) !== absent(b.constraint);
      if (!missing && !(single && disjoint(a.constraint, b.constraint))) continue;
      const field = JSON.stringify(b.clause.field);
      const reason = missing
        ? `${field} must be missing (\`present? false\`), which rules out \`${describeClause(absent(a.constraint) ? b.clause : a.clause)}\``
        : `${field} holds a single value, which cannot be both \`${describeClause(a.clause)}\` and \`${describeClause(b.clause)}\``;
      ctx.out.push(
        diagnostic('schema/never-true', { field: b.clause.field, reason }, placeWith(b.places.clause, NO_FIXES, [relatedTo(a, `the clause it contradicts: \`${describeClause(a.clause)}\``)])),
      );
      reported = true;
      return;
    }
  });
  if (reported || !single) return;
  // No two clauses contradict, but together they may: one-of [1, 2] with > 1 and < 2.
  for (let j = 1; j < group.length; j++) {
    const upTo = group.slice(0, j + 1);
    if (!unsatisfiable(upTo.map((e) => e.constraint))) continue;
    const b = group[j] as Entry;
    const list = upTo.map((e) => `\`${describeClause(e.clause)}\``).join(', ');
    const reason = `${JSON.stringify(b.clause.field)} holds a single value, and no value satisfies all of ${list}`;
    ctx.out.push(
      diagnostic(
        'schema/never-true',
        { field: b.clause.field, reason },
        placeWith(
          b.places.clause,
          NO_FIXES,
          upTo.slice(0, -1).map((a) => relatedTo(a, `together with this clause: \`${describeClause(a.clause)}\``)),
        ),
      ),
    );
    return;
  }
}
