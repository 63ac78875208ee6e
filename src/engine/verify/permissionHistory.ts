// Where a missing permission was lost (docs/design.md B.7): from a `permission` failure, walk the
// path's earlier states (the memoised tree keeps them) back to the last one whose heap held
// the missing chunk, and name the step that removed it — "acc(c.x) was held until line 33:
// the call clear(c) consumed it". Plain data; the states themselves are never changed.

import type { Call, Stmt } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { MissingChunk } from '../state/failures';
import type { Chunk, Heap } from '../state/chunks';
import { isSymArray, topFrame, type State } from '../state/state';
import type { Term } from '../terms/term';
import { printTerm } from '../terms/print';
import type { TreeNode } from '../explore/tree';

/** How a reference is named in the text (the debugger: the frame's variable names). */
export type NameRef = (t: Term) => string;

/** A reference named by the first variable of the failing frame that holds it, else its term. */
export function frameNamer(s: State): NameRef {
  const names = new Map<number, string>();
  for (const [name, v] of topFrame(s)?.store ?? [])
    if (!isSymArray(v) && v.sort.kind === 'ref' && !names.has(v.id)) names.set(v.id, name);
  return (t) => names.get(t.id) ?? printTerm(t, { maxLength: 40 });
}

export interface PermissionLoss {
  /** `acc(c.x)` or `valid(c)`, in the failing frame's names. */
  readonly chunk: string;
  /** The line of the step that removed it; absent when the path never held it. */
  readonly heldUntil?: number;
  /** What removed it: `the call clear(c) consumed it, and clear's ensures does not give it back`. */
  readonly how: string;
  /** The sentence shown to the user. */
  readonly text: string;
}

/** The walk back from a failure node; undefined when the failure is not about a missing chunk. */
export function permissionLoss(node: TreeNode, names: NameRef = frameNamer(node.state)): PermissionLoss | undefined {
  const missing = node.state.failure?.missing;
  if (!missing) return undefined;
  const chunk = missingName(missing, names);
  let after: TreeNode = node;
  for (let n = node.parent; n; after = n, n = n.parent) {
    if (!holds(n.state.heap ?? [], missing)) continue;
    const step = lossStep(n, after);
    return {
      chunk,
      heldUntil: step.line,
      how: step.how,
      text: `${chunk} was held until line ${step.line}: ${step.how}`,
    };
  }
  // Never held unfolded (a precondition gave it folded): say where it is.
  const folder = (node.state.heap ?? []).find(
    (c) => c.kind === 'pred' && (c.fragment ?? []).some((x) => matches(x, missing)),
  );
  if (folder?.kind === 'pred') {
    const how = `it is folded inside ${folder.name}(${folder.args.map(names).join(', ')}): unfold it first`;
    return { chunk, how, text: `${chunk} is held, but ${how}` };
  }
  const how = 'it was never held on this path';
  return { chunk, how, text: `${chunk} was never held on this path` };
}

function missingName(m: MissingChunk, names: NameRef): string {
  if (m.kind === 'field') return `acc(${names(m.receiver)}.${m.field})`;
  return `${m.name}(${m.args.map(names).join(', ')})`;
}

/** Directly held by the innermost frame (a chunk folded inside a predicate is not). */
function holds(h: Heap, m: MissingChunk): boolean {
  return h.some((c) => matches(c, m));
}

function matches(c: Chunk, m: MissingChunk): boolean {
  if (m.kind === 'field') return c.kind === 'field' && c.field === m.field && c.receiver.id === m.receiver.id;
  return (
    c.kind === 'pred' &&
    c.name === m.name &&
    c.args.length === m.args.length &&
    c.args.every((a, i) => a.id === m.args[i].id)
  );
}

/** The step from `held` (whose heap has the chunk) to `after` (whose heap does not), in words. */
function lossStep(held: TreeNode, after: TreeNode): { line: number; how: string } {
  const s = held.state;
  const frame = topFrame(s);
  const head = frame?.kont?.head;
  if (after.label.kind === 'join')
    return { line: lineOf(s), how: `the join there dropped it (not every joined path held it)` };
  if (head?.kind === 'return' && frame.callSite) {
    const name = frame.proc.name;
    return {
      line: frame.callSite.span.line,
      how: `the call ${printExpr(frame.callSite.call, 60)} consumed it, and ${name}'s ensures does not give it back`,
    };
  }
  if (head?.kind === 'loop' || head?.kind === 'loopPreserve')
    return { line: head.loop.span.line, how: `the loop's invariant does not keep it` };
  if (head?.kind !== 'stmt') return { line: lineOf(s), how: 'this step consumed it' };
  return stmtLoss(head.stmt, s, after.state);
}

function stmtLoss(st: Stmt, before: State, after: State): { line: number; how: string } {
  const line = st.span.line;
  if (st.kind === 'fold') return { line, how: `fold ${printExpr(st.pred, 60)} consumed it (it is folded inside now)` };
  if (st.kind === 'unfold') return { line, how: `unfold ${printExpr(st.pred, 60)} consumed it` };
  if (st.kind === 'assert') return { line, how: `it was exhaled by assert ${printExpr(st.cond, 60)}` };
  const call = callOf(st);
  if (call && after.frames.length > before.frames.length) {
    return {
      line,
      how: `the call ${printExpr(call, 60)} did not pass it: ${call.callee}'s requires does not ask for it`,
    };
  }
  // Held right before the call that fails for it: the call's own requires took it for another part (an alias).
  if (call && after.status === 'failed' && after.failure?.span.line === line) {
    return {
      line,
      how: `the call ${printExpr(call, 60)} took it already for another part of ${call.callee}'s requires`,
    };
  }
  if (call)
    return {
      line,
      how: `the call ${printExpr(call, 60)} consumed it, and ${call.callee}'s ensures does not give it back`,
    };
  return { line, how: `the ${st.kind} statement consumed it` };
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
