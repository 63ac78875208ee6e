// Putting a parallel run's report together from pieces (paths that ended in the coordinator,
// subtrees explored by workers), taken in depth-first order: path counts and solver figures
// add up, and each failure site keeps the first piece's counterexample and trace, as a
// one-job depth-first run would, with the number of failing paths summed over all pieces.

import type { SolverStats } from '../solver/solver';
import { zeroSolverStats } from '../solver/stats';
import { mergeCoverage, type CoverageReport } from '../explore/coverage';
import { bySourceOrder, ReportBuilder, verdictOf, type FailureReport, type VerifyReport } from '../verify/report';
import type { Status } from '../state/state';
import type { TreeCounts, TreeNode } from '../explore/tree';

type Ended = TreeCounts['ended'];
const NO_PATHS: Ended = { done: 0, failed: 0, infeasible: 0, bounded: 0, unknown: 0 };

export function solverStatsSince(before: SolverStats, after: SolverStats): SolverStats {
  const out: Record<string, number> = {};
  for (const k of Object.keys(after) as (keyof SolverStats)[]) out[k] = after[k] - before[k];
  return out as unknown as SolverStats;
}

/** The report piece of one path that ended in the coordinator. */
export function endedPiece(file: string, node: TreeNode): VerifyReport {
  const s = node.state;
  const b = new ReportBuilder();
  b.addEnded(node);
  const ended = { ...NO_PATHS, [s.status as Exclude<Status, 'running' | 'waiting'>]: 1 };
  return b.build(file, { steps: 0, nodes: 0, ended }, zeroSolverStats(), 0, 0);
}

/** The piece of the coordinator's own work: its steps and solver queries, no paths. */
export function workPiece(file: string, steps: number, solver: SolverStats, coverage: CoverageReport): VerifyReport {
  return { ...new ReportBuilder().build(file, { steps, nodes: 0, ended: NO_PATHS }, solver, 0, 0), coverage };
}

/** Pieces must come in depth-first order (see prefix.ts). */
export function mergeReports(
  file: string,
  pieces: readonly VerifyReport[],
  wallMs: number,
  peakRssMb: number,
): VerifyReport {
  const failures = new Map<string, FailureReport>();
  const notes = new Set<string>();
  for (const p of pieces) {
    for (const f of p.failures) {
      const key = `${f.kind}:${f.line}:${f.column}`;
      const known = failures.get(key);
      failures.set(key, known ? { ...known, paths: known.paths + f.paths } : f);
    }
    p.notes.forEach((n) => notes.add(n));
  }
  const paths = { total: 0, completed: 0, failed: 0, infeasible: 0, bounded: 0, unknown: 0 };
  for (const p of pieces) for (const k of Object.keys(paths) as (keyof typeof paths)[]) paths[k] += p.paths[k];
  const sorted = [...failures.values()].sort(bySourceOrder);
  return {
    file,
    verdict: verdictOf(sorted.length, paths),
    paths,
    failures: sorted,
    notes: [...notes],
    diagnostics: [],
    stats: mergeStats(pieces, paths.total, wallMs, peakRssMb),
    coverage: mergeCoverage(pieces.flatMap((p) => (p.coverage ? [p.coverage] : []))),
  };
}

function mergeStats(
  pieces: readonly VerifyReport[],
  total: number,
  wallMs: number,
  peakRssMb: number,
): VerifyReport['stats'] {
  const sum = (f: (s: VerifyReport['stats']) => number) => pieces.reduce((a, p) => a + f(p.stats), 0);
  const queries = sum((s) => s.solverQueries);
  const steps = sum((s) => s.steps);
  return {
    solverQueries: queries,
    solverCalls: sum((s) => s.solverCalls),
    queriesAvoided: sum((s) => s.queriesAvoided),
    queriesDecidedByBounds: sum((s) => s.queriesDecidedByBounds),
    cacheHitRate: queries === 0 ? 0 : sum((s) => s.cacheHitRate * s.solverQueries) / queries,
    solverMs: Math.round(sum((s) => s.solverMs) * 10) / 10,
    steps,
    wallMs: Math.round(wallMs),
    pathsPerSecond: wallMs > 0 ? Math.round(total / (wallMs / 1000)) : 0,
    stepsPerSecond: wallMs > 0 ? Math.round(steps / (wallMs / 1000)) : 0,
    peakRssMb: Math.round(peakRssMb),
  };
}
