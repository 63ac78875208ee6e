// Produce (inhale) an assertion (design B.5): every `acc(e.f)` adds a chunk for e.f with a
// fresh value, assuming e is not null and differs from the other receivers of f; every pure
// conjunct is assumed. One solver question at the end says whether the path stays feasible.

import type { Expr, FieldRead } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { Type } from '../../lang/types';
import type { State } from '../state';
import type { EvalEnv, Obligation } from '../symbolicEval';
import { evalTerm } from '../symbolicEval';
import type { Term } from '../terms/term';
import { candidates } from '../heap/access';
import { conjuncts } from '../heap/assertions';
import { EMPTY_HEAP, withChunk } from '../heap/chunks';
import { ask, assumeConjunct, unknownLeaf, type PropertyOutcome } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { checkObligations } from './execute';
import type { Fresh } from './havoc';

/** Makes the value of a produced location: an input `c.x` at entry, `c.x@L` after a call. */
export type Naming = (s: State, target: FieldRead, type: Type) => Fresh;

export interface ProduceHow {
  readonly envAt: (s: State) => EvalEnv;
  readonly naming: Naming;
  /** Runtime checks of the pure parts: checked (entry requires) or assumed (proved elsewhere). */
  readonly checkObligations: boolean;
  /** "requires of p", "ensures of p (call at line 9)". */
  readonly reason: string;
}

export async function produce(ctx: EngineContext, s: State, clauses: readonly Expr[], how: ProduceHow): Promise<PropertyOutcome> {
  const T = ctx.T;
  const leaves: Successor[] = [];
  const facts: { term: Term; span: Span }[] = [];
  let cur = s;
  const infeasible = (note: string): PropertyOutcome => ({ leaves: [...leaves, { state: { ...cur, status: 'infeasible', note }, label: STEP }] });
  for (const clause of clauses) {
    for (const c of conjuncts(clause)) {
      const e = c.kind === 'acc' ? (c.acc.target as FieldRead).object : c.expr;
      const obligations: Obligation[] = [];
      const value = evalTerm(e, how.envAt(cur), obligations);
      let assumedChecks = T.trueTerm;
      if (how.checkObligations) {
        const checked = await checkObligations(ctx, cur, obligations);
        leaves.push(...checked.leaves);
        if (!checked.next) return { leaves };
        cur = checked.next;
      } else {
        assumedChecks = T.and(...obligations.map((o) => o.cond));
      }
      if (c.kind === 'pure') { facts.push({ term: T.and(assumedChecks, value), span: c.expr.span }); continue; }
      const target = c.acc.target as FieldRead;
      const heap = cur.heap ?? EMPTY_HEAP;
      const found = candidates(heap, value, target.field);
      if (found.exact) return infeasible(`${how.reason}: acc(${target.field}) is held twice for one object`);
      facts.push({ term: T.and(assumedChecks, T.neq(value, T.constOf(0n, value.sort))), span: c.acc.span });
      for (const other of found.maybe) facts.push({ term: T.neq(value, other.receiver), span: c.acc.span });
      const type = ctx.checked.exprTypes.get(target);
      if (!type) throw new Error('internal: no type for a field in an assertion');
      const fresh = how.naming(cur, target, type);
      const chunk = { kind: 'field' as const, receiver: value, field: target.field, value: fresh.value, origin: { span: c.acc.span, reason: how.reason } };
      cur = { ...fresh.state, heap: withChunk(fresh.state.heap ?? EMPTY_HEAP, chunk) };
    }
  }
  const all = T.and(...facts.map((f) => f.term));
  if (all.op === 'const' && all.value === true) return { leaves, next: cur };
  const r = await ask(ctx, cur, all);
  if (r.status === 'unknown') return { leaves: [...leaves, unknownLeaf(cur, r, how.reason)] };
  if (r.status === 'unsat') return infeasible(`${how.reason} contradicts the path condition`);
  for (const f of facts) cur = assumeConjunct(cur, f.term, f.span, how.reason, r);
  return { leaves, next: cur };
}
