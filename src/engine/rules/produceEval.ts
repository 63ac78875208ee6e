// What a produce (rules/produce.ts) is told and how it reads: the judgement's parameters, the
// facts it collects and assumes at once (settle), and the evaluation of an assertion's
// expressions with their runtime checks (checked, assumed or framed as the judgement says).
// Apart from produce.ts so that each stays one idea and under ~400 lines.

import type { Expr } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import type { State, SymValue } from '../state/state';
import type { EvalEnv, Obligation } from './eval';
import { evalExpr } from './eval';
import type { Term } from '../terms/term';
import type { FieldChunk, Heap } from '../state/chunks';
import { assumeConjunct } from './checks';
import { conjoin, pcTerms } from '../state/pathCondition';
import type { EngineContext, Successor } from './context';
import { checkObligations } from './evalChecked';
import type { Fresh } from './havoc';
import type { Consume } from './judgements';

/** What a Viper postcondition's definedness check covers beside its reads: Silicon checks them once, before the body. */
const DEFINEDNESS: ReadonlySet<Obligation['kind']> = new Set(['div-by-zero', 'out-of-bounds']);

/** Makes the value of a produced location `display` (`c.x`): an input at entry, `c.x@L` after a call. */
export type Naming = (s: State, display: string, type: Type) => Fresh;

export interface ProduceHow {
  /** The consume judgement, for `untouched(A)` (consumes A twice): given, not imported (rules/judgements.ts). */
  readonly consume: Consume;
  readonly envAt: (s: State) => EvalEnv;
  readonly naming: Naming;
  /** Runtime checks of the pure parts: checked (entry requires) or assumed (proved elsewhere). */
  readonly checkObligations: boolean;
  /** "requires of p", "ensures of p (call at line 9)". */
  readonly reason: string;
  /** Chunks to take as they are when φ names their location (a join reuses what every path held, rules/joinHeap.ts). */
  readonly reuse?: Heap;
  /** Assume a pure part only where its runtime checks hold, not the checks (a join's φ: a read the merge dropped constrains nothing). */
  readonly guardedFacts?: boolean;
  /** Whether the path already knows `receiver` differs from `other`'s receiver (no fact needed; rules/calls.ts). */
  readonly knownApart?: (receiver: Term, field: string, other: FieldChunk) => boolean;
  /**
   * The well-formedness pass (rules/wellFormed.ts): a read must be covered by the permissions
   * produced before it, so permission obligations are checked (given the facts so far) and
   * reported as this maps them; the other runtime checks are assumed, as without it.
   */
  readonly selfFraming?: (o: Obligation) => Obligation;
  /** The well-formedness pass: a symbolic amount that may be negative makes the assertion
   *  ill-formed (Viper's `not.wellformed:negative.permission`), reported as this maps it. */
  readonly amountSite?: (o: Obligation) => Obligation;
  /** With selfFraming: divisions and indices are checked too (a Viper postcondition's definedness, rules/wellFormed.ts). */
  readonly definedness?: boolean;
  /** The side of `[A, B]` read: A (inhale) but when a well-formedness check reads B (rules/wellFormed.ts). */
  readonly side?: 'inhale' | 'exhale';
  /** Producing beside chunks that are not the produce's own (a predicate's fragment, a loop's frame): fractions are never merged into them. */
  readonly beside?: boolean;
  /** Quantified receivers' injectivity was checked elsewhere (the well-formedness pass, a call): assumed, not checked. */
  readonly injectivity?: 'assume';
  /** A symbolic amount's p >= 0 was checked by every caller's consume (a procedure's entry): assumed, not checked (rules/produceSym.ts). */
  readonly amountsAssumed?: boolean;
}

export interface Facts {
  readonly list: { term: Term; span: Span }[];
}

