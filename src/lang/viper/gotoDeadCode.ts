// Statements that no path reaches because a goto jumps away before them (up to a label some goto
// targets) lose their gotos before the goto lowering reads loops. Silver builds a method's control
// flow graph from its statements and finds loops from its entry (its LoopDetector), so a jump back
// to a label from such dead code makes no loop there (all/invariants/loops1.vpr's test03: the
// label's invariants are then ignored). Their other statements stay (guarded, they run on no
// path): a `refute` there still fails, as Viper's does where no path reaches it.

import type { VIf, VStmt } from './ast';

/** `stmts` with no goto in the statements after an unconditional jump, up to the next label a goto targets. */
export function withoutDeadCode(stmts: readonly VStmt[], targets: ReadonlySet<string>): VStmt[] {
  const out: VStmt[] = [];
  let live = true;
  for (const s of stmts) {
    if (s.kind === 'label' && targets.has(s.name)) live = true;
    if (!live) {
      out.push(...stripGotos([s]));
      continue;
    }
    out.push(s);
    if (jumpsAway(s, targets)) live = false;
  }
  return out;
}

/** `stmts` with every goto dropped, nested ones included. */
export function stripGotos(stmts: readonly VStmt[]): VStmt[] {
  return stmts
    .filter((s) => s.kind !== 'goto')
    .map((s): VStmt => {
      if (s.kind === 'block') return { ...s, stmts: stripGotos(s.stmts) };
      if (s.kind === 'while') return { ...s, body: { ...s.body, stmts: stripGotos(s.body.stmts) } };
      if (s.kind === 'if') return stripIf(s);
      return s;
    });
}

function stripIf(s: VIf): VIf {
  const otherwise =
    s.otherwise === undefined
      ? undefined
      : s.otherwise.kind === 'if'
        ? stripIf(s.otherwise)
        : { ...s.otherwise, stmts: stripGotos(s.otherwise.stmts) };
  return { ...s, then: { ...s.then, stmts: stripGotos(s.then.stmts) }, otherwise };
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
