// How far the exploration has got: counts of ended paths (completed, failed, infeasible, …),
// the live paths, and the failed paths kept as threads. Shown as a console line after every
// `continue` (so the summary stays visible while paths come and go) and answered to the
// custom request `symdap/summary`.

import type { Debuggee } from '../runtime/debuggee';
import { endedWhy, isLive, threadName } from '../runtime/paths';

export interface Summary {
  readonly ended: Record<string, number>;
  readonly live: number;
  /** Ended paths kept as threads, stopped at their end (e.g. failures), until the session ends. */
  readonly kept: { readonly threadId: number; readonly name: string; readonly why: string }[];
  /** Well-formedness failures (docs/design.md B.5): on no path, so not among the threads. */
  readonly wellFormed: { readonly line: number; readonly column: number; readonly message: string }[];
  readonly text: string;
}

export function summary(d: Debuggee): Summary {
  const ended = { ...d.run.tree.counts.ended };
  const threads = d.paths.all();
  const live = threads.filter((t) => isLive(t.tip)).length;
  const kept = threads
    .filter((t) => !isLive(t.tip))
    .map((t) => ({
      threadId: t.id,
      name: threadName(t, d.args.mode === 'modular', d.checked.synths.size > 0),
      why: endedWhy(t.tip),
    }));
  const wellFormed = d.wellFormed.failures.map(({ site }) => ({
    line: site.span.line,
    column: site.span.col,
    message: site.message,
  }));
  return { ended, live, kept, wellFormed, text: progressText(ended, live, d.checked.synths.size > 0) };
}

/** `paths so far: 2 completed, 1 failed, 0 infeasible, 0 bound reached, 0 unknown; 3 still running`. */
export function progressText(e: Record<string, number>, live: number, hasSynth = false): string {
  const n = (k: string): number => e[k] ?? 0;
  const counts = `${n('done')} completed, ${n('failed')} ${hasSynth ? 'excluded' : 'failed'}, ${n('infeasible')} infeasible, ${n('bounded')} bound reached, ${n('unknown')} unknown`;
  return `paths so far: ${counts}; ${live} still running`;
}
