// Receivers and amounts of quantified permissions that symdap refuses by name (docs/design.md
// B.10): a receiver that is a function of the binders needs an inverse function, and on these
// shapes Z3's queries (sequence indexing of heap values, non-linear terms under quantifiers)
// reach the solver's time limit one after another, so a file would time out rather than be
// decided. Measured on the corpus (quantifiedpermissions/third_party/*): refused until the
// sequence encoding gives Z3 triggers. An amount that reads the heap (`acc(x.f, x.k)`,
// `acc(x.f, perm(x.f))`) is read under the binder in the heap of the produce or consume
// (rules/quantifiedAmount.ts), as any non-constant amount.

import type { Expr } from '../ast';

function some(e: unknown, p: (x: Record<string, unknown>) => boolean): boolean {
  if (e === null || typeof e !== 'object') return false;
  if (Array.isArray(e)) return e.some((x) => some(x, p));
  const x = e as Record<string, unknown>;
  if (p(x)) return true;
  return Object.entries(x).some(([k, v]) => k !== 'span' && some(v, p));
}

const mentions = (e: unknown, binders: readonly string[]): boolean =>
  some(e, (x) => x.kind === 'var' && binders.includes(x.name as string));

const isAt = (x: Record<string, unknown>): boolean => x.kind === 'coll' && x.op === 'at';

const literal = (e: unknown): boolean => {
  const x = e as Record<string, unknown>;
  return x.kind === 'intLit' || (x.kind === 'unary' && literal(x.operand));
};

/** Why `receiver` (with the condition `cond` over `binder`) is refused; undefined when it is not. */
export function slowReceiver(receiver: Expr, cond: Expr | undefined, binders: readonly string[]): string | undefined {
  if (binders.length === 1 && receiver.kind === 'var' && receiver.name === binders[0]) return undefined;
  // diz.a[i].f, xs[i].g.f: the receiver reads the heap and indexes a sequence. Z3 ran out of
  // time or memory on these (third_party/test_forward_dep*, test_kernel_example*; 0508a.vpr took
  // 3 min: sequence indexing under the inverse's quantifiers). A receiver that reads a field
  // otherwise (x.g.f, loc(a, i).g.f) is read in the heap of the produce or consume, its reads
  // checked there (rules/quantifiedInverse.ts, produceQuantified.ts).
  if (some(receiver, (x) => x.kind === 'field') && some(receiver, isAt))
    return 'a quantified permission whose receiver reads the heap through a sequence (Z3 times out on its inverse)';
  // 0 <= i && i < x.n: an inhale's helper checks its well-formedness in an empty heap, where
  // x.n is not held (quantifiedpermissions/issues/unofficial_0001.vpr).
  if (some(cond, (x) => x.kind === 'field'))
    return 'a quantified permission whose condition reads the heap, over an Int binder';
  // 0 <= j && j % step < n: the binder under non-linear arithmetic. A product in the receiver
  // (xs[a * i + b]: issue_0080.vpr, decided in 3 s) is admitted; division and remainder, and
  // any of them in the condition (testAccessSubmatrix*.vpr: no answer in 2 min), are not.
  const nonLinear =
    (ops: readonly string[]) =>
    (x: Record<string, unknown>): boolean =>
      x.kind === 'binary' &&
      ops.includes(x.op as string) &&
      mentions(x, binders) &&
      !literal(x.left) &&
      !literal(x.right);
  if (some(receiver, nonLinear(['/', '%'])) || some(cond, nonLinear(['*', '/', '%'])))
    return 'a quantified permission non-linear in its binder (Z3 times out on its inverse)';
  return undefined;
}

/**
 * `forall i: Int :: d ==> acc(xs[i].f) && xs[i].f == 0`: a pure part reading a field beside a
 * permission whose receiver needs an inverse. Each such read asks Z3 for the amount through the
 * inverse under the binder, which reached the time limit on the corpus (silver/0637.vpr).
 */
export function readBeside(
  q: { readonly vars: readonly { readonly type: { readonly kind: string } }[] },
  leaves: readonly { readonly leaf: Expr }[],
): { why: string; span: Expr['span'] } | undefined {
  if (q.vars.length === 1 && q.vars[0].type.kind === 'ref') return undefined;
  for (const { leaf } of leaves) {
    if (leaf.kind === 'acc') continue;
    if (some(leaf, (x) => x.kind === 'field'))
      return {
        why: 'a field read beside a quantified permission over an Int binder (Z3 times out on it)',
        span: leaf.span,
      };
  }
  return undefined;
}
