// The messages between the coordinator and its worker threads: plain, structured-cloneable
// data only (source text, options, decision prefixes, reports).

import type { VerifySourceOptions } from '../verify/verifySource';
import type { VerifyReport } from '../verify/report';
import type { SubtreeTask } from './frontier';
import type { SplitProgram } from './subtree';

/** A job of the file pool (multi-file verify): the result is a VerifySourceResult without tree. */
export interface WorkerJob {
  readonly source: string;
  readonly file: string;
  readonly opts: VerifySourceOptions;
}

export type WorkerReply =
  { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: string };

/** What a split run's worker starts with (workerData): the program, loaded at once, and the
 *  shared counter (Int32Array over a SharedArrayBuffer) whose next value is the next task. */
export interface SplitWorkerData {
  readonly program: SplitProgram;
  readonly next: Int32Array;
  /** 1 for the first worker, …: the lane's name in SYMDAP_JOBS_TRACE lines. */
  readonly lane: number;
}

/** Coordinator → split worker: the tasks, once the frontier is known. */
export interface SplitTasks {
  readonly tasks: readonly SubtreeTask[];
}

/** Split worker → coordinator: the program is loaded, one explored task, all tasks taken, or a failure. */
export type SplitReply =
  | { readonly kind: 'loaded' }
  | { readonly kind: 'result'; readonly index: number; readonly report: VerifyReport }
  | { readonly kind: 'idle' }
  | { readonly kind: 'error'; readonly error: string };
