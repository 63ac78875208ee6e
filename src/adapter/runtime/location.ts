// Where a state is in the source, and the lines its path ran: what the stack frames, the tree
// page and the time-travel targets show for a state.

import type { Span } from '../../lang/span';
import type { TreeNode } from '../../engine/explore/tree';
import { isTerminal, nextSpan, traceLines, type State } from '../../engine/state/state';

/** Where a state is: what it will execute next, else where it failed or last was. */
export function locationOf(s: State): { line: number; col: number } | undefined {
  // A path that ended is where it ended (its continuation is what it would have done next).
  const span: Span | undefined = isTerminal(s.status) ? s.failure?.span : nextSpan(s);
  if (span) return { line: span.line, col: span.col };
  const last = s.trace ? s.trace.line : undefined;
  return last !== undefined ? { line: last, col: 1 } : nextSpan(s);
}

/** The lines executed so far on the node's path, for `$path`. */
export function pathLines(n: TreeNode): number[] {
  return traceLines(n.state.trace);
}
