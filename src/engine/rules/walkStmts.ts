// Every statement of a body, nested ones included, in reading order and without recursion.
// The front end bounds nesting but not the length of an `else if` chain (each `else if` is
// the `otherwise` of the one before), so a pass that recursed on `otherwise` would overflow
// the stack on long generated chains; passes over statements walk them through this instead.

import type { Stmt } from '../../lang/ast';

/** The statements directly inside `st`, in reading order (an `else if` is one of them). */
function childStmts(st: Stmt): readonly Stmt[] {
  switch (st.kind) {
    case 'if':
      return st.otherwise ? [...st.then.stmts, st.otherwise] : st.then.stmts;
    case 'while':
      return st.body.stmts;
    case 'block':
      return st.stmts;
    default:
      return [];
  }
}

/** Calls `visit` on every statement in `stmts` and below, parents before their children. */
export function forEachStmt(stmts: readonly Stmt[], visit: (st: Stmt) => void): void {
  const stack: Stmt[] = [...stmts].reverse();
  for (let st = stack.pop(); st !== undefined; st = stack.pop()) {
    visit(st);
    const children = childStmts(st);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}
