// Executable lines: where a statement starts, so the debugger can verify line breakpoints
// and find the statements a breakpoint on a line stands for. Blocks are containers, not
// steps, and global declarations are not statements of any procedure.

import type { Program, Stmt } from './ast';
import { procsOf } from './ast';

/**
 * Every non-block statement of every procedure, in source order (outer before inner). An
 * explicit stack, not recursion: an else-if chain may be thousands of branches long.
 */
function statements(program: Program): Stmt[] {
  const out: Stmt[] = [];
  for (const proc of procsOf(program)) {
    const stack: Stmt[] = [proc.body];
    while (stack.length > 0) {
      const s = stack.pop() as Stmt;
      if (s.kind !== 'block') out.push(s);
      const inner =
        s.kind === 'block'
          ? s.stmts
          : s.kind === 'while'
            ? [s.body]
            : s.kind === 'if'
              ? s.otherwise === undefined
                ? [s.then]
                : [s.then, s.otherwise]
              : [];
      for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i]);
    }
  }
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
