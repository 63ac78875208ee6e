// The lanes of a split run (verify --jobs): this thread and a worker thread take subtree tasks
// from one shared counter. Every task must be explored exactly once and its report land at
// its own index whichever lane took it; a worker that fails makes the run fail (the caller
// then verifies with one job) instead of losing its subtrees or hanging.

import { afterEach, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { createSolver } from '../../src/engine/solver/index';
import type { Solver } from '../../src/engine/solver/solver';
import { rootProcs, runOptions } from '../../src/engine/verify/verify';
import { solverOptions } from '../../src/engine/verify/verifySource';
import { exploreToFrontier, type SubtreeTask } from '../../src/engine/parallel/frontier';
import { SplitLanes } from '../../src/engine/parallel/lanes';
import { SubtreeExplorer, type SplitProgram } from '../../src/engine/parallel/subtree';
import { COLD_SLOWDOWN, SLICE_MS, expectedShare } from '../../src/engine/parallel/laneStart';
import { threadCpuMs } from '../../src/engine/parallel/threadCpu';

/** 2^n paths, unevenly split by the frontier; the assertion fails on the all-positive path. */
function ifs(n: number): string {
  const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
  const body = Array.from({ length: n }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n`).join('');
  return `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s < ${n};\n}\n`;
}

const solvers: Solver[] = [];
afterEach(() => {
  solvers.splice(0).forEach((s) => s.dispose());
});

async function setUp(source: string, target = 12) {
  const program: SplitProgram = { source, file: 'lanes.sym', opts: {}, solver: solverOptions({}, process.env) };
  const { checked } = loadSource(source, program.file);
  const options = runOptions({});
  const procs = rootProcs(checked!, options.mode, checked!.procs.get('main')!);
  const explorer = async () => {
    const solver = await createSolver(program.solver);
    solvers.push(solver);
    return new SubtreeExplorer(checked!, solver, options, procs);
  };
  const frontierSolver = await createSolver(program.solver);
  solvers.push(frontierSolver);
  const frontier = await exploreToFrontier(checked!, frontierSolver, options, procs, target);
  return { program, tasks: frontier.tasks, explorer };
}

/** Runs the tasks; every path is counted once, the one failure found, and the worker took some tasks. */
async function runBothLanes(lanes: SplitLanes, tasks: readonly SubtreeTask[], here: SubtreeExplorer, paths: number) {
  const reports = await lanes.run(tasks, here);
  expect(reports.reduce((n, r) => n + r.paths.total, 0)).toBe(paths);
  expect(reports.reduce((n, r) => n + r.paths.failed, 0)).toBe(1);
  const [mine, worker] = lanes.tasksPerLane();
  expect(mine + worker).toBe(tasks.length);
  expect(worker).toBeGreaterThan(0);
  return reports;
}

describe('split-run lanes', () => {
  it('explore every task once, each report at its task index, whichever lane took it', async () => {
    const { program, tasks, explorer } = await setUp(ifs(10));
    expect(tasks.length).toBeGreaterThanOrEqual(12);
    // Each subtree's size, explored alone in this thread.
    const alone = await explorer();
    const sizes: number[] = [];
    for (const t of tasks) sizes.push((await alone.explore(t)).paths.total);
    expect(new Set(sizes).size).toBeGreaterThan(1);

    const lanes = SplitLanes.start(program, 1);
    try {
      // Loaded before the run starts, so the worker surely takes some of the tasks.
      await lanes.loaded();
      const reports = await runBothLanes(lanes, tasks, await explorer(), 1024);
      expect(reports.map((r) => r.paths.total)).toEqual(sizes);
    } finally {
      await lanes.close();
    }
  }, 120_000);

  it('a lane started once the work left is worth it joins the run under way', async () => {
    const { program, tasks, explorer } = await setUp(ifs(15));
    // Worth it at once: the worker starts at this lane's first look, while it explores.
    const lanes = SplitLanes.start(program, 1, 'when-worth-it', 0);
    try {
      await runBothLanes(lanes, tasks, await explorer(), 2 ** 15);
    } finally {
      await lanes.close();
    }
  }, 120_000);

  it("a busy machine does not start a lane: the pace is the thread's CPU time, not the wall clock", async () => {
    const { program, tasks, explorer } = await setUp(ifs(12));
    const [first, ...rest] = tasks;
    const ratio = rest.reduce((sum, t) => sum + expectedShare(t), 0) / expectedShare(first);
    // The thread sleeps 3 s inside its first subtree (wall time passes, no CPU: what a machine
    // shared with many processes does to a lane). Paced by the wall clock, the work left would
    // be at least twice the threshold; paced by CPU time, a first subtree under 1.5 s of CPU
    // (~340 paths: tens of ms) leaves it under.
    const sleepMs = 3000;
    const worthItMs = ((sleepMs / COLD_SLOWDOWN) * ratio) / 2;
    const lanes = SplitLanes.start(program, 1, 'when-worth-it', worthItMs);
    const here = await explorer();
    const asleep = setImmediate(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, sleepMs));
    try {
      const reports = await lanes.run(tasks, here);
      expect(reports.reduce((n, r) => n + r.paths.total, 0)).toBe(4096);
      expect(lanes.started()).toBe(0);
      expect(lanes.tasksPerLane()).toEqual([tasks.length, 0]);
    } finally {
      clearImmediate(asleep);
      await lanes.close();
    }
  }, 120_000);

  it('a worker that cannot load the program fails the run with its reason', async () => {
    const { program, tasks, explorer } = await setUp(ifs(6));
    const lanes = SplitLanes.start({ ...program, source: 'proc main( {' }, 1);
    try {
      await expect(lanes.loaded()).rejects.toThrow(/did not load in a worker thread/);
      await expect(lanes.run(tasks, await explorer())).rejects.toThrow(/did not load in a worker thread/);
    } finally {
      await lanes.close();
    }
  }, 120_000);

  it('a subtree reports its progress as the expected share of its paths ended, up to the whole', async () => {
    const { tasks, explorer } = await setUp(ifs(8));
    const here = await explorer();
    const shares: number[] = [];
    const report = await here.explore(tasks[0], (done) => {
      shares.push(done);
      return false;
    });
    expect(shares.length).toBe(report.paths.total);
    expect(shares.every((s, i) => i === 0 || s > shares[i - 1])).toBe(true);
    expect(shares[0]).toBeCloseTo(1 / report.paths.total, 12);
    expect(shares.at(-1)).toBeCloseTo(1, 12);
  }, 120_000);

  it('a long first subtree: the lane decides after a slice of it, and the worker joins while it explores', async () => {
    // Two subtrees of 2^15 paths: this thread's first takes well over SLICE_MS of CPU time.
    const { program, tasks, explorer } = await setUp(ifs(16), 2);
    expect(tasks.length).toBe(2);
    const lanes = SplitLanes.start(program, 1, 'when-worth-it', 0);
    const here = await explorer();
    const before = threadCpuMs();
    try {
      await runBothLanes(lanes, tasks, here, 2 ** 16);
      if (before !== undefined) expect(threadCpuMs()! - before).toBeGreaterThan(SLICE_MS);
      expect(lanes.decidedAfter()).toBe(0);
      expect(lanes.tasksPerLane()).toEqual([1, 1]);
    } finally {
      await lanes.close();
    }
  }, 300_000);
});
