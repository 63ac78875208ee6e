// Launching a debug session: the program read and checked, refused by name when the debugger
// cannot run it, the solver and the symbolic run made, and the root threads started (one per
// procedure in modular mode, one per run of a generational search). `launchDebuggee` builds
// the `Debuggee` (debuggee.ts) from validated launch arguments; the session calls it once per
// launch.

import { languageOf } from '../../lang/language';
import { loadSource } from '../../lang/frontend';
import { formatDiagnostic, hasErrors } from '../../lang/diagnostics';
import { resolveEntry, verifiedAlone } from '../../engine/verify/entry';
import { symbolicHeapError } from '../../engine/rules/heap/heapGuard';
import { synthModeError } from '../../engine/synth/guard';
import { SymbolicRun } from '../../engine/verify/run';
import { createSolver } from '../../engine/solver';
import { conjuncts } from '../../engine/state/pathCondition';
import { holds } from '../../engine/concolic/concolicRun';
import { launchInputs, showInputs } from './concolic';
import { launchGenerational } from './generational';
import type { LaunchArgs } from '../launchSchema';
import { launchableProgram, readSourceFile } from '../../lang/sourceFile';
import { MAX_LAUNCH_SOURCE_BYTES } from '../limits';
import { PathTable, type PathThread } from './paths';
import { newWhyCache } from './whyCache';
import type { BreakpointTable, ExceptionFilters } from './breakpoints';
import type { Debuggee } from './debuggee';

export type LaunchOutcome =
  | {
      readonly ok: true;
      readonly debuggee: Debuggee;
      readonly root: PathThread;
      readonly roots: readonly PathThread[];
      readonly output?: readonly string[];
    }
  | { readonly ok: false; readonly messages: string[] };

export async function launchDebuggee(
  launched: LaunchArgs,
  breakpoints: BreakpointTable,
  filters: ExceptionFilters,
): Promise<LaunchOutcome> {
  // A Viper program is verified method by method (its bodiless methods and inhale/exhale helpers are contracts only).
  const args: LaunchArgs = languageOf(launched.program) === 'viper' ? { ...launched, mode: 'modular' } : launched;
  const refused = launchableProgram(args.program);
  if (refused) return { ok: false, messages: [refused] };
  const read = await readSourceFile(args.program, MAX_LAUNCH_SOURCE_BYTES);
  if ('error' in read) return { ok: false, messages: [`${args.program}:1:1: error: ${read.error}`] };
  const loaded = loadSource(read.source, args.program, languageOf(args.program), { readImports: false });
  if (!loaded.checked || hasErrors(loaded.diagnostics)) {
    const messages = loaded.diagnostics.map(formatDiagnostic);
    return { ok: false, messages: messages.length > 0 ? messages : [`${args.program}: cannot load the program`] };
  }
  const checked = loaded.checked;
  const heap = symbolicHeapError(checked) ?? synthModeError(checked, args.mode);
  if (heap) return { ok: false, messages: [formatDiagnostic(heap)] };
  const entry = resolveEntry(checked, args.entry);
  if (!entry.proc) return { ok: false, messages: [`${args.program}: ${entry.error ?? 'no entry procedure'}`] };
  const concrete = args.inputs === undefined ? {} : await launchInputs(args.inputs, checked, entry.proc);
  if (concrete.error) return { ok: false, messages: [concrete.error] };
  if (concrete.inputs && args.mode === 'modular')
    return {
      ok: false,
      messages: [
        `${args.program}: the launch argument 'inputs' follows one concrete run of the entry; modular mode has none (use mode 'explore')`,
      ],
    };
  const solver = await createSolver({
    backend: args.solver,
    timeoutMs: args.solverTimeout,
    keepLemmas: checked.synths.size > 0,
  });
  const run = new SymbolicRun(checked, solver, {
    mode: args.mode,
    loopBound: args.loopBound,
    recursionBound: args.recursionBound,
    // Generational sessions move their run threads themselves (runtime/generational.ts); the tree's own searcher stays depth-first.
    timeoutMs: args.solverTimeout,
    searcher: args.searcher === 'generational' ? 'dfs' : args.searcher,
    retain: true,
  });
  const paths = new PathTable(run.tree, (n) => filters.stopsOn(n, checked.synths.size > 0));
  // Once, before any path, as `symdap verify` does (docs/design.md B.5).
  const wellFormed = await run.checkWellFormed();
  const debuggee = (): Debuggee => ({
    args,
    checked,
    run,
    T: run.ctx.T,
    solver,
    paths,
    breakpoints,
    filters,
    control: { paused: false },
    pause: { requested: false },
    wellFormed,
    why: newWhyCache(),
  });
  if (args.searcher === 'generational') {
    const g = await launchGenerational(args, checked, entry.proc, solver, run, paths).catch((e: unknown) => ({
      error: `${args.program}: generational search failed: ${e instanceof Error ? e.message : String(e)}`,
    }));
    if ('error' in g) {
      solver.dispose();
      return { ok: false, messages: [g.error] };
    }
    return { ok: true, debuggee: debuggee(), root: g.roots[0], roots: g.roots, output: g.output };
  }
  // Modular mode checks every procedure against its contract, as `symdap verify --mode
  // modular` does: one root path (thread) per procedure, the entry first.
  const procs =
    args.mode === 'modular'
      ? [entry.proc, ...[...checked.procs.values()].filter((p) => p !== entry.proc && verifiedAlone(p))]
      : [entry.proc];
  const roots: PathThread[] = [];
  for (const p of procs) roots.push(paths.addRoot(await run.start(p)));
  if (concrete.inputs) {
    const broken = !holds(conjuncts(roots[0].tip.state.pc), concrete.inputs);
    if (broken) {
      solver.dispose();
      return {
        ok: false,
        messages: [
          `${args.program}: the inputs ${showInputs(concrete.inputs)} violate the precondition of ${entry.proc.name}`,
        ],
      };
    }
    roots[0].inputs = concrete.inputs;
  }
  const unused = (['seed', 'runs'] as const).filter((k) => args[k] !== undefined);
  const output =
    unused.length > 0
      ? [
          `launch argument ${unused.map((k) => `'${k}'`).join(' and ')} applies to searcher 'generational' only; ignored`,
        ]
      : undefined;
  return { ok: true, debuggee: debuggee(), root: roots[0], roots, ...(output ? { output } : {}) };
}
