// The worker thread's entry point: answers WorkerJobs one at a time (jobRunner.ts).

import { parentPort } from 'node:worker_threads';
import type { WorkerJob, WorkerReply } from './protocol';
import { JobRunner } from './jobRunner';

function serve(): void {
  const runner = new JobRunner();
  const port = parentPort!;
  port.on('message', (job: WorkerJob) => {
    runner.answer(job).then(
      (result) => port.postMessage({ ok: true, result } satisfies WorkerReply),
      (e: unknown) => port.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) } satisfies WorkerReply),
    );
  });
}

serve();
