// The coordinator's share of a parallel verification: explore breadth-first from the roots
// until at least `target` paths are live, remembering the decisions (prefix) that reach each
// node. The live nodes become subtree tasks for the workers; the paths that ended on the way
// become report pieces of their own, ordered by their prefixes like the tasks. A node's place
// is a persistent link to its parent's (not a copied prefix array): a program that never
// widens to the target (a 10,000-branch `else if` chain) is explored here to the end, and
// copied prefixes made that O(depth) time and memory per node; the depth-first order of the
// pieces is one walk over the places at the end (pieceOrder).

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

/** A piece's position among all pieces in depth-first order (prefix.ts's dfsOrder). */
export type Ordered<T> = T & { readonly order: number };

export interface Frontier {
  readonly tasks: Ordered<SubtreeTask>[];
  readonly ended: Ordered<{ readonly node: TreeNode }>[];
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
  const where = new Map<number, Place>();
  const ended: { place: Place; node: TreeNode }[] = [];
  let live = 0;
  let roots = 0;
  // A root is admitted (live or already ended) inside addRoot, so it gets its place then.
  const place = (n: TreeNode): Place => {
    let at = where.get(n.id);
    if (!at) {
      at = { index: roots++, width: 0 };
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
      const up = place(n);
      where.delete(n.id);
      kids.forEach((k, index) => where.set(k.id, { up, index, width: kids.length }));
    },
    onEnded: (n) => {
      ended.push({ place: place(n), node: n });
      where.delete(n.id);
    },
  });
  for (const p of procs) await run.start(p);
  while (live < target) {
    const node = run.searcher.select();
    if (!node) break;
    await run.tree.expand(node);
  }
  const livePlaces = run.tree.live().map((n) => where.get(n.id)!);
  const order = pieceOrder([...ended.map((e) => e.place), ...livePlaces]);
  const tasks = livePlaces.map((at) => ({ ...taskOf(at), order: order.get(at)! }));
  return {
    tasks,
    ended: ended.map((e) => ({ node: e.node, order: order.get(e.place)! })),
    steps: run.tree.counts.steps,
    solver: solver.stats(),
    coverage: coverageReport(checked, coverage),
  };
}

/** Where a node sits: its parent's place, its index among the parent's children and their
 *  count (a root: no parent, its root index, width 0). */
interface Place {
  readonly up?: Place;
  readonly index: number;
  readonly width: number;
}

/** The decisions that reach a place, and the widths of the nodes they were taken at. */
function taskOf(at: Place): SubtreeTask {
  const prefix: number[] = [];
  const widths: number[] = [];
  for (let p: Place | undefined = at; p; p = p.up) {
    prefix.push(p.index);
    if (p.up) widths.push(p.width);
  }
  return { prefix: prefix.reverse(), widths: widths.reverse() };
}

/** The depth-first rank of each leaf place (none is an ancestor of another): the tree of
 *  their ancestors walked once, larger indices first at every node (prefix.ts's dfsOrder). */
function pieceOrder(leaves: readonly Place[]): Map<Place, number> {
  const children = new Map<Place, Place[]>();
  const rootPlaces: Place[] = [];
  const seen = new Set<Place>();
  for (const leaf of leaves) {
    for (let p: Place | undefined = leaf; p && !seen.has(p); p = p.up) {
      seen.add(p);
      if (!p.up) rootPlaces.push(p);
      else {
        const kids = children.get(p.up);
        if (kids) kids.push(p);
        else children.set(p.up, [p]);
      }
    }
  }
  const order = new Map<Place, number>();
  const stack = rootPlaces.sort((a, b) => a.index - b.index);
  while (stack.length > 0) {
    const p = stack.pop()!;
    const kids = children.get(p);
    if (kids) stack.push(...kids.sort((a, b) => a.index - b.index));
    else order.set(p, order.size);
  }
  return order;
}
