// The lanes of a split run: this thread plus N − 1 worker threads explore the frontier's
// subtree tasks. Every lane takes its next task from one counter in shared memory (Atomics),
// so a worker that finishes a subtree starts the next at once instead of asking this thread,
// whose event loop is busy exploring (it yields only every few milliseconds). Workers get the
// task list in one message and post one report per subtree; the reports come back in task order.
// Workers start at once or, in a run, only once the work left is worth a new thread (laneStart.ts).

import { Worker } from 'node:worker_threads';
import type { VerifyReport } from '../verify/report';
import type { SubtreeTask } from './frontier';
import { workerScript } from './pool';
import type { SplitReply, SplitTasks, SplitWorkerData } from './protocol';
import { exploreTasks, type SplitProgram, type SubtreeExplorer, type SubtreeProgress } from './subtree';
import {
  COLD_SLOWDOWN,
  SLICE_MS,
  SLICE_SLOWDOWN,
  WORTH_IT_MS,
  expectedShare,
  workLeftMs,
  type LaneStart,
} from './laneStart';
import { trace, tracing } from './trace';
import { threadCpuMs } from './threadCpu';

/** The clock this lane's pace is taken with: its thread's CPU time where the system tells it,
 *  else wall time. On a busy machine wall time stretches with the load (2 cores shared by many
 *  processes: a 12-ifs run's first subtree took 1.1 s of wall time for 80 ms of CPU), and the
 *  lanes were started for a run that had 0.3 s of work left; the work itself does not stretch. */
function workClock(): number {
  return threadCpuMs() ?? Date.now();
}

/** How often (wall ms) a lane still deciding looks at its CPU clock. */
const LOOK_EVERY_MS = 5;

/** A counter value past any task list: every lane stops after its current task. */
const STOP = 0x3fff_ffff;

export class SplitLanes {
  private readonly workers: Worker[] = [];
  /** Per worker: settles when it has loaded the program (or failed). */
  private readonly ready: Promise<void>[] = [];
  /** Per worker: settles when it has taken its last task (or failed). */
  private readonly finished: Promise<void>[] = [];
  private reports: VerifyReport[] = [];
  /** Tasks explored per lane: this thread's first, then each worker's (SYMDAP_JOBS_TRACE, tests). */
  private taken: number[] = [];
  /** This thread's subtrees ended when it decided on the other lanes (0: within the first). */
  private decidedAt?: number;
  /** When (Date.now()) each lane took its last task and ran out of work: this thread's first (trace). */
  private idleSince: number[] = [];

  private constructor(
    private readonly next: Int32Array,
    private readonly program: SplitProgram,
    private readonly count: number,
    private readonly worthItMs: number,
  ) {}

  /** `count` worker lanes; with 'now' they start at once and load the program while this thread
   *  does something else; with 'when-worth-it' `run` starts them if, when this lane has ended its
   *  first subtree, the work left is worth `worthItMs` (tests lower it). */
  static start(program: SplitProgram, count: number, when: LaneStart = 'now', worthItMs = WORTH_IT_MS): SplitLanes {
    const lanes = new SplitLanes(new Int32Array(new SharedArrayBuffer(4)), program, count, worthItMs);
    if (when === 'now') lanes.startWorkers();
    return lanes;
  }

  /** Starts the workers not started yet; with `tasks`, a run is under way and they join it. */
  private startWorkers(tasks?: readonly SubtreeTask[]): void {
    for (let lane = this.workers.length + 1; lane <= this.count; lane++) {
      const workerData: SplitWorkerData = { program: this.program, next: this.next, lane };
      const w = new Worker(workerScript('splitWorker'), { workerData });
      this.workers.push(w);
      this.watch(w, lane);
      if (tasks) w.postMessage({ tasks } satisfies SplitTasks);
    }
  }

  /** Settles when every worker has loaded the program (tests; a run does not wait for it). */
  async loaded(): Promise<void> {
    await Promise.all(this.ready);
  }

  /** Worker lanes started so far. */
  started(): number {
    return this.workers.length;
  }

  /** How many tasks each lane explored in the last run: this thread's first. */
  tasksPerLane(): readonly number[] {
    return this.taken;
  }

  /** How many of its subtrees this thread had ended when it decided whether to start the other
   *  lanes in the last run (0: after a slice of its first); undefined if they started at once. */
  decidedAfter(): number | undefined {
    return this.decidedAt;
  }

