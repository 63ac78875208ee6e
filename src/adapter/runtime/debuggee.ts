// Everything a launched debug session drives: the checked program, the symbolic run (tree,
// term store, solver), the threads over its paths, breakpoints and exception filters. Built
// by `launchDebuggee` (launch.ts) from validated launch arguments; the session holds one per
// launch.

import type { CheckedProgram } from '../../lang/checked';
import type { SymbolicRun } from '../../engine/verify/run';
import type { WellFormedness } from '../../engine/rules/wellFormed';
import type { Solver } from '../../engine/solver/solver';
import type { TermStore } from '../../engine/terms/store';
import type { Term } from '../../engine/terms/term';
import type { ExploreControl } from '../../engine/explore/explorer';
import type { TreeNode } from '../../engine/explore/tree';
import { pcTerms } from '../../engine/state/pathCondition';
import type { LaunchArgs } from '../launchSchema';
import type { EvalHost } from './evaluate';
import type { PathTable } from './paths';
import type { WhyCache } from './whyCache';
import type { BreakpointTable, ExceptionFilters } from './breakpoints';

export interface Debuggee extends EvalHost {
  readonly args: LaunchArgs;
  readonly checked: CheckedProgram;
  readonly run: SymbolicRun;
  readonly T: TermStore;
  readonly solver: Solver;
  readonly paths: PathTable;
  readonly breakpoints: BreakpointTable;
  readonly filters: ExceptionFilters;
  /** Shared with the explorer: `pause` (and a join arrival at a breakpoint) sets it. */
  readonly control: ExploreControl;
  /** The user asked to pause (as opposed to the run stopping itself through `control`). */
  readonly pause: { requested: boolean };
  /** The well-formedness pass's findings (on no path: shown at launch and in the summary). */
  readonly wellFormed: WellFormedness;
  /** Classes of failures, the end's warnings, proof dependencies: computed on need (why.ts). */
  readonly why: WhyCache;
}

/** The path condition a thread's state is judged under: the state's plus the user's `:assume`s. */
export function pathCondition(d: Debuggee, node: TreeNode, threadId?: number): Term[] {
  const t = d.paths.get(threadId);
  return [...pcTerms(node.state.pc), ...(t?.assumptions.map((c) => c.term) ?? [])];
}
