// A loop made of gotos (Viper's label with back-edges, `label l invariant I … goto l`) lowered onto
// Sym's `while`, as Silicon verifies the loops of its control flow graph: the label heads the loop,
// its invariants are the loop's (none: `true`, as Silicon's empty list), checked on entry and on
// every back-edge, the body runs in an arbitrary iteration on the invariant's permissions (the
// frame set aside) and leaves the loop wherever a jump leaves it, with the state it has there.
// The region is the label and the statements of its block up to the last that jumps back to it:
//   while (true) invariant I { goto@l := false; label l; region; break }
// where `goto l` is a jump to the end of the body (the next iteration: the invariant consumed),
// a jump out of the region leaves by a `break` (lowerGoto.ts), and so does a path that reaches the
// region's end (the `break`, run only when no jump back was taken). Declarations at the region's top level are
// declared before the loop (Viper's locals are the method's: they stay visible after it).

import type { Span } from '../span';
import type { VExpr, VStmt } from './ast';
import { bool, jumpsTo, setFlag } from './gotoWalk';

export interface Rewritten {
  readonly stmts: VStmt[];
  /** Labels that a jump inside targets and that this statement list does not reach. */
  readonly escaping: ReadonlySet<string>;
}

/** Where a statement list stands in the goto lowering. */
export interface Where {
  readonly refusals: { feature: string; span: Span }[];
  /** Labels that an `old[l](…)` names: a jump may not skip them. */
  readonly olds: ReadonlySet<string>;
  /** Labels that some goto jumps to. */
  readonly targets: ReadonlySet<string>;
  /** The list is a loop's body: a jump out of it leaves the loop (`break`). */
  readonly loopBody: boolean;
  /** The head of the goto loop whose body the list is: a jump to it goes to the body's end. */
  readonly head?: string;
}

type Head = Extract<VStmt, { kind: 'label' }>;
type ListFn = (stmts: readonly VStmt[], where: Where) => Rewritten;

/** The index of the last statement after `i` that jumps back to the label at `i`, or -1. */
export function loopEnd(stmts: readonly VStmt[], i: number): number {
  const head = stmts[i];
  if (head.kind !== 'label') return -1;
  for (let j = stmts.length - 1; j > i; j--) if (jumpsTo(stmts[j], head.name)) return j;
  return -1;
}

export function gotoLoop(head: Head, region: readonly VStmt[], where: Where, list: ListFn): Rewritten {
  const span = head.span;
  const last = region[region.length - 1].span;
  const brk: VStmt = { kind: 'break', span: last };
  const body = list([...region, brk], { ...where, loopBody: true, head: head.name });
  const decls: VStmt[] = [];
  const inner: VStmt[] = [];
  for (const s of body.stmts) {
    if (s.kind !== 'varDecl') inner.push(s);
    else {
      decls.push({ ...s, init: undefined });
      if (s.init !== undefined)
        inner.push({ kind: 'assign', target: s.name, targetSpan: s.nameSpan, value: s.init, span: s.span });
    }
  }
  // A point span: no failure falls inside it, so none is reported as the reset's (errorIds.ts).
  const point = { ...span, endLine: span.line, endCol: span.col };
  const resets = [head.name, ...body.escaping].map((l) => setFlag(l, false, point));
  const label: VStmt = { kind: 'label', name: head.name, nameSpan: head.nameSpan, span };
  const invariants: readonly VExpr[] = head.invariants ?? [bool(true, span)];
  const blockSpan = { ...span, endLine: last.endLine, endCol: last.endCol };
  const loop: VStmt = {
    kind: 'while',
    cond: bool(true, span),
    invariants,
    body: { kind: 'block', stmts: [...resets, label, ...inner], span: blockSpan },
    span,
  };
  return { stmts: [...decls, loop], escaping: body.escaping };
}