/**
 * The facts a produce collected are assumed without asking the solver (docs/design.md B.9: the
 * number of Z3 calls must not grow with the number of objects). A produce that contradicts
 * the path leaves it with an unsatisfiable path condition: no failure can be reported on it
 * (every failure needs a model), and the next branch or check finds it infeasible. Only a
 * contradiction the simplifier sees ends the path at once (the state returned is infeasible).
 */
export function settle(ctx: EngineContext, s: State, facts: Facts, reason: string): State {
  // The conjunction, not each fact: the simplifier sees p ≠ null ∧ p = null (heap seed 31139).
  const all = ctx.T.and(...facts.list.map((f) => f.term));
  if (all.op === 'const' && all.value === false)
    return { ...s, status: 'infeasible', note: `${reason} contradicts the path condition` };
  // One state for all the facts (a produce of n chunks collects O(n) distinctness facts).
  let pc = s.pc;
  for (const f of facts.list) pc = conjoin(pc, { term: f.term, span: f.span, reason });
  return pc === s.pc ? s : { ...s, pc };
}

export async function evaluate(
  ctx: EngineContext,
  s: State,
  e: Expr,
  how: ProduceHow,
  leaves: Successor[],
  facts: Facts,
): Promise<{ s: State; v: SymValue; checks: Term } | undefined> {
  const T = ctx.T;
  const obligations: Obligation[] = [];
  const v = evalExpr(e, how.envAt(s), obligations);
  // Checked now: every runtime check (the entry's requires), or the reads (well-formedness).
  const now = how.checkObligations
    ? obligations
    : how.selfFraming
      ? obligations
          .filter((o) => o.kind === 'permission' || (how.definedness && DEFINEDNESS.has(o.kind)))
          .map(how.selfFraming)
      : undefined;
  if (now) {
    const assumed = how.checkObligations ? [] : obligations.filter((o) => o.kind !== 'permission');
    if (now.length === 0) return { s, v, checks: T.and(...assumed.map((o) => o.cond)) };
    // Given what the assertion said so far: `acc(c.x) && c == d && d.x > 0` reads d.x with acc(c.x).
    const known = facts.list.reduce((st, f) => assumeConjunct(st, f.term, f.span, how.reason), s);
    const conjuncts = knownConjuncts(known);
    const checked = await checkObligations(
      ctx,
      known,
      now.filter((o) => !entailed(o.cond, conjuncts)),
    );
    leaves.push(...checked.leaves);
    // After a failure the path goes on where the check holds (one report per check).
    return checked.next ? { s, v, checks: T.and(...assumed.map((o) => o.cond), ...now.map((o) => o.cond)) } : undefined;
  }
  // A read that no chunk covers (the assertion is not self-framing, B.5) is a permission
  // failure that ends the path, never a silent contradiction (a path with no failures).
  const unheld = how.guardedFacts
    ? []
    : obligations.filter((o) => o.kind === 'permission' && o.cond.op === 'const' && o.cond.value === false);
  if (unheld.length === 0) return { s, v, checks: T.and(...obligations.map((o) => o.cond)) };
  leaves.push(...(await checkObligations(ctx, s, unheld)).leaves);
  return undefined;
}

/** The path condition's conjuncts, `and`s flattened. */
function knownConjuncts(s: State): Set<Term> {
  const out = new Set<Term>();
  const work = pcTerms(s.pc);
  while (work.length > 0) {
    const t = work.pop()!;
    if (t.op === 'and') work.push(...t.args);
    else out.add(t);
  }
  return out;
}

/**
 * Whether `t` follows from the conjuncts by its shape alone (`g ==> it.list == l` with
 * `it.list == l` among them): such a check needs no solver, so a contract whose reads are
 * covered through an equality it states starts no Z3.
 */
function entailed(t: Term, known: ReadonlySet<Term>): boolean {
  if (known.has(t)) return true;
  if (t.op === 'implies') return entailed(t.args[1], known);
  if (t.op === 'and') return t.args.every((a) => entailed(a, known));
  if (t.op === 'or') return t.args.some((a) => entailed(a, known));
  return false;
}
