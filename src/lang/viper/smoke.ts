// Smoke checks (`symdap verify --smoke`, Viper's smoke-detection plugin; docs/viper.md "Smoke
// checks"): is this point reachable? Like the plugin, a `refute false` is added at the end of
// each method body (reported at the method), after each `inhale`/`assume`, at the end of each
// non-empty branch of an `if` and of each loop body (reported at the branch or body), and
// before each `goto`. `refute false` fails exactly where no explored path reaches it
// (rules/refute.ts), so each failure names code that no input reaches: a contradictory
// assumption, a precondition that is false, a callee whose postcondition is.
// `unreachable` states that the code after it is meant to be unreachable: the checks after it
// in its block, in what its block ends, and after a branch whose every side holds one, are not
// added (the plugin's walk of the control-flow graph, read on the structured program here).

import type { Span } from '../span';
import type { VBlock, VDecl, VIf, VProgram, VStmt } from './ast';

export function withSmokeChecks(p: VProgram): VProgram {
  return { ...p, decls: p.decls.map(smokeMethod) };
}

function smokeMethod(d: VDecl): VDecl {
  if (d.kind !== 'method' || d.body === undefined) return d;
  const body = block(d.body, false);
  const stmts = body.unreachable ? body.block.stmts : [...body.block.stmts, refuteFalse(d.span)];
  return { ...d, body: { ...body.block, stmts } };
}

/** A `refute false` reported at the start of `at`. */
function refuteFalse(at: Span): VStmt {
  const span = { line: at.line, col: at.col, endLine: at.line, endCol: at.col + 1 };
  return { kind: 'refute', expr: { kind: 'bool', value: false, span }, span };
}

interface Walked<T> {
  readonly block: T;
  /** Whether the end of the block is marked unreachable (an `unreachable` on every way to it). */
  readonly unreachable: boolean;
}

/** The block with its checks; `marked`: the code before it is marked unreachable. */
function block(b: VBlock, marked: boolean): Walked<VBlock> {
  const out: VStmt[] = [];
  let off = marked;
  for (const s of b.stmts) {
    if (s.kind === 'unreachable') {
      off = true;
      continue;
    }
    const r = stmt(s, off);
    out.push(...r.block);
    off = r.unreachable;
  }
  return { block: { ...b, stmts: out }, unreachable: off };
}

/** A branch or loop body with its end check (at the block's start), unless its end is marked. */
function checkedBody(b: VBlock, marked: boolean): Walked<VBlock> {
  const r = block(b, marked);
  if (r.unreachable || b.stmts.length === 0) return r;
  return { ...r, block: { ...r.block, stmts: [...r.block.stmts, refuteFalse(b.span)] } };
}

function stmt(s: VStmt, marked: boolean): Walked<VStmt[]> {
  const check = (): VStmt[] => (marked ? [] : [refuteFalse(s.span)]);
  switch (s.kind) {
    case 'inhale':
    case 'assume':
      return { block: [s, ...check()], unreachable: marked };
    case 'goto':
      return { block: [...check(), s], unreachable: marked };
    case 'if': {
      const r = ifStmt(s, marked);
      return { block: [r.block], unreachable: r.unreachable };
    }
    case 'while': {
      const body = checkedBody(s.body, marked);
      return { block: [{ ...s, body: body.block }], unreachable: marked };
    }
    case 'block': {
      const r = block(s, marked);
      return { block: [r.block], unreachable: r.unreachable };
    }
    default:
      return { block: [s], unreachable: marked };
  }
}

function ifStmt(s: VIf, marked: boolean): Walked<VIf> {
  const then = checkedBody(s.then, marked);
  // `elseif` is an else block holding the next if, as in Silver.
  const other =
    s.otherwise === undefined
      ? { block: undefined, unreachable: marked }
      : checkedBody(
          s.otherwise.kind === 'if' ? { kind: 'block', stmts: [s.otherwise], span: s.otherwise.span } : s.otherwise,
          marked,
        );
  // After the if: marked when it was before, or when every side ends marked.
  return {
    block: { ...s, then: then.block, ...(other.block ? { otherwise: other.block } : {}) },
    unreachable: marked || (then.unreachable && other.unreachable),
  };
}
