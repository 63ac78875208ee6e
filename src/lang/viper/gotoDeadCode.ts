// Statements that no path reaches because a goto jumps away before them (up to a label some goto
// targets) are dropped before the goto lowering reads loops. Silver builds a method's control flow
// graph from its statements and finds loops from its entry (its LoopDetector), so a jump back to a
// label from such dead code makes no loop there (all/invariants/loops1.vpr's test03: the label's
// invariants are then ignored). Dropping them changes no path: none runs them.

import type { VIf, VStmt } from './ast';

/** `stmts` without the statements after an unconditional jump, up to the next label a goto targets. */
export function withoutDeadCode(stmts: readonly VStmt[], targets: ReadonlySet<string>): VStmt[] {
  const out: VStmt[] = [];
  let live = true;
  for (const s of stmts) {
    if (s.kind === 'label' && targets.has(s.name)) live = true;
    if (!live) continue;
    out.push(s);
    if (jumpsAway(s, targets)) live = false;
  }
  return out;
}

/** Whether every path through `s` ends in a goto (so the statement after it is not reached from it). */
function jumpsAway(s: VStmt, targets: ReadonlySet<string>): boolean {
  switch (s.kind) {
    case 'goto':
      return true;
    case 'block':
      return !completes(s.stmts, targets);
    case 'if':
      return ifJumpsAway(s, targets);
    default:
      return false;
  }
}

function ifJumpsAway(s: VIf, targets: ReadonlySet<string>): boolean {
  if (s.otherwise === undefined || completes(s.then.stmts, targets)) return false;
  return s.otherwise.kind === 'if' ? ifJumpsAway(s.otherwise, targets) : !completes(s.otherwise.stmts, targets);
}

/** Whether a path may reach the end of `stmts`. */
function completes(stmts: readonly VStmt[], targets: ReadonlySet<string>): boolean {
  let live = true;
  for (const s of stmts) {
    if (s.kind === 'label' && targets.has(s.name)) live = true;
    else if (live && jumpsAway(s, targets)) live = false;
  }
  return live;
}
