// Analyses of large documents off the message loop, one worker thread per document: a new
// run for a document terminates the one before (its text is out of date), and so does
// closing it. Small documents are analysed inline by the server (a worker's start-up costs
// more than their analysis); OFF_LOOP_CHARS is the line between the two.

import { Worker } from 'node:worker_threads';
import * as path from 'node:path';
import type { AnalysisJob, AnalysisReply } from './analysisWorker';
import { LatestRunPerDocument, type Cancelled } from './latestRun';

/** Documents of at least this many characters are analysed in a worker (about 0.1 s of parsing). */
export const OFF_LOOP_CHARS = 100_000;

export type AnalysisOutcome = AnalysisReply | Cancelled;

export class AnalysisRunner {
  private readonly runs = new LatestRunPerDocument<AnalysisReply>();

  run(uri: string, job: AnalysisJob): Promise<AnalysisOutcome> {
    return this.runs.run(uri, (settle) => {
      // Built next to this file (dist/lsp, or the extension's bundle directory), as the verify worker.
      let worker: Worker;
      try {
        worker = new Worker(path.join(__dirname, 'analysisWorker.js'), { workerData: job });
      } catch (e) {
        settle({ error: e instanceof Error ? e.message : String(e) });
        return { stop: () => undefined };
      }
      worker.once('message', (m: AnalysisReply) => settle(m));
      worker.once('error', (e) => settle({ error: e.message }));
      worker.once('exit', (code) => settle({ error: `the analysis stopped (exit ${code})` }));
      return { stop: () => void worker.terminate() };
    });
  }

  cancel(uri: string): void {
    this.runs.cancel(uri);
  }

  cancelAll(): void {
    this.runs.cancelAll();
  }
}
