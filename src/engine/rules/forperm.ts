// `forperm x: Ref [x.f] :: body` (Viper's forperm, docs/viper.md "forperm"): the conjunction, over
// the chunks of f the heap holds at its top (not inside folded instances), of `amount > 0 ==>
// body[x := receiver]`, as Silicon's evaluator builds it (one implication per chunk, the body
// evaluated, and its reads checked, only where the chunk holds some of its location). Over a
// predicate P(…, x, …): per instance chunk of P, x bound to its argument at x's position, the
// other arguments equal to the chunk's. Inside a consume (exhale, a call's requires, an
// invariant's check), forperm reads the heap the consume has left so far, Silicon's "partially
// consumed heap" (`exhale acc(x.f) && forperm r: Ref [r.f] :: false` holds): the consume puts
// it in the environment as `partialHeap`; its body reads that heap too. Over a quantified field,
// a quantifier over the receivers its chunk holds some of (overQuantified).

import type { ForpermResource, Quant } from '../../lang/ast';
import type { Term } from '../terms/term';
import type { TermStore } from '../terms/store';
import { REF_SORT } from '../terms/term';
import { realBinary, realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';
import { positive, type Amount } from '../state/amounts';
import type { Chunk, Heap } from '../state/chunks';
import { amountTerm } from './heap/symAmounts';
import type { EvalCore, EvalEnv } from './evalEnv';
import { isQuantifiedField, permQuant } from './quantifiedPerms';

export function forpermTerm(
  ev: EvalCore,
  q: Quant,
  resource: ForpermResource,
  guard: Term,
  bound: ReadonlyMap<string, Term>,
  old: boolean,
): Term {
  const T = ev.T;
  const heap = old ? ev.heapFor(true) : (ev.env.partialHeap ?? ev.heapFor(false));
  const inner = old ? ev : ev.inEnv({ ...ev.env, heap });
  const binders = new Set(q.vars.map((v) => v.name));
  // A predicate's arguments: a binder's name, or a term evaluated once, in the heap forperm reads.
  const args: (string | Term)[] =
    resource.kind === 'pred'
      ? resource.args.map((a) => (a.kind === 'var' && binders.has(a.name) ? a.name : inner.term(a, guard, bound, old)))
      : [];
  const parts: Term[] = [];
  for (const c of heap) {
    const binding = bindingOf(T, c, resource, q.vars[0].name, args);
    if (!binding || c.kind === 'qfield') continue;
    const cond = T.and(binding.matches, holdsSome(T, c.amount));
    // Bound as variables of the environment, not as binders: the values are terms, not quantified
    // variables, so what may not be evaluated under a quantifier may be evaluated here.
    const look = (base?: EvalEnv['lookup']) => (n: string) => binding.values.get(n) ?? base?.(n);
    const env = {
      ...inner.env,
      lookup: look(inner.env.lookup),
      lookupOld: look(inner.env.lookupOld ?? inner.env.lookup),
    };
    const body = inner.inEnv(env).term(q.body, T.and(guard, cond), bound, old);
    parts.push(T.implies(cond, body));
  }
  if (resource.kind === 'field' && ev.env.decls && isQuantifiedField(ev.env.decls, resource.field))
    parts.push(overQuantified(inner, q, resource.field, heap, guard, bound, old));
  return T.and(...parts);
}

/**
 * Over a quantified field (B.10), held at a set of receivers: `forall x :: perm(x.f) > 0 ==> body`,
 * x a binder, perm read from the field's quantified chunk in `heap`. The body's reads are checked
 * for every such x, as a quantifier's are (each obligation quantified over x).
 */
function overQuantified(
  ev: EvalCore,
  q: Quant,
  field: string,
  heap: Heap,
  guard: Term,
  bound: ReadonlyMap<string, Term>,
  old: boolean,
): Term {
  const T = ev.T;
  const x = T.bound(q.vars[0].name, REF_SORT);
  const held = realBinary(T, 'lt', realLit(T, ZERO), permQuant(T, heap, x, field));
  const start = ev.out.length;
  const body = ev.term(q.body, T.and(guard, held), new Map(bound).set(q.vars[0].name, x), old);
  for (const { heal: _, ...o } of ev.out.splice(start)) ev.out.push({ ...o, cond: T.forall([x], o.cond) });
  return T.forall([x], T.implies(held, body));
}

/** What chunk c binds the variables to, and when it matches the resource; undefined when it is another resource. */
function bindingOf(
  T: TermStore,
  c: Chunk,
  r: ForpermResource,
  x: string,
  args: readonly (string | Term)[],
): { values: Map<string, Term>; matches: Term } | undefined {
  switch (c.kind) {
    case 'field':
      return r.kind === 'field' && c.field === r.field
        ? { values: new Map([[x, c.receiver]]), matches: T.trueTerm }
        : undefined;
    case 'pred': {
      if (r.kind !== 'pred' || c.name !== r.predicate) return undefined;
      const values = new Map<string, Term>();
      const same: Term[] = [];
      args.forEach((a, i) => {
        if (typeof a !== 'string') same.push(T.eq(c.args[i], a));
        // A binder at several positions: those arguments of the chunk must be equal (Silicon's).
        else if (values.has(a)) same.push(T.eq(c.args[i], values.get(a)!));
        else values.set(a, c.args[i]);
      });
      return { values, matches: T.and(...same) };
    }
    case 'qfield':
      // A quantified chunk (B.10) holds the field at a set of receivers, not one: read apart
      // (overQuantified), from the field's chunks as perm(x.f) reads them.
      return undefined;
    default:
      return unknownChunk(c);
  }
}

/** A chunk of a kind this rule does not know (a quantified chunk, say) must not be skipped silently. */
function unknownChunk(c: never): never {
  throw new Error(`internal: forperm over a chunk of kind ${(c as { kind: string }).kind}`);
}

/** `amount > 0`: true for a constant positive amount (a chunk never holds none). */
function holdsSome(T: TermStore, a: Amount | undefined): Term {
  if (a === undefined || positive(a)) return T.trueTerm;
  return T.lt(realLit(T, ZERO), amountTerm(T, a));
}

/** The environment a consume evaluates in once part of it is taken: forperm reads `heap`, what is left. */
export function consumedSoFar(env: EvalEnv, heap: Heap | undefined): EvalEnv {
  return heap === undefined || heap === env.heap ? env : { ...env, partialHeap: heap };
}
