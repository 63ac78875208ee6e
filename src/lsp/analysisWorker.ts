// The worker thread of one large document's analysis (parse + check + symbol index): the
// language server's message loop stays free meanwhile, so it answers other requests, and a
// newer version of the document cancels the analysis by terminating this thread.
// The result crosses back by structured clone, which keeps the sharing inside it (the
// checked program's tables are keyed by the nodes of its own syntax tree).

import { parentPort, workerData } from 'node:worker_threads';
import { analyze, type Analysis } from './analysis';
import { EMPTY_DECL_CACHE } from './analysis';

export interface AnalysisJob {
  readonly text: string;
  readonly file: string;
  readonly version: number;
}
export type AnalysisReply = { readonly analysis: Analysis } | { readonly error: string };

function run(job: AnalysisJob): AnalysisReply {
  try {
    // The declaration cache is left behind: cloning it back would cost as much as it saves.
    return { analysis: { ...analyze(job.text, job.file, job.version), decls: EMPTY_DECL_CACHE } };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

parentPort?.postMessage(run(workerData as AnalysisJob));
