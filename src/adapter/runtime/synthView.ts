// What the debugger says about synth functions on a path (docs/design.md C.11, "Debugger"), as plain
// data shared by the REPL (`:synth`, `:synth all`) and the Symbolic functions scope: a
// function of the grammar consistent with the path condition, the applications met on the
// path with their values under it, or that no function allows the path (it is excluded).

import type { CheckedProgram } from '../../lang/checked';
import type { Model, Solver } from '../../engine/solver/solver';
import type { TermStore } from '../../engine/terms/store';
import type { Term } from '../../engine/terms/term';
import { freeSymbols } from '../../engine/terms/symbols';
import { printTerm } from '../../engine/terms/print';
import { describeFunction, functionDefinition, type SynthesizedFunction } from '../../engine/synth/readback';
import type { SynthAppInfo } from '../../engine/synth/encode';
import { countCandidates } from '../../engine/synth/candidates';
// A synthesised function's definition (`rho(x, i) = 5 - i`), the rows' evaluateName.
export { functionDefinition } from '../../engine/synth/readback';

export interface SynthApplicationRow {
  /** The application as printed: `rho(3, 0)`. */
  readonly call: string;
  /** Its value under the function shown, or '?' when the model leaves it open. */
  readonly value: string;
}

export type SynthSummary =
  | { readonly status: 'no-synth' }
  | { readonly status: 'unknown'; readonly reason: string }
  | { readonly status: 'excluded' }
  | {
      readonly status: 'possible';
      readonly functions: readonly (SynthesizedFunction & { readonly name: string })[];
      readonly applications: readonly SynthApplicationRow[];
    };

export const EXCLUDED_TEXT = 'no function of the grammar allows this path';

/** Why a failed path of a program with synth functions is excluded: its failure rules out
 *  every function that takes it. The thread name and the Symbolic functions scope say the same. */
export function excludedByFailure(
  failure: { readonly kind: string; readonly span: { readonly line: number } } | undefined,
): string {
  return `${failure?.kind ?? 'failure'} fails at line ${failure?.span.line ?? '?'}: no function of the grammar may take this path`;
}

export async function synthSummary(
  checked: CheckedProgram,
  T: TermStore,
  solver: Solver,
  pc: readonly Term[],
  hint?: Model,
): Promise<SynthSummary> {
  if (checked.synths.size === 0) return { status: 'no-synth' };
  const r = await solver.model([...pc, ...T.keyed.factsFor(pc)], hint);
  if (r.status === 'unknown') return { status: 'unknown', reason: r.reason };
  if (r.status === 'unsat' || !r.model) return { status: 'excluded' };
  const model = r.model;
  const functions = [...checked.synths.values()].map((d) => ({
    name: d.name,
    ...describeFunction(T, d, model, checked.exprTypes),
  }));
  const applications = applicationsOf(T, pc).map((app) => {
    const info = T.keyed.info(app) as SynthAppInfo;
    const value = model.get(app.id);
    return {
      call: `${info.fn}(${info.args.map((a) => printTerm(a, { maxLength: 40 })).join(', ')})`,
      value: value === undefined ? '?' : String(value),
    };
  });
  return { status: 'possible', functions, applications };
}

/** REPL `:synth`. */
export async function synthText(
  checked: CheckedProgram,
  T: TermStore,
  solver: Solver,
  pc: readonly Term[],
  hint?: Model,
): Promise<string> {
  const s = await synthSummary(checked, T, solver, pc, hint);
  switch (s.status) {
    case 'no-synth':
      return 'this program has no synth functions';
    case 'unknown':
      return `unknown (${s.reason})`;
    case 'excluded':
      return EXCLUDED_TEXT;
    case 'possible':
      return [
        ...s.functions.map(
          (f) => `${functionDefinition(f.name, f)}    a function consistent with this path (depth ${f.depth})`,
        ),
        ...s.applications.map((a) => `  ${a.call} ↦ ${a.value}`),
      ].join('\n');
  }
}

/** Candidates listed by `:synth all` (the count goes on to CANDIDATE_CAP). */
const LISTED = 10;
export const CANDIDATE_CAP = 1000;

/** REPL `:synth all`: how many terms of the grammars the path still allows, when few. */
export async function synthAllText(
  checked: CheckedProgram,
  T: TermStore,
  solver: Solver,
  pc: readonly Term[],
): Promise<string> {
  if (checked.synths.size === 0) return 'this program has no synth functions';
  if (applicationsOf(T, pc).length === 0)
    return 'no synth function is applied on this path yet: every function of the grammar allows it';
  const c = await countCandidates(checked, T, solver, pc, CANDIDATE_CAP);
  const n = c.found.length;
  if (n === 0 && c.complete === 'all') return `0 candidates: ${EXCLUDED_TEXT}`;
  const head =
    c.complete === 'all'
      ? `${n} candidate${n === 1 ? '' : 's'} of the grammar allow${n === 1 ? 's' : ''} this path`
      : c.complete === 'cap'
        ? `more than ${CANDIDATE_CAP.toLocaleString('en-US')} candidates of the grammar allow this path`
        : `at least ${n} candidate${n === 1 ? '' : 's'} of the grammar allow this path (the count stopped: ${c.reason})`;
  const listed = c.found.slice(0, LISTED).map(
    (fs) =>
      `  ${Object.entries(fs)
        .map(([name, f]) => functionDefinition(name, f))
        .join('; ')}`,
  );
  return [head + (n > LISTED ? ` (the first ${LISTED}):` : n > 0 ? ':' : ''), ...listed].join('\n');
}

/** The synth applications the path condition mentions, in order of first appearance. */
function applicationsOf(T: TermStore, pc: readonly Term[]): Term[] {
  const seen = new Set<number>();
  const out: Term[] = [];
  for (const c of pc) {
    for (const s of freeSymbols(c)) {
      if (seen.has(s.id)) continue;
      seen.add(s.id);
      if ((T.keyed.info(s) as { kind?: string } | undefined)?.kind === 'synthApp') out.push(s);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}
