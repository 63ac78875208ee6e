// Answers WorkerJobs one at a time, in whatever thread owns it: each worker thread has one,
// and the coordinator runs one too, so that with --jobs N the main thread explores subtrees
// alongside N - 1 workers instead of waiting for them. A subtree job reuses the parsed
// program and solver while the file and options stay the same (one program per parallel
// run), so each runner loads Z3 at most once, lazily, like the one-job run.

import { loadSource } from '../../lang/frontend';
import { resolveEntry } from '../entry';
import { createSolver } from '../solver/index';
import type { Solver } from '../solver/solver';
import { rootProcs, runOptions } from '../verify';
import { solverOptions, verifySource } from '../verifySource';
import type { WorkerJob } from './protocol';
import { SubtreeExplorer } from './subtree';

interface Program {
  readonly key: string;
  readonly solver: Solver;
  readonly explorer: SubtreeExplorer;
}

export class JobRunner {
  private program: Program | undefined;

  async answer(job: WorkerJob): Promise<unknown> {
    if (job.kind === 'file') {
      const r = await verifySource(job.source, job.file, job.opts);
      return { report: r.report, diagnostics: r.diagnostics, tests: [], error: r.error };
    }
    const p = await this.programFor(job);
    return p.explorer.explore(job.task);
  }

  dispose(): void {
    this.program?.solver.dispose();
    this.program = undefined;
  }

  private async programFor(job: Extract<WorkerJob, { kind: 'subtree' }>): Promise<Program> {
    const key = JSON.stringify([job.file, job.opts, job.source]);
    if (this.program?.key === key) return this.program;
    this.dispose();
    const { checked } = loadSource(job.source, job.file);
    const entry = checked && resolveEntry(checked, job.opts.entry).proc;
    // The coordinator checked the program before handing out subtrees; this cannot fail.
    if (!checked || !entry) throw new Error(`${job.file} did not load in a worker thread`);
    const options = runOptions(job.opts);
    const solver = await createSolver(solverOptions(job.opts, process.env));
    this.program = { key, solver, explorer: new SubtreeExplorer(checked, solver, options, rootProcs(checked, options.mode, entry)) };
    return this.program;
  }
}
