// What a proof rests on (issue 25): for every check that holds (assert, ensures, invariant, a
// callee's requires at a call, a runtime check), the smallest set of path-condition facts it
// needs, each with its source line (branch conditions, requires, assumes, invariants and
// contracts assumed, permissions' facts). The run tells us each proved check with the path
// condition it was proved under (rules/context.ts, onProved); the facts are then minimised by
// deletion: a fact is dropped when the check still holds without it. The result is minimal
// (dropping any listed fact makes the check fail) and sufficient (the listed facts prove it).
// A `requires` or `assume` conjunct that no proof uses is warned about (`unused`).
// Computed on request only (`symdap verify --proofs`): it asks the solver once per fact.

import type { CheckedProgram } from '../../lang/checked';
import type { Solver } from '../solver/solver';
import type { Term } from '../terms/term';
import type { FailureSite } from '../state/failures';
import { conjuncts, pcTerms, type Conjunct } from '../state/pathCondition';
import type { ProvedHook } from '../rules/context';
import { verifyProgram, type VerifyOptions } from '../verify/verify';
import type { ProofDependency, ProofReport, VerifyWarning } from '../verify/report';

interface Proved {
  readonly facts: readonly Term[];
  readonly pc: readonly Conjunct[];
  readonly negated: Term;
}
interface Site {
  readonly site: FailureSite;
  count: number;
  readonly proved: Proved[];
}

/** Dependencies are computed on this many paths per check (the first ones explored). */
const MAX_PATHS = 4;

/** One proved check on one path, with the facts its proof rests on (for tests: minimal and sufficient). */
export interface ProvedCheck {
  readonly site: FailureSite;
  readonly facts: readonly Term[];
  readonly negated: Term;
  readonly minimal: readonly Conjunct[];
}

export async function proofDependencies(
  checked: CheckedProgram,
  solver: Solver,
  opts: VerifyOptions,
  onCheck?: (c: ProvedCheck) => void,
): Promise<{ proofs: ProofReport[]; unused: VerifyWarning[] }> {
  const sites = new Map<string, Site>();
  /** Assumptions met on some proved path, one per place (a requires conjunct or an assume): what `unused` warns about. */
  const seen = new Map<string, Conjunct>();
  const onProved: ProvedHook = (ctx, s, negated, site) => {
    const key = `${site.kind}:${site.span.line}:${site.span.col}`;
    const entry = sites.get(key) ?? { site, count: 0, proved: [] };
    sites.set(key, entry);
    entry.count++;
    const pc = conjuncts(s.pc);
    for (const c of pc) if (assumption(c) && !seen.has(placeOf(c))) seen.set(placeOf(c), c);
    if (entry.proved.length >= MAX_PATHS) return;
    const terms = pcTerms(s.pc);
    const facts = ctx.T.keyed.anyFacts() ? ctx.T.keyed.factsFor([...terms, negated]) : [];
    entry.proved.push({ facts, pc, negated });
  };
  await verifyProgram(checked, solver, { ...opts, retain: false }, onProved);
  const proofs: ProofReport[] = [];
  /** Places of the assumptions some minimal proof uses: a clause used on one path is used. */
  const used = new Set<string>();
  for (const { site, count, proved } of sites.values()) {
    const deps = new Map<string, ProofDependency>();
    for (const p of proved) {
      const minimal = await minimalFacts(solver, p);
      onCheck?.({ site, facts: p.facts, negated: p.negated, minimal });
      for (const c of minimal) {
        if (assumption(c)) used.add(placeOf(c));
        if (c.span) deps.set(`${c.span.line}:${c.reason}`, { line: c.span.line, reason: c.reason });
      }
    }
    proofs.push({
      kind: site.kind,
      line: site.span.line,
      column: site.span.col,
      check: site.message,
      paths: count,
      dependsOn: [...deps.values()].sort((a, b) => a.line - b.line),
    });
  }
  proofs.sort((a, b) => a.line - b.line || a.column - b.column);
  return { proofs, unused: unusedWarnings(seen, used) };
}

/** Deletion: each fact is dropped when the check still holds without it (unknown keeps it). */
async function minimalFacts(solver: Solver, p: Proved): Promise<Conjunct[]> {
  let kept = p.pc.slice();
  for (let i = kept.length - 1; i >= 0; i--) {
    const without = [...kept.slice(0, i), ...kept.slice(i + 1)];
    const r = await solver.checkSat([...p.facts, ...without.map((c) => c.term)], p.negated, { wantModel: false });
    if (r.status === 'unsat') kept = without;
  }
  return kept;
}

/** Facts a user wrote as assumptions: a requires conjunct or an assume. */
function assumption(c: Conjunct): boolean {
  return c.span !== undefined && (c.reason.startsWith('requires of ') || c.reason === 'assume');
}

/** Where an assumption was written: its line and column (assumption() guarantees the span). */
function placeOf(c: Conjunct): string {
  return `${c.span!.line}:${c.span!.col}`;
}

function unusedWarnings(seen: ReadonlyMap<string, Conjunct>, used: ReadonlySet<string>): VerifyWarning[] {
  const out: VerifyWarning[] = [];
  for (const [place, c] of seen) {
    if (used.has(place)) continue;
    const what = c.reason === 'assume' ? 'this assume' : `this ${c.reason.replace(/ of .*/, '')} clause`;
    out.push({ kind: 'unused', line: c.span!.line, column: c.span!.col, message: `${what} is used by no check` });
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
