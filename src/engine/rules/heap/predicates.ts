// Finding a predicate instance q(args) in the heap, as access.ts finds a field: by identity
// of all arguments first, then the cheap distinctness rules; what is left is decided by the
// solver through the `held` condition (the arguments equal one candidate's).

import type { TermStore } from '../../terms/store';
import type { Term } from '../../terms/term';
import { predChunks, type Heap, type PredChunk } from '../../state/chunks';
import { distinctRefs } from './alias';
import { covers, held, type Amount } from '../../state/amounts';

export interface PredCandidates {
  readonly exact?: PredChunk;
  readonly maybe: readonly PredChunk[];
}

export function distinctArgs(a: readonly Term[], b: readonly Term[]): boolean {
  return a.some((x, i) =>
    x.sort.kind === 'ref' ? distinctRefs(x, b[i]) : x.op === 'const' && b[i].op === 'const' && x !== b[i],
  );
}

/** The most recently produced exact match wins (docs/design.md B.5, several matching chunks). */
export function predCandidates(h: Heap, name: string, args: readonly Term[]): PredCandidates {
  const chunks = predChunks(h, name);
  const exact = [...chunks].reverse().find((c) => c.args.every((a, i) => a === args[i]));
  if (exact) return { exact, maybe: [exact] };
  return { maybe: chunks.filter((c) => !distinctArgs(c.args, args)) };
}

export function sameArgs(T: TermStore, args: readonly Term[], c: PredChunk): Term {
  return T.and(...args.map((a, i) => T.eq(a, c.args[i])));
}

export function predHeld(T: TermStore, args: readonly Term[], c: PredCandidates): Term {
  if (c.exact) return T.trueTerm;
  return T.or(...c.maybe.map((x) => sameArgs(T, args, x)));
}

/**
 * The candidates that hold at least `need` (undefined: all) of the instance: reading under
 * `unfolding acc(q(ē), p)` or applying a function that requires it needs p held (Viper's).
 */
export function partCandidates(c: PredCandidates, need: Amount | undefined): PredCandidates {
  const enough = (x: PredChunk): boolean => covers(held(x.amount), held(need));
  if (c.maybe.every(enough)) return c;
  return { maybe: c.maybe.filter(enough) };
}
