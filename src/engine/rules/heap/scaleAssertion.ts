// A predicate body at a part p (docs/design.md "Fractions of predicate instances"): `fold acc(q(x), p)`
// consumes q's body with every amount in it multiplied by p, and producing `acc(q(x), p)`
// produces it so (Silicon scales the body's permissions by p). The body is rewritten once per
// use: every `acc(e.f, a)` and `acc(r(ē), a)` gets the amount a·p written as a constant the
// checker's folding reads back (lang/permAmount.ts), so consume and produce need no new case.
// A product with a wildcard is a wildcard (some positive part); `write` stays unwritten. At a
// symbolic part p each amount a becomes a name bound to a·p (heap/symInstances.ts).

import type { Acc, Expr } from '../../../lang/ast';
import type { Span } from '../../../lang/span';
import { exactly, held, isNone, isWrite, WILDCARD, type Amount } from '../../state/amounts';
import { mulAmounts } from '../../state/instanceAmounts';
import { permAmount } from '../../../lang/permAmount';
import { cmpQ, ONE, ZERO } from '../../../lang/rational';
import { partName, wildcardPartName } from './symInstances';
import { symbolicAmount } from './fractions';

/** Whether a call names a predicate (assertions.ts's IsPredicate, restated: snapshots.ts imports this file, and assertions.ts imports snapshots.ts). */
type IsPredicate = (name: string) => boolean;

/** The constant amount an `acc`, a `fold` or an `unfolding` names (absent: undefined, all of it; symbolic ones: symInstances.ts). */
export function amountOf(e: Expr | undefined): Amount | undefined {
  if (!e) return undefined;
  const p = permAmount(e);
  if (!p.ok) throw new Error(`internal: an amount the checker refused: ${p.message}`);
  const a = p.wildcard ? WILDCARD : exactly(p.q);
  return isWrite(a) ? undefined : a;
}

/** `a` written as a constant amount expression (undefined for write). */
export function amountExpr(a: Amount, span: Span): Expr | undefined {
  if (isWrite(a)) return undefined;
  if (a.above) return { kind: 'var', name: 'wildcard', span };
  if (isNone(a)) return { kind: 'var', name: 'none', span };
  const int = (value: bigint): Expr => ({ kind: 'intLit', value, span });
  return { kind: 'binary', op: '/', left: int(a.q.n), right: int(a.q.d), span };
}

function scaledAcc(acc: Acc, p: Amount, wildcards?: Wildcards): Expr {
  const { amount: _old, ...rest } = acc;
  const amount = scaledAmount(acc.amount, p, acc.span, wildcards);
  return amount ? { ...rest, amount } : rest;
}

/** A produce's count of the wildcards it has named (each its own fresh amount). */
interface Wildcards {
  next: number;
}

/**
 * An amount (absent: write) at the part p, as an expression (undefined: write). Constant times
 * constant is a constant the checker's folding reads back; a product with a wildcard is a
 * wildcard. Where either is symbolic the product is named: a constant a at a symbolic part is
 * the name the environment binds to a·p (heap/symInstances.ts partValue), a symbolic amount e
 * is `e * ⟨part·1⟩`, ⟨part·1⟩ bound to p. A wildcard at a symbolic part: consumed (a fold), it
 * stays a wildcard (some positive amount below what is held: the fold needs p > 0); produced,
 * it is w·p with a fresh w > 0 of its own (`⟨wildcard·i⟩`, symInstances.ts wildcardParts), so
 * it holds nothing where p is 0. A wildcard part of a symbolic amount is refused before the
 * engine runs (heap/symInstanceGuard.ts).
 */
function scaledAmount(amount: Expr | undefined, p: Amount, span: Span, wildcards?: Wildcards): Expr | undefined {
  if (symbolicAmount(amount)) {
    if (p.above && !p.sym) throw new Error('internal: a symbolic amount in a body taken at a wildcard part');
    return { kind: 'binary', op: '*', left: amount, right: { kind: 'var', name: partName(ONE), span }, span };
  }
  const a = held(amountOf(amount));
  if (p.sym) {
    if (a.above && cmpQ(a.q, ZERO) > 0) throw new Error('internal: a wildcard beside a fraction at a symbolic part');
    if (a.above && !wildcards) return amount;
    if (a.above) return { kind: 'var', name: wildcardPartName(wildcards!.next++), span };
    return { kind: 'var', name: partName(a.q), span };
  }
  const product = mulAmounts(a, p);
  return amountExpr(product.above ? WILDCARD : product, span);
}

/** `e` with every permission in it at p times its amount (`e` itself when p is write); `produced`:
 *  for a produce, whose wildcards at a symbolic part are named amounts (scaledAmount). */
export function scaleAssertion(e: Expr, p: Amount | undefined, isPred: IsPredicate, produced = false): Expr {
  if (p === undefined || isWrite(p)) return e;
  const wildcards = produced ? { next: 0 } : undefined;
  const go = (x: Expr): Expr => {
    switch (x.kind) {
      case 'acc':
        return scaledAcc(x, p, wildcards);
      case 'call':
        return isPred(x.callee) ? scaledAcc({ kind: 'acc', target: x, span: x.span }, p, wildcards) : x;
      case 'binary':
        if (x.op === '&&') return { ...x, left: go(x.left), right: go(x.right) };
        return x.op === '==>' ? { ...x, right: go(x.right) } : x;
      case 'cond':
        return { ...x, then: go(x.then), otherwise: go(x.otherwise) };
      case 'inhaleExhale':
        return { ...x, inhale: go(x.inhale), exhale: go(x.exhale) };
      case 'quant':
        // A quantified permission in a body (a predicate holding a quantified field) is scaled as its acc.
        return x.quantifier === 'forall' ? { ...x, body: go(x.body) } : x;
      case 'unfolding': {
        // Silicon scales an unfolding's part too (issues/silicon/0290.vpr); one nested in another expression is not.
        const { amount: _old, ...rest } = x;
        const amount = scaledAmount(x.amount, p, x.span);
        return { ...rest, ...(amount ? { amount } : {}), body: go(x.body) };
      }
      default:
        return x;
    }
  };
  return go(e);
}
