// What the debugger says about synth functions on a path (design C.11, "Debugger"): a function
// of the grammar consistent with the path condition, the applications met on the path with
// their values under it, or that no function allows the path. REPL `:synth`.

import type { CheckedProgram } from '../../lang/checked';
import type { Model, Solver } from '../../engine/solver/solver';
import type { TermStore } from '../../engine/terms/store';
import type { Term } from '../../engine/terms/term';
import { freeSymbols } from '../../engine/terms/symbols';
import { printTerm } from '../../engine/terms/print';
import { describeFunction } from '../../engine/synth/readback';
import type { SynthAppInfo } from '../../engine/synth/encode';

export async function synthText(checked: CheckedProgram, T: TermStore, solver: Solver, pc: readonly Term[], hint?: Model): Promise<string> {
  if (checked.synths.size === 0) return 'this program has no synth functions';
  const facts = T.keyed.factsFor(pc);
  const r = await solver.model([...pc, ...facts], hint);
  if (r.status === 'unknown') return `unknown (${r.reason})`;
  if (r.status === 'unsat' || !r.model) return 'no function of the grammar allows this path';
  const model = r.model;
  const lines = [...checked.synths.values()].map((d) => {
    const f = describeFunction(T, d, model, checked.exprTypes);
    return `${d.name}(${f.params.join(', ')}) = ${f.body}    a function consistent with this path (depth ${f.depth})`;
  });
  for (const app of applications(T, pc)) {
    const info = T.keyed.info(app) as SynthAppInfo;
    const value = model.get(app.id);
    lines.push(`  ${info.fn}(${info.args.map((a) => printTerm(a, { maxLength: 40 })).join(', ')}) ↦ ${value === undefined ? '?' : String(value)}`);
  }
  return lines.join('\n');
}

/** The synth applications the path condition mentions, in order of first appearance. */
function applications(T: TermStore, pc: readonly Term[]): Term[] {
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
