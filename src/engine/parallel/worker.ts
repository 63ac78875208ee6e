// The file pool's worker thread (multi-file verify): verifies one whole file per job.

import { parentPort } from 'node:worker_threads';
import type { WorkerJob, WorkerReply } from './protocol';
import { verifySource } from '../verify/verifySource';

async function answer(job: WorkerJob): Promise<unknown> {
  const r = await verifySource(job.source, job.file, job.opts);
  // Plain data only crosses the thread (the checked program stays here); a Viper file's sites go
  // along, or its failures lose the Viper ids that need them (call.precondition, …).
  const sites = r.viperSites ? { viperSites: r.viperSites } : {};
  return { report: r.report, diagnostics: r.diagnostics, tests: [], error: r.error, ...sites };
}

function serve(): void {
  const port = parentPort!;
  port.on('message', (job: WorkerJob) => {
    answer(job).then(
      (result) => port.postMessage({ ok: true, result } satisfies WorkerReply),
      (e: unknown) =>
        port.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) } satisfies WorkerReply),
    );
  });
}

serve();
