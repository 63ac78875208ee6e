// Viper's `quasihavocall x̄ :: [c ==>] e(x̄).f` and `quasihavocall x̄ :: [c ==>] P(ē(x̄))` (docs/viper.md
// "quasihavoc"): every location (instance) the binders select, one where c holds, gets an
// arbitrary value; the others keep theirs, and no permission is needed. As Silicon does (read to
// learn), the target must be injective in the binders where c holds (`quasihavocall.not.injective`
// otherwise, checked before anything is assumed); inverse functions inv, fresh here, name the
// binders of a location: ∀x̄. c(x̄) ⇒ inv(ē(x̄)) == x̄, so a held chunk with receiver (arguments) ā
// is selected exactly when c(inv(ā)) ∧ ē(inv(ā)) == ā. Each held chunk of the field gets
// `selected ? fresh : its value` (held chunks are distinct locations, chunks.ts), each instance
// what quasihavoc gives it (quasihavocPred.ts). The binders' condition and target are evaluated
// once over bound variables (their runtime checks quantified over them) and again at inv(ā).

import type { Binder, Expr, FieldRead, Quasihavoc } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { isSymArray, type State, type SymValue } from '../state/state';
import { iteValue } from '../state/arrays';
import { EMPTY_HEAP, fieldChunks, heapAfter, replaceChunk } from '../state/chunks';
import { sortOfType } from '../state/sorts';
import type { Obligation } from '../state/obligation';
import type { Term } from '../terms/term';
import { STEP, type EngineContext, type Successor } from './context';
import { assumeConjunct, checkAll } from './checks';
import { evalExpr } from './eval';
import type { EvalEnv } from './evalEnv';
import { checkObligations } from './evalChecked';
import { envOf } from './frames';
import { freshAtSite } from './havoc';
import { havocInstances } from './quasihavocPred';
import { havocQuantified } from './quasihavocQuant';

/** The message of a failed injectivity check (errorIds.ts maps it to `quasihavocall.not.injective`). */
export const QUASIHAVOCALL_NOT_INJECTIVE = 'the locations of quasihavocall may not be injective in its binders';

type Selected = (at: readonly Term[]) => Term;

export async function quasihavocAll(ctx: EngineContext, s: State, st: Quasihavoc): Promise<Successor[]> {
  const vars = st.vars ?? [];
  const env = envOf(ctx, s);
  const raw: Obligation[] = [];
  const I = vars.map((v, k) => ctx.T.bound(`${v.name}⟨qh${k}⟩`, sortOfType(v.type)));
  const at = (values: readonly Term[], out: Obligation[]) => evalAt(ctx, env, st, vars, values, out);
  const first = at(I, raw);
  // Where the condition holds the target's checks must pass; the condition's own, everywhere.
  const obligations = raw.map(({ heal: _, ...o }) => ({ ...o, cond: ctx.T.forall(I, o.cond) }));
  const checked = await checkObligations(ctx, s, obligations);
  if (!checked.next) return checked.leaves;
  const I2 = vars.map((v, k) => ctx.T.bound(`${v.name}⟨qh${k}'⟩`, sortOfType(v.type)));
  const second = at(I2, []);
  const sameTarget = ctx.T.and(...first.target.map((e, i) => ctx.T.eq(e, second.target[i])));
  const injective = ctx.T.forall(
    [...I, ...I2],
    ctx.T.implies(ctx.T.and(first.cond, second.cond, sameTarget), ctx.T.and(...I.map((x, k) => ctx.T.eq(x, I2[k])))),
  );
  const site = { kind: 'permission' as const, span: st.span, message: QUASIHAVOCALL_NOT_INJECTIVE };
  const reason = `quasihavocall at line ${st.span.line}`;
  const inj = await checkAll(ctx, checked.next, [{ cond: injective, site, reason }]);
  const leaves = [...checked.leaves, ...inj.leaves];
  if (!inj.next) return leaves;
  const inverses = vars.map((v, k) => inverseOf(ctx, v, k, st));
  const facts = inverses.map((inv, k) => ctx.T.forall(I, ctx.T.implies(first.cond, ctx.T.eq(inv(first.target), I[k]))));
  const s1 = facts.reduce((x, f) => assumeConjunct(x, f, st.span, `${reason}: the inverse of its binders`), inj.next);
  const selected: Selected = (args) => {
    const there = at(
      inverses.map((inv) => inv(args)),
      [],
    );
    return ctx.T.and(there.cond, ...there.target.map((e, i) => ctx.T.eq(e, args[i])));
  };
  const target = st.target;
  const after =
    target.kind === 'call'
      ? havocInstances(ctx, s1, target, (c) => selected(c.args), st)
      : havocFields(ctx, s1, st, target, selected);
  return [...leaves, ...after];
}

/** The condition and the target's receiver (arguments) with the binders at `values`. */
function evalAt(
  ctx: EngineContext,
  env: EvalEnv,
  st: Quasihavoc,
  vars: readonly Binder[],
  values: readonly Term[],
  out: Obligation[],
): { cond: Term; target: Term[] } {
  const names = new Map(vars.map((v, k) => [v.name, values[k]]));
  const inner: EvalEnv = { ...env, lookup: (n) => names.get(n) ?? env.lookup(n) };
  const cond = st.cond ? asTerm(evalExpr(st.cond, inner, out)) : ctx.T.trueTerm;
  const exprs: readonly Expr[] = st.target.kind === 'call' ? st.target.args : [st.target.object];
  // The target's checks only where the condition holds.
  const guarded: Obligation[] = [];
  const target = exprs.map((e) => asTerm(evalExpr(e, inner, guarded)));
  out.push(...guarded.map((o) => ({ ...o, cond: ctx.T.implies(cond, o.cond) })));
  return { cond, target };
}

/** inv_k(ā): the k-th binder of the location ā, an uninterpreted function fresh at this statement. */
function inverseOf(ctx: EngineContext, v: Binder, k: number, st: Quasihavoc): (args: readonly Term[]) => Term {
  const sort = sortOfType(v.type);
  const what = `the inverse of ${v.name} in the quasihavocall at line ${st.span.line}`;
  const tag = ctx.T.symbol(sort, `inv⟨${v.name}⟩`, what);
  return (args) => ctx.T.app(`qhinv${k}.${tag.symbol!.name}`, args, sort);
}

function havocFields(ctx: EngineContext, s: State, st: Quasihavoc, target: FieldRead, selected: Selected): Successor[] {
  const T = ctx.T;
  const heap = s.heap ?? EMPTY_HEAP;
  const type = ctx.checked.exprTypes.get(target);
  if (!type) throw new Error('internal: no type for the quasihavocall target');
  const site = `${printExpr(target)}@${st.span.line}`;
  const origin = `quasihavocall of ${printExpr(target)} at line ${st.span.line}`;
  let cur = s;
  let next = havocQuantified(T, heap, target.field, sortOfType(type), (r) => selected([r]), origin);
  for (const c of fieldChunks(heap, target.field)) {
    const hit = selected([c.receiver]);
    if (hit === T.falseTerm) continue;
    const fresh = freshAtSite(ctx, cur, site, type, origin);
    cur = fresh.state;
    next = replaceChunk(next, c, { ...c, value: iteValue(T, hit, fresh.value, c.value) });
  }
  return [{ state: { ...cur, heap: heapAfter(s.heap, next) }, label: STEP }];
}

function asTerm(v: SymValue): Term {
  if (isSymArray(v)) throw new Error('internal: an array where a value was expected in quasihavocall');
  return v;
}
