// Does a path stop where it just arrived? Exception filters decide for terminal nodes; line
// breakpoints for statements, after their condition (satisfiable under the path condition),
// hit count and logpoint (which prints and goes on) have had their say. Shared by stepping,
// `continue` and `reverseContinue`.

import { printTerm } from '../../engine/terms/print';
import { isSymArray } from '../../engine/state/state';
import type { TreeNode } from '../../engine/explore/tree';
import { compileFormula, compileIn } from './evaluate';
import { hitConditionHolds, type LineBreakpoint } from './breakpoints';
import { pathCondition, type Debuggee } from './debuggee';

export type StopReason = 'breakpoint' | 'exception';

export interface ArrivalCheck {
  readonly reason?: StopReason;
  readonly hitBreakpointIds?: number[];
  /** Logpoint messages and condition errors to print, in order. */
  readonly logs: string[];
}

/** A terminal node the filters keep, or a breakpoint line with a condition to check. */
export function isCandidate(d: Debuggee, child: TreeNode, parent: TreeNode | undefined): boolean {
  return d.filters.stopsOn(child, d.checked.synths.size > 0) || d.breakpoints.arrivesAt(child, parent).length > 0;
}

export async function checkArrival(
  d: Debuggee,
  child: TreeNode,
  parent: TreeNode | undefined,
  opts: { countHits: boolean } = { countHits: true },
): Promise<ArrivalCheck> {
  if (d.filters.stopsOn(child, d.checked.synths.size > 0)) return { reason: 'exception', logs: [] };
  const logs: string[] = [];
  const ids: number[] = [];
  for (const b of d.breakpoints.arrivesAt(child, parent)) {
    if (!(await conditionHolds(d, b, child, logs))) continue;
    if (opts.countHits) b.hits++;
    if (opts.countHits && !hitConditionHolds(b.hitCondition, b.hits)) continue;
    if (b.logMessage) {
      logs.push(interpolate(d, child, b.logMessage));
      continue;
    }
    ids.push(b.id);
  }
  return ids.length > 0 ? { reason: 'breakpoint', hitBreakpointIds: ids, logs } : { logs };
}

async function conditionHolds(d: Debuggee, b: LineBreakpoint, node: TreeNode, logs: string[]): Promise<boolean> {
  if (!b.condition) return true;
  const c = compileFormula(d, { state: node.state, frameIndex: 0 }, b.condition);
  if (!c.term) {
    // Like other debuggers: a broken condition stops, so the user sees the problem.
    logs.push(`breakpoint condition '${b.condition}' (line ${b.line}): ${c.error}`);
    return true;
  }
  const owner = d.paths.owner(node);
  const r = await d.solver.checkSat(pathCondition(d, node, owner?.id), c.term, {
    wantModel: false,
    hint: node.state.model,
  });
  return r.status !== 'unsat';
}

/** `x is {x}` with each `{expr}` replaced by its symbolic value in the node's state. */
export function interpolate(d: Debuggee, node: TreeNode, message: string): string {
  return message.replace(/\{([^{}]+)\}/g, (_m, expr: string) => {
    const c = compileIn(d, { state: node.state, frameIndex: 0 }, expr);
    if (!c.ok) return `<${c.error.split('\n')[0]}>`;
    return isSymArray(c.value)
      ? `array(length ${printTerm(c.value.length, { maxLength: 60 })})`
      : printTerm(c.value, { maxLength: 120 });
  });
}
