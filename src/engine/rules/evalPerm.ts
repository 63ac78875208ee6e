// `perm(e.f)` (docs/language.md "Fractional permissions"): the amount of e.f the heap read
// holds, as a real term. It is Silicon's sum over the chunks of the field that may be e's:
// `e == c.r ? c.amount : 0` each (rules/heap/symAmounts.ts); constant amounts fold it to a
// constant. A wildcard's amount is unknown, so a chunk holding one adds a fresh positive amount
// (heap/symAmounts.ts heldAmount): perm() then proves nothing a wildcard would have to decide.
// `perm(q(ē))` of a predicate instance is evalPermInstance.ts's.

import type { Call, FieldRead } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Term } from '../terms/term';
import { realLit } from '../terms/reals';
import { ZERO } from '../../lang/rational';
import { fieldChunks, type FieldChunk } from '../state/chunks';
import { distinctRefs } from './heap/alias';
import { heldAmount } from './heap/symAmounts';
import { EvalError, type EvalCore } from './evalEnv';
import { isQuantifiedField, permQuant } from './quantifiedPerms';
import { permOfInstance } from './evalPermInstance';

export function permOf(ev: EvalCore, c: Call, guard: Term, bound: ReadonlyMap<string, Term>, old: boolean): Term {
  const T = ev.T;
  if (c.args[0].kind === 'call') return permOfInstance(ev, c, c.args[0], guard, bound, old);
  const target = c.args[0] as FieldRead;
  const receiver = ev.term(target.object, guard, bound, old);
  // Inside a consume, what it has left so far (Silicon's partially consumed heap, rules/forperm.ts).
  const heap = old ? ev.env.oldHeap : (ev.env.partialHeap ?? ev.env.heap);
  if (!heap) throw new EvalError(`${printExpr(c)} reads the heap where there is none`);
  if (isQuantifiedField(ev.env.decls, target.field)) return permQuant(T, heap, receiver, target.field);
  const chunks = fieldChunks(heap, target.field).filter((x) => !distinctRefs(x.receiver, receiver));
  const zero = realLit(T, ZERO);
  const amount = (x: FieldChunk): Term => heldAmount(T, x.amount, `the wildcard amount in ${printExpr(c)}`);
  return chunks.reduce<Term>(
    (sum, x) => T.add(sum, x.receiver === receiver ? amount(x) : T.ite(T.eq(receiver, x.receiver), amount(x), zero)),
    zero,
  );
}
