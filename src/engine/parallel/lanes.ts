// The lanes of a split run: this thread plus N − 1 worker threads explore the frontier's
// subtree tasks. Every lane takes its next task from one counter in shared memory (Atomics),
// so a worker that finishes a subtree starts the next at once instead of asking this thread,
// whose event loop is busy exploring (it yields only every few milliseconds). Workers get the
// task list in one message and post one report per subtree; the reports come back in task order.

import { Worker } from 'node:worker_threads';
import type { VerifyReport } from '../report';
import type { SubtreeTask } from './frontier';
import { workerScript } from './pool';
import type { SplitReply, SplitTasks, SplitWorkerData } from './protocol';
import { exploreTasks, type SplitProgram, type SubtreeExplorer } from './subtree';

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

  private constructor(private readonly next: Int32Array) {}

  /** Starts `count` workers, which load the program while this thread does something else. */
  static start(program: SplitProgram, count: number): SplitLanes {
    const lanes = new SplitLanes(new Int32Array(new SharedArrayBuffer(4)));
    for (let i = 0; i < count; i++) {
      const workerData: SplitWorkerData = { program, next: lanes.next, lane: i + 1 };
      const w = new Worker(workerScript('splitWorker'), { workerData });
      lanes.workers.push(w);
      lanes.watch(w, i + 1);
    }
    return lanes;
  }

  /** Settles when every worker has loaded the program (tests; a run does not wait for it). */
  async loaded(): Promise<void> {
    await Promise.all(this.ready);
  }

  /** How many tasks each lane explored in the last run: this thread's first. */
  tasksPerLane(): readonly number[] {
    return this.taken;
  }

  /** Explores every task, this thread with `local` being one lane; the first failure of any lane stops them all. */
  async run(tasks: readonly SubtreeTask[], local: SubtreeExplorer): Promise<VerifyReport[]> {
    this.reports = new Array(tasks.length);
    this.taken = new Array(this.workers.length + 1).fill(0);
    this.workers.forEach((w) => w.postMessage({ tasks } satisfies SplitTasks));
    const here = exploreTasks(local, tasks, this.next, 0, (i, r) => { this.reports[i] = r; this.taken[0]++; });
    here.catch(() => this.stop());
    try {
      await Promise.all([here, ...this.finished]);
    } catch (e) {
      // This thread's lane is never left running behind a failure of another lane.
      await here.catch(() => undefined);
      throw e;
    }
    const lost = tasks.findIndex((_, i) => !this.reports[i]);
    if (lost >= 0) throw new Error(`subtree ${lost} was not explored`);
    return this.reports;
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
    const ready = new Promise<void>((resolve) => { onLoaded = resolve; });
    const finished = new Promise<void>((resolve, reject) => {
      w.on('message', (m: SplitReply) => {
        if (m.kind === 'loaded') onLoaded();
        else if (m.kind === 'result') { this.reports[m.index] = m.report; this.taken[lane]++; }
        else if (m.kind === 'idle') resolve();
        else reject(new Error(m.error));
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
