// Phase timestamps of a parallel run on stderr, when SYMDAP_JOBS_TRACE=1: when each thread
// starts, finishes the frontier, takes and ends each subtree, with the CPU time of the thread
// itself (a process-wide figure would mix the lanes). It is how the --jobs overhead was found
// and how it is checked again; off, it costs one environment lookup per phase.

import { threadCpuMs } from './threadCpu';

export function tracing(): boolean {
  return process.env.SYMDAP_JOBS_TRACE === '1';
}

/** `[jobs t=…ms cpu=…ms lane N] what`: t from process start, cpu of this thread; lane 0 is the
 *  main thread, lane i its i-th worker (passed in: node:worker_threads is not loaded for this). */
export function trace(what: string, lane = 0): void {
  if (!tracing()) return;
  const t = Math.round(process.uptime() * 1000);
  process.stderr.write(`[jobs t=${t}ms cpu=${threadCpuMs() ?? '?'}ms lane ${lane}] ${what}\n`);
}
