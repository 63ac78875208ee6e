// Silver's operator precedence: the grammar parses `a op b op c …` as a flat chain and this
// module folds it (shunting-yard, no recursion). From loosest to tightest: `?:`, `<==>`, `==>`,
// `||`, `&&`, `== !=`, `< <= > >=`, `+ -`, `* \ %`. `?:`, `<==>`, `==>`, `||`, `&&` group to the
// right (Silver's operators are right-associative in general); the others to the left.
// Comparisons chain as in Silver (all/basic/comparisons.vpr): `a < b <= c` is `a < b && b <= c`,
// `s1 in s2 in s3` is `s1 in s2 && s2 in s3`, for `< <= > >= in` unparenthesised in one chain
// (`(a < b) <= c` compares a bool; `==` and `!=` bind looser and do not chain).

import { spanFrom } from '../span';
import type { VBinaryOp, VExpr } from './ast';

export type VChainOp =
  | { readonly kind: 'binary'; readonly op: VBinaryOp }
  | { readonly kind: 'cond'; readonly then: VExpr }
  | { readonly kind: 'wand' };
export interface VChainLink {
  readonly operand: VExpr;
  readonly op: VChainOp;
}

const PREC: Record<VBinaryOp, number> = {
  '<==>': 2,
  '==>': 3,
  '||': 4,
  '&&': 5,
  '==': 6,
  '!=': 6,
  '<': 7,
  '<=': 7,
  '>': 7,
  '>=': 7,
  '+': 8,
  '-': 8,
  '*': 9,
  '/': 9,
  '\\': 9,
  '%': 9,
  // Silver: `in` is a comparison, the set and sequence operators bind as `+`.
  in: 7,
  union: 8,
  intersection: 8,
  setminus: 8,
  subset: 8,
  '++': 8,
};
const RIGHT = new Set<VBinaryOp>(['<==>', '==>', '||', '&&']);

// Silver's `--*` binds tighter than `==>` and looser than `||` (its right side is a whole
// expression there; here a chain's rest), and groups to the right.
const precOf = (op: VChainOp): number => (op.kind === 'cond' ? 1 : op.kind === 'wand' ? 3.5 : PREC[op.op]);
const rightAssoc = (op: VChainOp): boolean => op.kind !== 'binary' || RIGHT.has(op.op);

function combine(left: VExpr, op: VChainOp, right: VExpr): VExpr {
  const span = spanFrom(left.span, right.span);
  if (op.kind === 'wand') return { kind: 'wand', left, right, span };
  return op.kind === 'cond'
    ? { kind: 'cond', cond: left, then: op.then, otherwise: right, span }
    : { kind: 'binary', op: op.op, left, right, span };
}

const COMPARISON = PREC['<'];

export function resolveVChain(links: readonly VChainLink[], last: VExpr): VExpr {
  const operands: VExpr[] = [];
  const ops: VChainOp[] = [];
  // A comparison folded in this chain, and its right operand (the next comparison's left one).
  const compared = new Map<VExpr, VExpr>();
  const reduce = (): void => {
    const right = operands.pop() as VExpr;
    const left = operands.pop() as VExpr;
    const op = ops.pop() as VChainOp;
    const isComparison = op.kind === 'binary' && PREC[op.op] === COMPARISON;
    const mid = isComparison ? compared.get(left) : undefined;
    const node =
      mid === undefined
        ? combine(left, op, right)
        : combine(left, { kind: 'binary', op: '&&' }, combine(mid, op, right));
    if (isComparison) compared.set(node, right);
    operands.push(node);
  };
  for (const link of links) {
    operands.push(link.operand);
    const prec = precOf(link.op);
    while (ops.length > 0) {
      const top = precOf(ops[ops.length - 1]);
      if (top > prec || (top === prec && !rightAssoc(link.op))) reduce();
      else break;
    }
    ops.push(link.op);
  }
  operands.push(last);
  while (ops.length > 0) reduce();
  return operands[0];
}
