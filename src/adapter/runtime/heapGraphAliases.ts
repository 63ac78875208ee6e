// May-alias facts for the heap graph (issue 27): for each pair of references the terms alone
// cannot tell apart (not one term, not two `new` objects, not two receivers of one field,
// which the heap keeps distinct), the solver says under the path condition whether they are
// one object (`equal`), may be (`may`), or cannot tell (`unknown`, reported, never a guess).

import { allFieldChunks, type Heap } from '../../engine/state/chunks';
import { distinctRefs } from '../../engine/rules/heap/alias';
import type { Solver } from '../../engine/solver/solver';
import type { TermStore } from '../../engine/terms/store';
import type { Term } from '../../engine/terms/term';

export type AliasAnswer = 'equal' | 'may' | 'unknown';

export interface AliasFacts {
  readonly pairs: readonly { readonly a: Term; readonly b: Term; readonly answer: AliasAnswer }[];
  /** Set when pairs were left unasked (more than the cap). */
  readonly note?: string;
}

/** At most this many solver questions per graph (a 50-object graph has 1,225 pairs; most are decided by the terms). */
export const MAX_ALIAS_QUERIES = 200;

export interface AliasAsk {
  readonly solver: Solver;
  readonly T: TermStore;
  readonly pc: readonly Term[];
}

/** Pairs the terms cannot decide: neither one term nor distinct allocations, nor receivers of one field in `heap`. */
export function undecidedPairs(terms: readonly Term[], heap: Heap): [Term, Term][] {
  const fieldsOf = new Map<number, Set<string>>();
  for (const f of new Set(allFieldNames(heap)))
    for (const c of allFieldChunks(heap, f)) {
      const s = fieldsOf.get(c.receiver.id) ?? new Set<string>();
      s.add(f);
      fieldsOf.set(c.receiver.id, s);
    }
  const out: [Term, Term][] = [];
  for (let i = 0; i < terms.length; i++) {
    for (let j = i + 1; j < terms.length; j++) {
      const a = terms[i],
        b = terms[j];
      if (a === b || distinctRefs(a, b)) continue;
      const fa = fieldsOf.get(a.id),
        fb = fieldsOf.get(b.id);
      if (fa && fb && [...fa].some((f) => fb.has(f))) continue;
      out.push([a, b]);
    }
  }
  return out;
}

function allFieldNames(h: Heap): string[] {
  return h.flatMap((c) => (c.kind === 'field' ? [c.field] : c.kind === 'pred' ? allFieldNames(c.fragment ?? []) : []));
}

/** Asks the solver about each pair; pairs that cannot be equal are dropped. */
export async function aliasFacts(pairs: readonly [Term, Term][], ask: AliasAsk): Promise<AliasFacts> {
  const out: { a: Term; b: Term; answer: AliasAnswer }[] = [];
  for (const [a, b] of pairs.slice(0, MAX_ALIAS_QUERIES)) {
    const answer = await aliasAnswer(a, b, ask);
    if (answer) out.push({ a, b, answer });
  }
  const left = pairs.length - MAX_ALIAS_QUERIES;
  return {
    pairs: out,
    ...(left > 0
      ? { note: `${left} pair(s) of references not asked (at most ${MAX_ALIAS_QUERIES} solver questions per graph)` }
      : {}),
  };
}

async function aliasAnswer(a: Term, b: Term, ask: AliasAsk): Promise<AliasAnswer | undefined> {
  const same = await ask.solver.checkSat(ask.pc, ask.T.eq(a, b), { wantModel: false });
  if (same.status === 'unsat') return undefined;
  if (same.status === 'unknown') return 'unknown';
  const apart = await ask.solver.checkSat(ask.pc, ask.T.neq(a, b), { wantModel: false });
  if (apart.status === 'unknown') return 'unknown';
  return apart.status === 'unsat' ? 'equal' : 'may';
}
