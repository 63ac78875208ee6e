// Executable lines: where a statement starts, so the debugger can verify line breakpoints
// and find the statements a breakpoint on a line stands for. Blocks are containers, not
// steps, and global declarations are not statements of any procedure.

import type { Program, Stmt } from './ast';
import { procsOf } from './ast';

/** Every non-block statement of every procedure, in source order (outer before inner). */
function statements(program: Program): Stmt[] {
  const out: Stmt[] = [];
  const visit = (s: Stmt): void => {
    if (s.kind !== 'block') out.push(s);
    switch (s.kind) {
      case 'block': s.stmts.forEach(visit); break;
      case 'while': visit(s.body); break;
      case 'if':
        visit(s.then);
        if (s.otherwise !== undefined) visit(s.otherwise);
        break;
      default: break;
    }
  };
  for (const proc of procsOf(program)) visit(proc.body);
  return out;
}

/** Sorted, unique start lines of every non-block statement (including `if`/`while` heads). */
export function executableLines(program: Program): number[] {
  const lines = new Set(statements(program).map((s) => s.span.line));
  return [...lines].sort((a, b) => a - b);
}

/** The non-block statements that start on `line`, in source order. */
export function statementsOnLine(program: Program, line: number): Stmt[] {
  return statements(program).filter((s) => s.span.line === line);
}
