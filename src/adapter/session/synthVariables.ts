// The Symbolic functions scope (docs/design.md C.11 "Debugger"; programs with synth functions only):
// per state, a function of the grammar the path condition allows (`rho(x, i) = 5 - i`), the
// applications met on the path with their values under it (children of one row), and
// whether some function of the grammar still allows the path. Rows come from the same
// plain data as REPL `:synth` (runtime/synthView.ts).

import type { DebugProtocol } from '@vscode/debugprotocol';
import { budgetedSolver } from '../runtime/budget';
import { pathCondition, type Debuggee } from '../runtime/debuggee';
import {
  EXCLUDED_TEXT,
  excludedByFailure,
  functionDefinition,
  synthSummary,
  type SynthApplicationRow,
} from '../runtime/synthView';
import { isExcluded } from '../runtime/questions';
import { REQUEST_LIMITS } from '../limits';
import type { FrameRef } from './frames';

export const SYMBOLIC_FUNCTIONS_SCOPE = 'Symbolic functions';

/** The scope's rows; `appsRef` gives the reference under which the application rows expand. */
export async function synthRows(
  d: Debuggee,
  ref: FrameRef,
  appsRef: (rows: readonly SynthApplicationRow[]) => number,
): Promise<DebugProtocol.Variable[]> {
  const row = (name: string, value: string, variablesReference = 0): DebugProtocol.Variable => ({
    name,
    value,
    variablesReference,
  });
  // A failed path ended excluded, as its thread says, though functions may reach its end.
  if (isExcluded(d, ref.node)) return [row('path', `excluded: ${excludedByFailure(ref.node.state.failure)}`)];
  const solver = budgetedSolver(d.solver, REQUEST_LIMITS.evaluateSolverBudgetMs, d.args.solverTimeout);
  const s = await synthSummary(d.checked, d.T, solver, pathCondition(d, ref.node, ref.threadId), ref.node.state.model);
  switch (s.status) {
    case 'no-synth':
      return [row('(none)', 'this program has no synth functions')];
    case 'unknown':
      return [row('path', `unknown: ${s.reason}`)];
    case 'excluded':
      return [row('path', `excluded: ${EXCLUDED_TEXT}`)];
    case 'possible':
      return [
        ...s.functions.map((f) => ({
          ...row(`${f.name}(${f.params.join(', ')})`, f.body),
          type: `depth ${f.depth}`,
          evaluateName: functionDefinition(f.name, f),
        })),
        row(
          'applications',
          `${s.applications.length} on this path`,
          s.applications.length > 0 ? appsRef(s.applications) : 0,
        ),
        row('path', 'possible: some function of the grammar allows it'),
      ];
  }
}

export function applicationRows(rows: readonly SynthApplicationRow[]): DebugProtocol.Variable[] {
  return rows.map((a) => ({ name: a.call, value: a.value, variablesReference: 0 }));
}
