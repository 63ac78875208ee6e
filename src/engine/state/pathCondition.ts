// The path condition: a persistent list of conjuncts, each remembering the source span and
// the reason that added it (shown in the debugger's "Path condition" scope and in `:why`).

import type { Span } from '../../lang/span';
import type { Term } from '../terms/term';

export interface Conjunct {
  readonly term: Term;
  readonly span?: Span;
  /** e.g. "then-branch of if", "assume", "requires of main", "join at line 12". */
  readonly reason: string;
}

export interface PathCondition {
  readonly last: PcNode | null;
  readonly size: number;
}

interface PcNode {
  readonly conjunct: Conjunct;
  readonly prev: PcNode | null;
}

export const EMPTY_PC: PathCondition = { last: null, size: 0 };

export function conjoin(pc: PathCondition, c: Conjunct): PathCondition {
  if (c.term.op === 'const' && c.term.value === true) return pc;
  return { last: { conjunct: c, prev: pc.last }, size: pc.size + 1 };
}

/** Conjuncts oldest first. */
export function conjuncts(pc: PathCondition): Conjunct[] {
  const out: Conjunct[] = [];
  for (let n = pc.last; n; n = n.prev) out.push(n.conjunct);
  return out.reverse();
}

export function pcTerms(pc: PathCondition): Term[] {
  // Filled from the newest end: one array, no reverse (this runs on every solver question).
  const out: Term[] = new Array(pc.size);
  let i = pc.size;
  for (let n = pc.last; n && i > 0; n = n.prev) out[--i] = n.conjunct.term;
  return i === 0 ? out : out.slice(i);
}

/** The shared oldest part of several path conditions (they forked from a common ancestor). */
export function commonPrefix(pcs: readonly PathCondition[]): PathCondition {
  if (pcs.length === 0) return EMPTY_PC;
  const minSize = Math.min(...pcs.map((p) => p.size));
  let nodes = pcs.map((p) => dropTo(p, minSize));
  let size = minSize;
  while (size > 0 && !nodes.every((n) => n === nodes[0])) {
    nodes = nodes.map((n) => n!.prev);
    size--;
  }
  return { last: nodes[0] ?? null, size };
}

/** The conjuncts of `pc` newer than `prefix` (which must be a prefix of it). */
export function suffixAfter(pc: PathCondition, prefix: PathCondition): Conjunct[] {
  const out: Conjunct[] = [];
  let n = pc.last;
  for (let i = pc.size; i > prefix.size && n; i--, n = n.prev) out.push(n.conjunct);
  return out.reverse();
}

function dropTo(pc: PathCondition, size: number): PcNode | null {
  let n = pc.last;
  for (let i = pc.size; i > size && n; i--) n = n.prev;
  return n;
}
