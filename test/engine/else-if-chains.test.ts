// Passes over statements in the engine walk `else if` chains without recursion (the front end
// bounds nesting, not the length of a chain): the frame analysis of modular mode (what a loop
// body or a callee may assign, which declarations a procedure has) and the input names of
// concrete runs. Before, `verify --mode modular` overflowed the stack on a 10,000-branch
// chain in a loop body.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import type { While } from '../../src/lang/ast';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { assignedIn, declarationsOf, globalsModifiedBy } from '../../src/engine/rules/modifies';
import { inputTypesOf } from '../../src/engine/concrete/havoc';
import { runConcrete } from '../../src/engine/concrete/interpreter';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

const BRANCHES = 10_000;

/**
 * A loop whose body is a BRANCHES-branch chain on a local that the loop does not change (so
 * every test but the last is decided without the solver); only the final `else` assigns the
 * global `total` and declares a havocked `h`. Line numbers: the chain starts on line 6.
 */
function chainProgram(): { source: string; lastLine: number } {
  const lines = [
    'var total: int := 0;',
    'proc chain() returns (r: int) ensures r >= 0 {',
    '  var c: int := 0;',
    '  var i: int := 0;',
    '  while (i < 3) invariant 0 <= i && i <= 3 invariant r >= 0 {',
  ];
  for (let k = 1; k <= BRANCHES; k++) lines.push(`    ${k === 1 ? '' : '} else '}if (c == ${k}) { r := ${k};`);
  lines.push('    } else { var h: int := *; total := total + 1; r := h >= 0 ? h : 0; }');
  const lastLine = lines.length;
  lines.push('    i := i + 1;', '  }', '}', 'proc main() { var x := chain(); assert x >= 0; }');
  return { source: lines.join('\n'), lastLine };
}

describe(`a ${BRANCHES.toLocaleString('en-US')}-branch else-if chain in a loop body`, () => {
  const { source, lastLine } = chainProgram();
  const { checked, diagnostics } = loadSource(source, 'chain.sym');

  it('the frame analysis and the input names reach the last branch', () => {
    expect(diagnostics).toEqual([]);
    const chain = checked!.procs.get('chain')!;
    const loop = chain.body.stmts[2] as While;
    expect(loop.kind).toBe('while');
    const { names } = assignedIn(loop.body.stmts);
    expect([...names].sort()).toEqual(['i', 'r', 'total']);
    expect(globalsModifiedBy(checked!, checked!.procs.get('main')!)).toEqual(new Set(['total']));
    expect(declarationsOf(chain).map((d) => d.name)).toEqual(['r', 'c', 'i', 'h']);
    expect(inputTypesOf(checked!, checked!.procs.get('main')!).get(`h@${lastLine}`)).toEqual({ kind: 'int' });
  });

  it('verify --mode modular verifies it', async () => {
    const r = await verifyProgram(checked!, solver, { mode: 'modular' });
    expect(r.error).toBeUndefined();
    expect(r.report.verdict).toBe('verified');
  }, 120_000);

  it('explore mode and a concrete run read the havoc of the last branch by its name', async () => {
    const r = await verifyProgram(checked!, solver, { mode: 'explore' });
    expect(r.report.verdict).toBe('verified');
    const run = runConcrete(checked!, checked!.procs.get('main')!, new Map([[`h@${lastLine}`, 5n]]));
    expect(run.status).toBe('ok');
    expect(run.globals.get('total')).toBe(3n);
  }, 120_000);
});
