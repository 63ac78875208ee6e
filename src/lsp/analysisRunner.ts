// Analyses of large documents off the message loop, one worker thread per document: a new
// run for a document terminates the one before (its text is out of date), and so does
// closing it. Small documents are analysed inline by the server (a worker's start-up costs
// more than their analysis); OFF_LOOP_CHARS is the line between the two.

import { Worker } from 'node:worker_threads';
import * as path from 'node:path';
import type { Analysis } from './analysis';
import type { AnalysisJob, AnalysisReply } from './analysisWorker';

/** Documents of at least this many characters are analysed in a worker (about 0.1 s of parsing). */
export const OFF_LOOP_CHARS = 100_000;

export type AnalysisOutcome =
  { readonly analysis: Analysis } | { readonly error: string } | { readonly cancelled: true };

export class AnalysisRunner {
  private readonly running = new Map<string, { worker: Worker; settle: (o: AnalysisOutcome) => void }>();

  run(uri: string, job: AnalysisJob): Promise<AnalysisOutcome> {
    this.cancel(uri);
    return new Promise((resolve) => {
      // Built next to this file (dist/lsp, or the extension's bundle directory), as the verify worker.
      let worker: Worker;
      try {
        worker = new Worker(path.join(__dirname, 'analysisWorker.js'), { workerData: job });
      } catch (e) {
        resolve({ error: e instanceof Error ? e.message : String(e) });
        return;
      }
      let settled = false;
      const settle = (o: AnalysisOutcome): void => {
        if (settled) return;
        settled = true;
        if (this.running.get(uri)?.worker === worker) this.running.delete(uri);
        resolve(o);
      };
      this.running.set(uri, { worker, settle });
      worker.once('message', (m: AnalysisReply) => settle(m));
      worker.once('error', (e) => settle({ error: e.message }));
      worker.once('exit', (code) => settle({ error: `the analysis stopped (exit ${code})` }));
    });
  }

  cancel(uri: string): void {
    const run = this.running.get(uri);
    if (!run) return;
    this.running.delete(uri);
    run.settle({ cancelled: true });
    void run.worker.terminate();
  }

  cancelAll(): void {
    for (const uri of [...this.running.keys()]) this.cancel(uri);
  }
}
