// Replaying a counterexample the way `symdap run --inputs FILE` does: the counterexample is
// written as JSON, read back through the input-file parser (typed by the program's input
// names) and run by the concrete interpreter from the procedure the failing path started in.

import { runConcrete, type ConcreteResult } from '../../src/engine/concrete/interpreter';
import { replayInputs } from '../../src/engine/concrete/replay';
import type { Counterexample } from '../../src/engine/state/counterexample';
import type { CheckedProgram } from '../../src/lang/checked';
import type { Proc } from '../../src/lang/ast';
import { resolveEntry } from '../../src/engine/verify/entry';
import { shownCounterexample } from '../../src/engine/verify/joinExplain';
import { inputSymbols } from '../../src/engine/state/state';
import type { Solver } from '../../src/engine/solver/solver';
import { expect } from 'vitest';
import { exploreLeaves } from './symbolic';
import type { RunOptions } from '../../src/engine/verify/run';

export interface Replay {
  readonly run: ConcreteResult;
  /** Input names the concrete run never reads (e.g. a modular loop's havocs). */
  readonly unread: readonly string[];
  readonly error?: string;
}

export function replay(checked: CheckedProgram, proc: Proc, cx: Counterexample): Replay {
  const r = replayInputs(checked, proc, JSON.parse(JSON.stringify(cx)));
  // Inputs that do not parse: the run from no inputs stands beside the error, which fails the comparison.
  return r.run
    ? { run: r.run, unread: r.unread }
    : { run: runConcrete(checked, proc, new Map()), unread: [], error: r.error };
}

/** What a replay ended in, in the form a failure is compared by: status, kind and line. */
export function outcome(r: Replay): { status: string; kind?: string; line?: number; error?: string } {
  const out: { status: string; kind?: string; line?: number; error?: string } = { status: r.run.status };
  if (r.run.failure) {
    out.kind = r.run.failure.kind;
    out.line = r.run.failure.span.line;
  }
  if (r.error) out.error = r.error;
  return out;
}

/**
 * The replay of a failure of `kind` at `line`: the same failure, except for `permission`:
 * a concrete run has no permissions (docs/language.md), so its inputs must parse and the run
 * may end anywhere, but a null receiver there is a `null-deref` at that line.
 */
export function expectReplayed(r: Replay, kind: string, line: number, what: string): void {
  if (kind !== 'permission') {
    expect(outcome(r), what).toEqual({ status: 'failed', kind, line });
    return;
  }
  expect(r.error, what).toBeUndefined();
  if (r.run.failure?.kind === 'null-deref') expect(r.run.failure.span.line, what).toBe(line);
}

/** Replays every failing path of `checked` in `mode` (a possibly spurious one must not fail there); returns how many were replayed. */
export async function replayEveryFailure(
  solver: Solver,
  checked: CheckedProgram,
  mode: 'explore' | 'modular',
  opts: Partial<RunOptions> & { entry?: string } = {},
): Promise<number> {
  const entry = resolveEntry(checked, opts.entry).proc!;
  const roots = mode === 'modular' ? [...checked.procs.values()] : [entry];
  let replayed = 0;
  for (const proc of roots) {
    const { leaves } = await exploreLeaves(checked, solver, proc, { mode, ...opts });
    for (const n of leaves.filter((l) => l.state.status === 'failed')) {
      const f = n.state.failure!;
      expect(f.modelStatus).toBe('sat');
      const cx = shownCounterexample(inputSymbols(n.state), f.model, f).counterexample;
      const r = replay(checked, proc, cx);
      const what = `${proc.name}: ${f.kind} at line ${f.span.line} with ${JSON.stringify(cx)}`;
      // A failure after a join that no concrete path reaches (rules/join/concreteCheck.ts) must not replay to it.
      if (f.afterJoin && f.afterJoin.status !== 'concrete') {
        expect(f.afterJoin.status, what).toBe('possibly-spurious');
        expect(outcome(r), what).not.toMatchObject({ status: 'failed', kind: f.kind, line: f.span.line });
        replayed++;
        continue;
      }
      expectReplayed(r, f.kind, f.span.line, what);
      // Explore mode follows concrete runs, so every input it names is one a run reads.
      if (mode === 'explore') expect(r.unread, what).toEqual([]);
      replayed++;
    }
  }
  return replayed;
}
