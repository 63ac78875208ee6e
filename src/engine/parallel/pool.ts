// A pool of worker threads (node:worker_threads) that verifies whole files (multi-file verify):
// each worker takes the next file as soon as it finishes one (dynamic hand-out, so a large
// file does not hold up the others). Results come back in job order. A worker that crashes or
// exits fails the whole pool (the caller decides what to do); the pool always ends its threads.

import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import type { WorkerJob, WorkerReply } from './protocol';

/** A compiled worker script of this directory. Under the test runner this module is
 *  TypeScript source, and a worker thread runs only JavaScript, so it then uses dist/. The
 *  script as one file (dist/NAME.bundle.js, scripts/build-cli.js) when it is there and not older
 *  than the module: a new isolate loading ~150 modules one by one paid Node's loader for each. */
export function workerScript(name: string): string {
  const dir = __filename.endsWith('.ts') ? join(__dirname, '..', '..', '..', 'dist', 'engine', 'parallel') : __dirname;
  const module = join(dir, `${name}.js`);
  const bundle = join(dir, '..', '..', `${name}.bundle.js`);
  try {
    return statSync(bundle).mtimeMs >= statSync(module).mtimeMs ? bundle : module;
  } catch {
    return module;
  }
}

/** Runs the jobs on `size` worker threads. */
export async function runInWorkers<R>(jobs: readonly WorkerJob[], size: number): Promise<R[]> {
  const results: R[] = new Array(jobs.length);
  let next = 0;
  const workers: Worker[] = [];
  try {
    const running = Array.from({ length: Math.min(size, jobs.length) }, () => {
      const w = new Worker(workerScript('worker'));
      workers.push(w);
      return lane((job) => ask<R>(w, job));
    });
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
    const done = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    const onMessage = (m: WorkerReply) => {
      done();
      if (m.ok) resolve(m.result as R);
      else reject(new Error(m.error));
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`a worker thread exited (code ${code})`));
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage(job);
  });
}
