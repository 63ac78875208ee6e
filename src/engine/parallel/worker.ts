// The file pool's worker thread (multi-file verify): verifies one whole file per job.

import { parentPort } from 'node:worker_threads';
import type { WorkerJob, WorkerReply } from './protocol';
import { verifySource } from '../verify/verifySource';

async function answer(job: WorkerJob): Promise<unknown> {
  const r = await verifySource(job.source, job.file, job.opts);
  return { report: r.report, diagnostics: r.diagnostics, tests: [], error: r.error };
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
