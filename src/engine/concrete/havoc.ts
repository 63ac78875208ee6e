// Names of the inputs a concrete run reads. Entry parameters and uninitialised globals are
// named after themselves; a havoc of variable x at source line L (`var x: T;`, `:= *`,
// `a[i] := *`) is named `x@L` on its first execution, `x@L#2` on the second, and so on.
// The symbolic engine names its fresh symbols the same way, so a counterexample it finds is
// directly an input file for the interpreter.

import type { Block, LValue, Proc, Stmt } from '../../lang/ast';
import type { CheckedProgram } from '../../lang/checked';
import type { Type } from '../../lang/types';
import { printExpr } from '../../lang/printer';
import { forEachStmt } from '../rules/walkStmts';

/** `x@L` for the first execution, `x@L#n` for the n-th. */
export function havocInputName(variable: string, line: number, occurrence: number): string {
  const base = `${variable}@${line}`;
  return occurrence <= 1 ? base : `${base}#${occurrence}`;
}

/** `x@L#3` -> `x@L`; other names unchanged. */
export function inputBaseName(name: string): string {
  const at = name.indexOf('@');
  const hash = name.indexOf('#', at);
  return at >= 0 && hash > at ? name.slice(0, hash) : name;
}

/** The variable an lvalue writes: `a` for `a[i][j]`; the field, as written, for `c.x` and `l.items[i]`. */
export function lvalueRoot(target: LValue): string {
  let e = target;
  while (e.kind === 'index') {
    if (e.array.kind !== 'var' && e.array.kind !== 'index' && e.array.kind !== 'field') break;
    e = e.array;
  }
  if (e.kind === 'field') return printExpr(e);
  return e.kind === 'var' ? e.name : '?';
}

/**
 * The type of every input name (without `#n`) the program can read when `entry` runs:
 * its parameters, the uninitialised globals, and every havoc site (`x@L` has x's type; for
 * `a[i] := *` it has the element type, since that is the value the havoc produces).
 */
export function inputTypesOf(checked: CheckedProgram, entry: Proc): ReadonlyMap<string, Type> {
  const types = new Map<string, Type>();
  for (const g of checked.globals) {
    const t = checked.declTypes.get(g);
    if (t && (g.init === undefined || g.init.kind === 'havoc')) types.set(g.name, t);
  }
  for (const p of entry.params) types.set(p.name, checked.declTypes.get(p) ?? p.type);
  for (const proc of checked.procs.values()) collectHavocs(checked, proc.body, types);
  return types;
}

function collectHavocs(checked: CheckedProgram, block: Block, into: Map<string, Type>): void {
  forEachStmt(block.stmts, (s) => collectStmt(checked, s, into));
}

function collectStmt(checked: CheckedProgram, s: Stmt, into: Map<string, Type>): void {
  if (s.kind === 'varDecl') {
    const t = checked.declTypes.get(s) ?? s.type;
    if (t && (s.init === undefined || s.init.kind === 'havoc')) into.set(`${s.name}@${s.span.line}`, t);
  } else if (s.kind === 'assign') {
    const t = checked.exprTypes.get(s.target);
    if (t && s.value.kind === 'havoc') into.set(`${lvalueRoot(s.target)}@${s.span.line}`, t);
  }
}
