// When a split run starts its worker lanes. A new worker thread is a new V8 isolate: Node boots
// again, loads the engine and, above all, compiles the engine's hot functions again (measured on
// 16 ifs: ≈ 0.6 s of TurboFan per isolate, `--trace-opt`; with the interpreter alone, `--no-opt`,
// two lanes are 1.84× faster than one, so the split itself is cheap). On 2 cores that work
// competes with this thread's lane, so a second lane started for a run of half a second made it
// slower (12 ifs: 0.54 s against 0.42 s). This thread therefore explores alone first, and starts
// the other lanes only once the work left, estimated from its own pace, is worth that price.

import type { SubtreeTask } from './frontier';

/** Work left (ms of this thread's CPU, estimated: lanes.ts) below which another lane costs more
 *  than it saves: measured (on a quiet machine, where CPU and wall time agree), it lost on 16 ifs (≈ 1.2 s left after the first subtree) and won on 18 ifs (≈ 3.3 s left). */
export const WORTH_IT_MS = 2000;
/** The slice of its first subtree (ms of this thread's CPU) after which a lane estimates the
 *  work left and decides (lanes.ts); a first subtree that ends sooner decides at its end. */
export const SLICE_MS = 300;
/** How much slower a lane's first subtree runs than the next ones, which run JIT-compiled
 *  (16 ifs: its first eighth took 0.35 s, the second 0.15 s). */
export const COLD_SLOWDOWN = 2;
/** The same for a slice of SLICE_MS at a lane's very start, colder still: on 18 ifs the pace
 *  after the slice (8% of the first subtree) said 13.3 s of work left, the pace of the whole
 *  first subtree 5.5 s (2.4× less); on 16 ifs the slice said 2.2–3.5 s for ≈ 1.2 s. */
export const SLICE_SLOWDOWN = 5;

/** A task's expected share of the tree, were every branching to split the work evenly: the
 *  product of 1/width over its decisions. It orders the tasks (largest first) and weighs the
 *  work left: counting tasks instead would take the small ones left for as big as the first. */
export function expectedShare(t: SubtreeTask): number {
  return t.widths.reduce((share, w) => share / Math.max(1, w), 1);
}

/** The work left (ms): the unclaimed tasks' share at the pace of `done` (a lane's first
 *  subtree, its time divided by COLD_SLOWDOWN). */
export function workLeftMs(done: { readonly share: number; readonly ms: number }, leftShare: number): number {
  return done.share > 0 ? leftShare * (done.ms / done.share) : 0;
}

/** How a run starts its worker lanes: all at once (tests, measurements), or once they are worth it. */
export type LaneStart = 'now' | 'when-worth-it';

/** `SYMDAP_JOBS_EAGER=1` starts every lane at once (to measure or test the split on small programs). */
export function laneStartFromEnv(env: NodeJS.ProcessEnv): LaneStart {
  return env.SYMDAP_JOBS_EAGER === '1' ? 'now' : 'when-worth-it';
}
