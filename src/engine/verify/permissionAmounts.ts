// Where the rest of a permission went (issue #24, docs/design.md B.7): a failure that holds a
// part of a location but needs more ("needs write; holds 1/2") walks its path back to the last
// state that held enough, then forward again, noting each step where the held amount dropped
// (a call that took a fraction and gave back less, a fold, an exhale, a join) and cancelling a
// drop that a later step gave back (a call that borrowed and returned). What is left are the
// steps that took the difference, with their amounts. Only the Amount API is used
// (state/amounts.ts), so every chunk with an amount, field or predicate, is walked the same way.

import type { MissingChunk } from '../state/failures';
import { addAmounts, covers, held, isNone, minus, NONE, positive, WRITE, type Amount } from '../state/amounts';
import type { Chunk, Heap } from '../state/chunks';
import type { State } from '../state/state';
import type { TreeNode } from '../explore/tree';
import { lossStepOf, type LossStep } from './permissionSteps';

export interface AmountDrop {
  readonly step: LossStep;
  /** What this step took and nothing later gave back; undefined when not certain (a wildcard). */
  readonly amount?: Amount;
}

export interface AmountHistory {
  readonly need: Amount;
  readonly holds: Amount;
  /** Oldest first. */
  readonly drops: readonly AmountDrop[];
  /** No state of the path held `need`: the most it held (certainly). */
  readonly peak?: Amount;
  /** Why the failing state holds its part (the chunk's origin: `requires of writer`). */
  readonly origin?: string;
}

/**
 * The amount of the missing location the innermost frame's heap holds directly; undefined when a
 * chunk of it holds a symbolic amount (a perm value: only the solver can compare those, so this
 * walk, which reads constants, says nothing about them).
 */
export function heldAmount(h: Heap | undefined, m: MissingChunk): Amount | undefined {
  let a = NONE;
  for (const c of h ?? []) {
    if (!matches(c, m)) continue;
    const part = held(amountOf(c));
    if (part.sym) return undefined;
    a = addAmounts(a, part);
  }
  return a;
}

/** A chunk's amount: field chunks have one; a chunk kind without one holds all of its location. */
function amountOf(c: Chunk): Amount | undefined {
  return 'amount' in c ? (c.amount as Amount | undefined) : undefined;
}

export function matches(c: Chunk, m: MissingChunk): boolean {
  if (m.kind === 'field') return c.kind === 'field' && c.field === m.field && c.receiver.id === m.receiver.id;
  return (
    c.kind === 'pred' &&
    c.name === m.name &&
    c.args.length === m.args.length &&
    c.args.every((a, i) => a.id === m.args[i].id)
  );
}

/**
 * The walk, for a failure whose state holds a positive part of the location; undefined
 * otherwise (nothing held: the whole-permission walk says where it went). Amounts are the
 * failing frame's own: while it runs a callee, what it kept (the callee's `callerHeap`), so a
 * fraction lent to a call counts as gone at the call and back at its return. Walking back past
 * the failing frame's entry, the caller's holding is read instead.
 */
export function amountHistory(node: TreeNode, missing: MissingChunk): AmountHistory | undefined {
  const holds = heldAmount(node.state.heap, missing);
  if (!holds || !positive(holds)) return undefined;
  // Only a write asks a field for more than a positive part when the failure does not say.
  const need = missing.need ?? WRITE;
  const chain: Held[] = [];
  let view = node.state.frames.length;
  let enough = false;
  for (let n: TreeNode | undefined = node; n; n = n.parent) {
    view = Math.min(view, n.state.frames.length);
    const amount = n === node ? holds : heldAmount(viewedHeap(n.state, view), missing);
    if (!amount) return undefined;
    chain.push({ node: n, view, amount });
    if (n !== node && covers(chain[chain.length - 1].amount, need)) {
      enough = true;
      break;
    }
  }
  chain.reverse();
  const drops = forward(chain);
  const origin = node.state.heap?.find((c) => matches(c, missing))?.origin.reason;
  return {
    need,
    holds,
    drops,
    ...(enough ? {} : { peak: peakOf(chain.map((c) => c.amount)) }),
    ...(origin ? { origin } : {}),
  };
}

interface Held {
  readonly node: TreeNode;
  /** The number of frames of the frame whose holding is read (the failing one or a caller). */
  readonly view: number;
  readonly amount: Amount;
}

/** What the frame `view` frames deep holds in `s`: its heap when it runs, else what its callee left it. */
function viewedHeap(s: State, view: number): Heap | undefined {
  return s.frames.length === view ? s.heap : s.frames[view]?.callerHeap;
}

/** Oldest to newest: drops kept on a stack, each gain given back to the latest drops first. */
function forward(chain: readonly Held[]): AmountDrop[] {
  const open: AmountDrop[] = [];
  for (let i = 1; i < chain.length; i++) {
    const before = chain[i - 1].amount;
    const after = chain[i].amount;
    if (!covers(after, before)) {
      const amount = covers(before, after) ? minus(before, after) : undefined;
      // The view stayed with the caller: a call it made took the part.
      const calleeTook = chain[i].view === chain[i - 1].view;
      open.push({ step: lossStepOf(chain[i - 1].node, chain[i].node, calleeTook), ...(amount ? { amount } : {}) });
    } else if (!covers(before, after)) {
      giveBack(open, minus(after, before));
    }
  }
  return open;
}

/** A later step gave `gain` back: the latest drops are cancelled first (a borrow returned). */
function giveBack(open: AmountDrop[], gain: Amount): void {
  let g = gain;
  while (open.length > 0 && !isNone(g)) {
    const top = open[open.length - 1];
    if (top.amount === undefined || covers(g, top.amount)) {
      open.pop();
      if (top.amount === undefined) return;
      g = minus(g, top.amount);
    } else {
      open[open.length - 1] = { ...top, amount: minus(top.amount, g) };
      return;
    }
  }
}

function peakOf(amounts: readonly Amount[]): Amount {
  return amounts.reduce((a, b) => (covers(b, a) ? b : a), NONE);
}
