// The coordinator's share of a parallel verification: explore breadth-first from the roots
// until at least `target` paths are live, remembering the decisions (prefix) that reach each
// node. The live nodes become subtree tasks for the workers; the paths that ended on the way
// become report pieces of their own, ordered by their prefixes like the tasks.

import type { Proc } from '../../lang/ast';
import type { CheckedProgram } from '../../lang/checked';
import type { Solver, SolverStats } from '../solver/solver';
import { SymbolicRun, type RunOptions } from '../verify/run';
import type { TreeNode } from '../explore/tree';
import { collectCoverage, coverageReport, type CoverageReport } from '../explore/coverage';
import type { Prefix } from './prefix';

/** A subtree to explore elsewhere: its decisions and, for each, how many children there were
 *  (so a replay that sees another branching, e.g. after a solver unknown, stops instead of
 *  exploring a different subtree). */
export interface SubtreeTask {
  readonly prefix: Prefix;
  readonly widths: readonly number[];
}

export interface Frontier {
  readonly tasks: SubtreeTask[];
  readonly ended: { readonly prefix: Prefix; readonly node: TreeNode }[];
  readonly steps: number;
  readonly solver: SolverStats;
  /** What the coordinator's own exploration covered (the decisions every subtree replays). */
  readonly coverage: CoverageReport;
}

export async function exploreToFrontier(
  checked: CheckedProgram,
  solver: Solver,
  options: RunOptions,
  procs: readonly Proc[],
  target: number,
): Promise<Frontier> {
  const run = new SymbolicRun(checked, solver, { ...options, searcher: 'bfs', retain: false });
  const coverage = collectCoverage(run.tree);
  const where = new Map<number, SubtreeTask>();
  const ended: { prefix: Prefix; node: TreeNode }[] = [];
  let live = 0;
  let roots = 0;
  // A root is admitted (live or already ended) inside addRoot, so it gets its place then.
  const place = (n: TreeNode): SubtreeTask => {
    let at = where.get(n.id);
    if (!at) {
      at = { prefix: [roots++], widths: [] };
      where.set(n.id, at);
    }
    return at;
  };
  run.tree.listen({
    onLive: (n) => {
      live++;
      place(n);
    },
    onExpanded: (n, kids) => {
      live--;
      const at = place(n);
      where.delete(n.id);
      kids.forEach((k, i) => where.set(k.id, { prefix: [...at.prefix, i], widths: [...at.widths, kids.length] }));
    },
    onEnded: (n) => {
      ended.push({ prefix: place(n).prefix, node: n });
      where.delete(n.id);
    },
  });
  for (const p of procs) await run.start(p);
  while (live < target) {
    const node = run.searcher.select();
    if (!node) break;
    await run.tree.expand(node);
  }
  const tasks = run.tree.live().map((n) => where.get(n.id)!);
  return {
    tasks,
    ended,
    steps: run.tree.counts.steps,
    solver: solver.stats(),
    coverage: coverageReport(checked, coverage),
  };
}
