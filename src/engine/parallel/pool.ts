// A pool of worker threads (node:worker_threads) that runs plain-data jobs: each worker takes
// the next job as soon as it finishes one (dynamic hand-out, so a large subtree or file does
// not hold up the others). Results come back in job order. A worker that crashes or exits
// fails the whole pool (the caller decides what to do); the pool always ends its threads.

import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { WorkerJob, WorkerReply } from './protocol';

/** The compiled worker script. Under the test runner this module is TypeScript source,
 *  and a worker thread runs only JavaScript, so it then uses the build in dist/. */
function workerScript(): string {
  const dir = __filename.endsWith('.ts') ? join(__dirname, '..', '..', '..', 'dist', 'engine', 'parallel') : __dirname;
  return join(dir, 'worker.js');
}

/** Runs the jobs on `size` lanes. With `local`, one lane is this thread (it must yield to the
 *  event loop now and then, as the explorer does) and `size - 1` are worker threads: no
 *  thread sits idle waiting, and one thread fewer is started. */
export async function runInWorkers<R>(jobs: readonly WorkerJob[], size: number, local?: (job: WorkerJob) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(jobs.length);
  let next = 0;
  const workers: Worker[] = [];
  const lanes = Math.min(size, jobs.length);
  try {
    const running = Array.from({ length: local ? lanes - 1 : lanes }, () => {
      const w = new Worker(workerScript());
      workers.push(w);
      return lane((job) => ask<R>(w, job));
    });
    // Started after the workers, which load their modules meanwhile.
    if (local && lanes > 0) running.push(lane(local));
    await Promise.all(running);
    return results;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }

  async function lane(run: (job: WorkerJob) => Promise<R>): Promise<void> {
    for (let i = next++; i < jobs.length; i = next++) results[i] = await run(jobs[i]);
  }
}

function ask<R>(w: Worker, job: WorkerJob): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const done = () => { w.off('message', onMessage); w.off('error', onError); w.off('exit', onExit); };
    const onMessage = (m: WorkerReply) => { done(); if (m.ok) resolve(m.result as R); else reject(new Error(m.error)); };
    const onError = (e: Error) => { done(); reject(e); };
    const onExit = (code: number) => { done(); reject(new Error(`a worker thread exited (code ${code})`)); };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage(job);
  });
}