  /** Explores every task, this thread with `local` being one lane; the first failure of any lane stops them all. */
  async run(tasks: readonly SubtreeTask[], local: SubtreeExplorer): Promise<VerifyReport[]> {
    this.reports = new Array(tasks.length);
    this.taken = new Array(this.count + 1).fill(0);
    this.idleSince = [];
    this.workers.forEach((w) => w.postMessage({ tasks } satisfies SplitTasks));
    // Decided once, after a slice of this lane's first subtree (SLICE_MS of its CPU) or when it
    // ends, whichever is first: early, so a second lane has time to pay for its start-up (a
    // late one costs it for nothing), and a run shorter than the slice never pays a thread.
    let decided = this.workers.length >= this.count;
    this.decidedAt = undefined;
    const started = workClock();
    const decide = (share: number, slowdown: number) => {
      decided = true;
      this.decidedAt = this.taken[0];
      this.startIfWorthIt(tasks, { share, ms: (workClock() - started) / slowdown });
    };
    const slice = (task: SubtreeTask): SubtreeProgress => {
      let look = 0;
      return (doneShare) => {
        if (decided) return true;
        // The thread's CPU clock is a file read: looked at every few ms of wall time at most.
        const now = Date.now();
        if (now < look) return false;
        look = now + LOOK_EVERY_MS;
        if (workClock() - started < SLICE_MS || doneShare <= 0) return false;
        trace(`after a slice of subtree 0: ${(doneShare * 100).toFixed(1)}% of it done`);
        decide(expectedShare(task) * doneShare, SLICE_SLOWDOWN);
        return true;
      };
    };
    try {
      // A failing worker stops this lane after its current subtree (see `watch`); a failing
      // lane here stops the workers, and `finished` below reports the first failure of a worker.
      await exploreTasks(
        local,
        tasks,
        this.next,
        0,
        (i, r) => {
          this.reports[i] = r;
          this.taken[0]++;
          if (!decided) decide(expectedShare(tasks[i]), COLD_SLOWDOWN);
        },
        decided ? undefined : slice,
      );
    } catch (e) {
      this.stop();
      throw e;
    }
    this.idleSince[0] = Date.now();
    await Promise.all(this.finished);
    this.traceIdle();
    const lost = tasks.findIndex((_, i) => !this.reports[i]);
    if (lost >= 0) throw new Error(`subtree ${lost} was not explored`);
    return this.reports;
  }

  /** How long each lane that worked waited, at the end, for the last one (wall ms; imbalance). */
  private traceIdle(): void {
    if (!tracing()) return;
    const ends = this.taken.map((n, lane) => (n > 0 ? this.idleSince[lane] : undefined));
    const last = Math.max(...ends.map((t) => t ?? 0));
    trace(
      `idle at the end, per lane (this thread first; wall ms): ${ends.map((t) => (t === undefined ? '-' : last - t)).join(', ')}`,
    );
  }

  /** Starts the workers if the tasks nobody has claimed yet, at `done`'s pace, are worth them. */
  private startIfWorthIt(tasks: readonly SubtreeTask[], done: { readonly share: number; readonly ms: number }): void {
    const claimed = Math.min(Atomics.load(this.next, 0), tasks.length);
    const left = workLeftMs(
      done,
      tasks.slice(claimed).reduce((sum, t) => sum + expectedShare(t), 0),
    );
    const worth = claimed < tasks.length && left >= this.worthItMs;
    trace(
      `about ${Math.round(left)} ms of work left in ${tasks.length - claimed} subtrees: ${worth ? `starting ${this.count} more lane(s)` : 'this lane alone'}`,
    );
    if (worth) this.startWorkers(tasks);
  }

  async close(): Promise<void> {
    this.stop();
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private stop(): void {
    Atomics.store(this.next, 0, STOP);
  }

  /** Follows worker `lane`'s messages and its end; a failure stops every lane. */
  private watch(w: Worker, lane: number): void {
    let onLoaded = () => {};
    const ready = new Promise<void>((resolve) => {
      onLoaded = resolve;
    });
    const finished = new Promise<void>((resolve, reject) => {
      w.on('message', (m: SplitReply) => {
        if (m.kind === 'loaded') onLoaded();
        else if (m.kind === 'result') {
          this.reports[m.index] = m.report;
          this.taken[lane]++;
        } else if (m.kind === 'idle') {
          this.idleSince[lane] = Date.now();
          resolve();
        } else reject(new Error(m.error));
      });
      w.on('error', reject);
      w.on('exit', (code) => reject(new Error(`a worker thread exited (code ${code})`)));
    });
    finished.catch(() => this.stop());
    // A worker that fails before loading is never ready: `loaded` then fails with it.
    const readyOrFailed = Promise.race([ready, finished]);
    readyOrFailed.catch(() => undefined);
    this.ready.push(readyOrFailed);
    this.finished.push(finished);
  }
}
