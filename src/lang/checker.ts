// The Sym type checker's entry points: whole programs (scopes, types, top-level names) and
// single expressions typed in the debugger. All errors of a file are reported, not just the
// first; the CheckedProgram exists only when there are none.

import type { Expr, Label, Proc, Program, TopDecl } from './ast';
import { astNodes } from './astNodes';
import { axiomsOf, globalsOf } from './ast';
import { checkAxiom } from './checkDomain';
import type { CheckedProgram, Declaration } from './checked';
import { checkExpr, NESTED_CALL, type ExprContext } from './checkExpr';
import { checkBlock, checkBool, checkVarDecl } from './checkStmt';
import { CheckTables } from './checkTables';
import { error, hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics';
import { Scope, type DeclKind } from './scope';
import { LabelScope } from './labelScope';
import { checkTypeKnown } from './checkHeap';
import { checkHeapDecls } from './checkHeapDecls';
import { checkPermissions } from './checkPermissions';
import { checkSynthDecl } from './checkSynth';
import { heapEnvOf, type HeapEnv } from './heapEnv';
import type { Type } from './types';

/** The names a debugger expression can see (the selected frame plus globals). */
export interface ExprEnv {
  lookup(name: string): { type: Type; decl: Declaration } | undefined;
  /** Quantifiers and `old` allowed. */
  spec: boolean;
  /** The program's classes, predicates and functions (field reads, function calls). */
  heap?: HeapEnv;
}

export interface CheckResult {
  checked?: CheckedProgram;
  diagnostics: Diagnostic[];
}

export interface ExprCheckResult {
  type?: Type;
  exprTypes: ReadonlyMap<Expr, Type>;
  resolution: ReadonlyMap<Expr, Declaration>;
  diagnostics: Diagnostic[];
}

const FILE_START = { line: 1, col: 1, endLine: 1, endCol: 1 };

/** How a front end other than Sym's wants its lowered program checked. */
export interface CheckOptions {
  /**
   * Functions may apply each other in any order (Viper's rule: termination is checked only with
   * `decreases`). The front end then refuses a cycle through preconditions itself: those are
   * evaluated at every application, without fuel. Sym demands declaration order.
   */
  readonly recursionInAnyOrder?: boolean;
  /** Quantifiers may bind references (Viper's `forall x: Ref`, over every reference; Sym's stay refused). */
  readonly refBinders?: boolean;
  /**
   * `old[l]` may name any label of its procedure (Viper's rule; a path that has not reached l
   * fails where it reads it). Sym's labels are visible after their statement, in their block.
   */
  readonly methodLabels?: boolean;
}

export function check(program: Program, file: string, source: string, options: CheckOptions = {}): CheckResult {
  try {
    return checkProgram(program, file, source, options);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { diagnostics: [error(file, FILE_START, `internal error in the checker: ${why}`)] };
  }
}

function checkProgram(program: Program, file: string, source: string, options: CheckOptions): CheckResult {
  const tables = new CheckTables(file, options.refBinders === true);
  const procs = collectProcs(program.decls, tables);
  const heap = heapEnvOf(program);
  const globals = new Scope();
  const globalCtx: ExprContext = {
    tables,
    scope: globals,
    procs,
    heap,
    spec: false,
    old: false,
    beforeReturns: false,
    callMessage: 'a global initializer cannot call a procedure',
  };
  for (const g of globalsOf(program)) checkVarDecl(g, globalCtx, 'global variable');
  checkHeapDecls(program, tables, procs, heap, globals, options.recursionInAnyOrder === true);
  for (const d of program.decls) {
    if (d.kind === 'proc') checkProc(d, tables, procs, globals, heap, options.methodLabels === true);
    if (d.kind === 'synth') checkSynthDecl(d, tables, heap);
    if (d.kind === 'axiom')
      checkAxiom(checkExpr, d, { tables, procs: new Map(), heap, beforeReturns: false, callMessage: NESTED_CALL });
  }
  checkPermissions(program, tables, heap);
  const diagnostics = sortDiagnostics(tables.diagnostics);
  if (hasErrors(diagnostics)) return { diagnostics };
  const checked: CheckedProgram = {
    file,
    source,
    program,
    procs,
    globals: globalsOf(program),
    exprTypes: tables.exprTypes,
    declTypes: tables.declTypes,
    resolution: tables.resolution,
    classes: heap.classes,
    predicates: heap.predicates,
    functions: heap.functions,
    synths: heap.synths ?? new Map(),
    axioms: axiomsOf(program),
  };
  return { checked, diagnostics };
}

/**
 * Procedures by name (the first of duplicates wins). Reports top-level names used twice,
 * except global-vs-global, which the globals' scope reports.
 */
function collectProcs(decls: readonly TopDecl[], tables: CheckTables): Map<string, Proc> {
  const first = new Map<string, TopDecl>();
  const procs = new Map<string, Proc>();
  for (const d of decls) {
    const earlier = first.get(d.name);
    if (!earlier) first.set(d.name, d);
    else if (earlier.kind !== 'varDecl' || d.kind !== 'varDecl') {
      tables.error(
        d.nameSpan,
        `'${d.name}' is already declared as a ${DECL_WORDS[earlier.kind]} at line ${earlier.span.line}`,
      );
    }
    if (d.kind === 'proc' && !procs.has(d.name)) procs.set(d.name, d);
  }
  return procs;
}

const DECL_WORDS: Record<TopDecl['kind'], string> = {
  proc: 'procedure',
  varDecl: 'global variable',
  class: 'class',
  predicate: 'predicate',
  function: 'function',
  synth: 'synth function',
  axiom: 'domain axiom',
};

function checkProc(
  proc: Proc,
  tables: CheckTables,
  procs: ReadonlyMap<string, Proc>,
  globals: Scope,
  heap: HeapEnv,
  methodLabels: boolean,
): void {
  const scope = new Scope((name) => globals.lookup(name));
  const declare = (p: Proc['params'][number], kind: DeclKind) => {
    checkTypeKnown(p.type, p.span, { tables, heap });
    const clash = scope.declare(p.name, { type: p.type, decl: p, kind });
    if (clash) tables.error(p.span, clash);
    tables.declared(p, p.type);
  };
  for (const p of proc.params) declare(p, 'parameter');
  for (const r of proc.returns) declare(r, 'return value');
  // A contract names no label: an empty scope (labels live in the body). A contract-only
  // helper's names its caller's, checked at each call (helperLabels.ts).
  const labels = proc.contractOnly ? undefined : new LabelScope();
  const spec = { tables, scope, procs, heap, spec: true, callMessage: NESTED_CALL, labels };
  for (const r of proc.requires) {
    // A contract-only helper's old(e) is its caller's (lang/viper/helpers.ts, rules/calls.ts).
    checkBool(r, { ...spec, old: proc.contractOnly === true, beforeReturns: true }, `a 'requires' clause`);
  }
  for (const e of proc.ensures) {
    checkBool(e, { ...spec, old: true, beforeReturns: false }, `an 'ensures' clause`);
  }
  const anywhere = methodLabels ? labelsOf(proc) : undefined;
  checkBlock(proc.body, { tables, scope, procs, proc, heap, labels: new LabelScope(anywhere) });
}

/** The names of every `label` statement in `proc`'s body. */
function labelsOf(proc: Proc): ReadonlySet<string> {
  const out = new Set<string>();
  for (const n of astNodes(proc.body)) if (n.kind === 'label') out.add((n as Label).name);
  return out;
}

/** Types an expression against the names of a debugger frame (watches, REPL, conditions). */
export function checkExpression(expr: Expr, env: ExprEnv, file: string): ExprCheckResult {
  const tables = new CheckTables(file);
  const scope = new Scope((name) => {
    const b = env.lookup(name);
    return b && { type: b.type, decl: b.decl, kind: 'variable' };
  });
  const ctx: ExprContext = {
    tables,
    scope,
    procs: new Map(),
    heap: env.heap,
    spec: env.spec,
    old: env.spec,
    beforeReturns: false,
    callMessage: NESTED_CALL,
  };
  let type: Type | undefined;
  try {
    type = checkExpr(expr, ctx);
  } catch (e) {
    tables.error(expr.span, `internal error in the checker: ${e instanceof Error ? e.message : String(e)}`);
  }
  const diagnostics = sortDiagnostics(tables.diagnostics);
  return {
    type: hasErrors(diagnostics) ? undefined : type,
    exprTypes: tables.exprTypes,
    resolution: tables.resolution,
    diagnostics,
  };
}
