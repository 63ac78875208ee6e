// Syntactic frame analysis for modular reasoning: which variables a loop body or a procedure
// may assign. Loops havoc these before assuming their invariant; modular calls havoc the
// globals a callee (transitively) assigns.

import type { CheckedProgram, Declaration } from '../../lang/checked';
import type { Expr, LValue, Proc, Stmt } from '../../lang/ast';
import type { Type } from '../../lang/types';
import { forEachStmt } from './walkStmts';

function rootName(lv: LValue): string {
  let e: Expr = lv;
  while (e.kind === 'index') e = e.array;
  return e.kind === 'var' ? e.name : '';
}

/** Names assigned by the statements (not counting variables they declare), and the procedures they call. */
export function assignedIn(stmts: readonly Stmt[]): { names: Set<string>; callees: Set<string> } {
  const names = new Set<string>();
  const callees = new Set<string>();
  const declared = new Set<string>();
  forEachStmt(stmts, (st) => {
    switch (st.kind) {
      case 'varDecl':
        declared.add(st.name);
        if (st.init?.kind === 'call') callees.add(st.init.callee);
        return;
      case 'assign':
        names.add(rootName(st.target));
        if (st.value.kind === 'call') callees.add(st.value.callee);
        return;
      case 'callAssign':
        st.targets.forEach((t) => names.add(rootName(t)));
        callees.add(st.call.callee);
        return;
      case 'callStmt':
        callees.add(st.call.callee);
        return;
      default:
        return;
    }
  });
  for (const d of declared) names.delete(d);
  return { names, callees };
}

/** Globals that `proc` or anything it calls may assign. */
export function globalsModifiedBy(checked: CheckedProgram, proc: Proc): Set<string> {
  const globals = new Set(checked.globals.map((g) => g.name));
  const out = new Set<string>();
  const seen = new Set<string>();
  const work = [proc];
  while (work.length > 0) {
    const p = work.pop()!;
    if (seen.has(p.name)) continue;
    seen.add(p.name);
    const { names, callees } = assignedIn(p.body.stmts);
    for (const n of names) if (globals.has(n)) out.add(n);
    for (const c of callees) {
      const callee = checked.procs.get(c);
      if (callee) work.push(callee);
    }
  }
  return out;
}

/** Every declaration a procedure can name besides the globals: parameters, results, locals. */
export function declarationsOf(proc: Proc): Declaration[] {
  const out: Declaration[] = [...proc.params, ...proc.returns];
  forEachStmt(proc.body.stmts, (st) => {
    if (st.kind === 'varDecl') out.push(st);
  });
  return out;
}

/** The type of every variable a procedure can name: its parameters, results, locals and the globals. */
export function declaredTypes(checked: CheckedProgram, proc: Proc): Map<string, Type> {
  const out = new Map<string, Type>();
  for (const g of checked.globals) out.set(g.name, checked.declTypes.get(g)!);
  for (const d of declarationsOf(proc)) {
    const t = checked.declTypes.get(d) ?? ('type' in d ? d.type : undefined);
    if (t) out.set(d.name, t);
  }
  return out;
}
