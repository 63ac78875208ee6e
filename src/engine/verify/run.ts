// A symbolic run of one checked program: owns the term store, the solver and the execution
// tree. The headless verifier and the debugger both drive the engine through this object;
// it knows nothing about DAP.

import type { CheckedProgram } from '../../lang/checked';
import type { Proc } from '../../lang/ast';
import { TermStore } from '../terms/store';
import type { Solver } from '../solver/solver';
import { DEFAULT_OPTIONS, type EngineContext, type EngineOptions, type ProvedHook } from '../rules/context';
import { ExecutionTree, type TreeNode } from '../explore/tree';
import { rootState } from '../rules/initial';
import { explore, type ExploreControl, type ExploreResult } from '../explore/explorer';
import { createSearcher, type Searcher, type SearcherName } from '../explore/searchers';
import { ReportBuilder, type VerifyReport } from './report';
import { wellFormedness, type WellFormedness } from '../rules/wellFormed';
import { collectRefuted, refuteStmts, withRefutes } from './refutes';

export interface RunOptions extends EngineOptions {
  readonly searcher: SearcherName;
  /** Keep every node (the debugger's time travel) or free finished subtrees (headless). */
  readonly retain: boolean;
}

export const DEFAULT_RUN_OPTIONS: RunOptions = { ...DEFAULT_OPTIONS, searcher: 'dfs', retain: true };

export class SymbolicRun {
  readonly tree: ExecutionTree;
  readonly ctx: EngineContext;
  readonly searcher: Searcher;
  private readonly report = new ReportBuilder();
  private readonly started = Date.now();
  private readonly refuted: ReadonlySet<string>;

  constructor(
    readonly checked: CheckedProgram,
    readonly solver: Solver,
    readonly options: RunOptions,
    onProved?: ProvedHook,
  ) {
    let activation = 0;
    this.ctx = {
      checked,
      T: new TermStore(),
      solver,
      options,
      nextActivation: () => ++activation,
      ...(onProved ? { onProved } : {}),
    };
    this.tree = new ExecutionTree(this.ctx, options.retain);
    this.searcher = createSearcher(options.searcher);
    this.tree.listen({
      onLive: (n) => {
        if (n.state.status === 'running') this.searcher.add(n);
      },
      onExpanded: (n) => this.searcher.remove(n),
      onEnded: (n) => this.report.addEnded(n),
    });
    this.refuted = collectRefuted(this.tree);
  }

  /** Adds the root of `proc` (the entry in explore mode; every procedure in modular verification). */
  async start(proc: Proc): Promise<TreeNode> {
    return this.tree.addRoot(await rootState(this.ctx, proc));
  }

  /**
   * The well-formedness pass (rules/wellFormed.ts), once, before any root is explored: its
   * failures go into the report. It has its own term store, so the exploration's terms (and
   * hence Z3's queries and their speed) are exactly those of a run without it.
   */
  async checkWellFormed(): Promise<WellFormedness> {
    const wf = await wellFormedness(this.checked, this.solver, this.options);
    this.report.addWellFormedness(wf);
    return wf;
  }

  /** Explores all live paths with the run's searcher. */
  run(stopAt?: (child: TreeNode, parent: TreeNode) => boolean, control?: ExploreControl): Promise<ExploreResult> {
    return explore(this.tree, { searcher: this.searcher, stopAt, control });
  }

  verifyReport(): VerifyReport {
    // maxRSS is the process's peak resident set size in KiB.
    const peakMb = process.resourceUsage().maxRSS / 1024;
    const built = this.report.build(
      this.checked.file,
      this.tree.counts,
      this.solver.stats(),
      Date.now() - this.started,
      peakMb,
    );
    return withRefutes(built, refuteStmts(this.checked), this.refuted);
  }
}
