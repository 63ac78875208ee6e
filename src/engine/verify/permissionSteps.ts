// What one step of a path did to a permission it removed (docs/design.md B.7): the call that
// kept it, the fold that took it inside, the join that dropped it, … as plain data, so that the
// walk back from a permission failure (permissionHistory.ts, whole chunks) and the amount-aware
// walk (permissionAmounts.ts, fractions) name the same step the same way, each in its own words.

import type { Call, Expr, Stmt } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { topFrame, type State } from '../state/state';
import type { TreeNode } from '../explore/tree';

export type LossStep =
  | { readonly kind: 'join'; readonly line: number }
  /** A call's ensures did not give it back: at the callee's return (inlined) or at the call (modular). */
  | { readonly kind: 'call'; readonly line: number; readonly call: string; readonly callee: string }
  /** A generated helper call of a Viper statement (`exhale@12:3#1`): `exhale` consumed it. */
  | { readonly kind: 'helper'; readonly line: number; readonly what: string }
  /** Entering a call whose requires asked for less than the caller held (the failure is in the callee). */
  | { readonly kind: 'enter'; readonly line: number; readonly call: string; readonly callee: string }
  /** The failing call's own requires took it for another of its parts (an alias). */
  | { readonly kind: 'alias'; readonly line: number; readonly call: string; readonly callee: string }
  | { readonly kind: 'loop'; readonly line: number }
  | { readonly kind: 'fold' | 'unfold'; readonly line: number; readonly pred: string }
  | { readonly kind: 'assert'; readonly line: number; readonly cond: string }
  | { readonly kind: 'stmt'; readonly line: number; readonly stmt: Stmt['kind'] }
  | { readonly kind: 'other'; readonly line: number };

/**
 * The step from `held` (whose heap had more of the location) to `after` (whose heap has less).
 * `calleeTook`: a step into a call lost it because the callee took it (the caller's view, the
 * amount walk); by default the loss is the callee's, whose requires did not ask for it.
 */
export function lossStepOf(held: TreeNode, after: TreeNode, calleeTook = false): LossStep {
  const s = held.state;
  const frame = topFrame(s);
  const head = frame?.kont?.head;
  if (after.label.kind === 'join') return { kind: 'join', line: lineOf(s) };
  if (head?.kind === 'return' && frame.callSite) return callStep('call', frame.callSite.call, frame.callSite.span.line);
  if (head?.kind === 'loop' || head?.kind === 'loopPreserve') return { kind: 'loop', line: head.loop.span.line };
  if (head?.kind !== 'stmt') return { kind: 'other', line: lineOf(s) };
  return stmtStep(head.stmt, s, after.state, calleeTook);
}

function stmtStep(st: Stmt, before: State, after: State, calleeTook: boolean): LossStep {
  const line = st.span.line;
  if (st.kind === 'fold' || st.kind === 'unfold') return { kind: st.kind, line, pred: printExpr(st.pred, 60) };
  if (st.kind === 'assert') return { kind: 'assert', line, cond: printExpr(st.cond, 60) };
  const call = callOf(st);
  if (!call) return { kind: 'stmt', line, stmt: st.kind };
  if (after.frames.length > before.frames.length) return callStep(calleeTook ? 'call' : 'enter', call, line);
  // Held right before the call that fails for it: the call's own requires took it for another part (an alias).
  if (after.status === 'failed' && after.failure?.span.line === line) return callStep('alias', call, line);
  return callStep('call', call, line);
}

function callStep(kind: 'call' | 'enter' | 'alias', call: Call, line: number): LossStep {
  const at = call.callee.indexOf('@');
  if (at > 0 && kind !== 'enter') return { kind: 'helper', line, what: call.callee.slice(0, at) };
  return { kind, line, call: printExpr(call as Expr, 60), callee: call.callee };
}

function callOf(st: Stmt): Call | undefined {
  if (st.kind === 'callStmt' || st.kind === 'callAssign') return st.call;
  if (st.kind === 'varDecl' && st.init?.kind === 'call') return st.init;
  if (st.kind === 'assign' && st.value.kind === 'call') return st.value;
  return undefined;
}

function lineOf(s: State): number {
  const f = topFrame(s);
  const head = f?.kont?.head;
  if (head?.kind === 'stmt') return head.stmt.span.line;
  if (head && 'span' in head) return head.span.line;
  return 0;
}
