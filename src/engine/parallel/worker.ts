// The worker thread's entry point: answers WorkerJobs one at a time. A subtree job reuses the
// thread's parsed program and solver while the file and options stay the same (one program per
// parallel run), so each worker loads Z3 at most once, lazily, like the one-job run.

import { parentPort } from 'node:worker_threads';
import { loadSource } from '../../lang/frontend';
import type { CheckedProgram } from '../../lang/checked';
import type { Proc } from '../../lang/ast';
import { resolveEntry } from '../entry';
import { createSolver } from '../solver/index';
import type { Solver } from '../solver/solver';
import type { RunOptions } from '../run';
import { rootProcs, runOptions } from '../verify';
import { solverOptions, verifySource } from '../verifySource';
import type { WorkerJob, WorkerReply } from './protocol';
import { exploreSubtree } from './subtree';

interface Program {
  readonly key: string;
  readonly checked: CheckedProgram;
  readonly solver: Solver;
  readonly options: RunOptions;
  readonly procs: readonly Proc[];
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
    return exploreSubtree(p.checked, p.solver, p.options, p.procs, job.task);
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
    program = { key, checked, solver, options, procs: rootProcs(checked, options.mode, entry) };
    return program;
  }
}

serve();
