// symdap as a library: the one front door for programs that use it (`require('symdap')`), as
// KLEE has one solver header. Parse and check a source, verify it (the report `symdap verify
// --json` prints, as typed data), run it on concrete inputs, or start a symbolic run and step
// it node by node. Everything else under dist/ is internal and may move. docs/api.md.

import { loadSource } from './lang/frontend';
import { hasErrors, type Diagnostic } from './lang/diagnostics';
import { verifySource, solverOptions, type VerifySourceOptions } from './engine/verify/verifySource';
import { explainReport } from './engine/why/explain';
import type { VerifyReport } from './engine/verify/report';
import { runConcrete, type ConcreteResult } from './engine/concrete/interpreter';
import { parseInputs } from './engine/concrete/inputs';
import { inputTypesOf } from './engine/concrete/havoc';
import { resolveEntry } from './engine/verify/entry';
import { createSolver } from './engine/solver/index';
import { SymbolicRun, DEFAULT_RUN_OPTIONS, type RunOptions } from './engine/verify/run';
import type { TreeNode } from './engine/explore/tree';
import type { CheckedProgram } from './lang/checked';

export type { Diagnostic } from './lang/diagnostics';
export type { VerifyReport, FailureReport, VerifyWarning, ProofReport, Verdict } from './engine/verify/report';
export type { VerifySourceOptions as VerifyOptions } from './engine/verify/verifySource';
export type { ConcreteResult } from './engine/concrete/interpreter';
export type { TreeNode } from './engine/explore/tree';
export type { State } from './engine/state/state';

/** The front end's verdict on a source: the checked program when it has no errors. */
export interface CheckResult {
  readonly ok: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly program?: CheckedProgram;
}

/** Parses and type-checks `source` (as `symdap check`). */
export function check(source: string, file = 'input.sym'): CheckResult {
  const { checked, diagnostics } = loadSource(source, file);
  const ok = checked !== undefined && !hasErrors(diagnostics);
  return { ok, diagnostics, ...(ok ? { program: checked } : {}) };
}

/** Verifies `source` (as `symdap verify --json`), failures classified; `proofs` adds proof dependencies. */
export async function verify(
  source: string,
  file = 'input.sym',
  options: VerifySourceOptions & { proofs?: boolean } = {},
): Promise<VerifyReport> {
  const { proofs, ...opts } = options;
  const r = await verifySource(source, file, opts);
  if (r.error) throw new Error(r.error);
  return explainReport(r.checked, opts, r.report, { proofs });
}

/** Runs the entry of `source` on concrete inputs (the `symdap run --inputs` JSON object). */
export function run(
  source: string,
  inputs: Record<string, unknown> = {},
  options: { file?: string; entry?: string } = {},
): ConcreteResult {
  const checked = programOf(source, options.file);
  const entry = resolveEntry(checked, options.entry);
  if (!entry.proc) throw new Error(entry.error ?? 'no entry procedure');
  const parsed = parseInputs(inputs, inputTypesOf(checked, entry.proc), checked.classes);
  if (parsed.error || !parsed.inputs) throw new Error(`inputs: ${parsed.error}`);
  return runConcrete(checked, entry.proc, parsed.inputs, { objects: parsed.objects });
}

/** A symbolic run to step by hand: `root` is the entry's first state; `expand` computes a node's children. */
export interface SymbolicStepper {
  readonly root: TreeNode;
  expand(node: TreeNode): Promise<readonly TreeNode[]>;
  /** Frees the solver (Z3). */
  dispose(): void;
}

/** Starts a symbolic run of the entry procedure (explore mode unless `mode` says otherwise). */
export async function startSymbolicRun(
  source: string,
  options: { file?: string; entry?: string } & Partial<RunOptions> = {},
): Promise<SymbolicStepper> {
  const { file, entry: entryName, ...runOptions } = options;
  const checked = programOf(source, file);
  const entry = resolveEntry(checked, entryName);
  if (!entry.proc) throw new Error(entry.error ?? 'no entry procedure');
  const solver = await createSolver(solverOptions({}, process.env));
  const symbolic = new SymbolicRun(checked, solver, { ...DEFAULT_RUN_OPTIONS, ...runOptions });
  const root = await symbolic.start(entry.proc);
  return { root, expand: (node) => symbolic.tree.expand(node), dispose: () => solver.dispose() };
}

function programOf(source: string, file = 'input.sym'): CheckedProgram {
  const c = check(source, file);
  if (!c.program)
    throw new Error(
      c.diagnostics.map((d) => `${d.file}:${d.span.line}:${d.span.col}: ${d.severity}: ${d.message}`).join('\n'),
    );
  return c.program;
}
