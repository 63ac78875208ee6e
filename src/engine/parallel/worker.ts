// The worker thread's entry point: answers WorkerJobs one at a time. A subtree job reuses the
// thread's parsed program and solver while the file and options stay the same (one program per
// parallel run), so each worker loads Z3 at most once, lazily, like the one-job run.

import { parentPort } from 'node:worker_threads';
import { loadSource } from '../../lang/frontend';
import { resolveEntry } from '../entry';
import { createSolver } from '../solver/index';
import type { Solver } from '../solver/solver';
import { rootProcs, runOptions } from '../verify';
import { solverOptions, verifySource } from '../verifySource';
import type { WorkerJob, WorkerReply } from './protocol';
import { SubtreeExplorer } from './subtree';

interface Program {
  readonly key: string;
  readonly solver: Solver;
  readonly explorer: SubtreeExplorer;
}

function serve(): void {
  let program: Program | undefined;
  const port = parentPort!;
  port.on('message', (job: WorkerJob) => {
    answer(job).then(
      (result) => port.postMessage({ ok: true, result } satisfies WorkerReply),
      (e: unknown) => port.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) } satisfies WorkerReply),
    );
  });

  async function answer(job: WorkerJob): Promise<unknown> {
    if (job.kind === 'file') {
      const r = await verifySource(job.source, job.file, job.opts);
      return { report: r.report, diagnostics: r.diagnostics, tests: [], error: r.error };
    }
    const p = await programFor(job);
    return p.explorer.explore(job.task);
  }

  async function programFor(job: Extract<WorkerJob, { kind: 'subtree' }>): Promise<Program> {
    const key = JSON.stringify([job.file, job.opts, job.source]);
    if (program?.key === key) return program;
    program?.solver.dispose();
    program = undefined;
    const { checked } = loadSource(job.source, job.file);
    const entry = checked && resolveEntry(checked, job.opts.entry).proc;
    // The coordinator checked the program before handing out subtrees; this cannot fail.
    if (!checked || !entry) throw new Error(`${job.file} did not load in a worker thread`);
    const options = runOptions(job.opts);
    const solver = await createSolver(solverOptions(job.opts, process.env));
    program = { key, solver, explorer: new SubtreeExplorer(checked, solver, options, rootProcs(checked, options.mode, entry)) };
    return program;
  }
}

serve();
