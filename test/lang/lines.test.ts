// Executable lines: the start lines of statements (not blocks, not globals), used to
// verify line breakpoints and to find the statements a breakpoint stands for.

import { describe, expect, it } from 'vitest';
import { executableLines, statementsOnLine } from '../../src/lang/lines';
import { parse } from '../../src/lang/parser';

const source = `var g: int := 0;
proc main(a: int)
  requires a > 0
{
  var x: int := a;

  if (x > 1) { x := 1; } else if (x < 0) { x := 2; }
  while (x > 0)
    invariant x >= 0
  {
    {
      x := x - 1;
    }
  }
  assert
    x == 0;
}
proc empty() {
}
`;
const program = parse(source, 'lines.sym').program!;

describe('executableLines', () => {
  it('lists the start line of every statement, including if and while heads', () => {
    expect(executableLines(program)).toEqual([5, 7, 8, 12, 15]);
  });
});

describe('statementsOnLine', () => {
  it('returns every statement starting on the line, outer first', () => {
    expect(statementsOnLine(program, 7).map((s) => s.kind)).toEqual(['if', 'assign', 'if', 'assign']);
    expect(statementsOnLine(program, 15).map((s) => s.kind)).toEqual(['assert']);
  });

  it('returns nothing for blank lines, clauses, block braces and globals', () => {
    for (const line of [1, 3, 4, 6, 9, 11, 16, 18]) expect(statementsOnLine(program, line)).toEqual([]);
  });
});

describe('executable lines of heap programs', () => {
  const heap = `class Cell {
  var x: int;
}
predicate valid(c: Cell) {
  acc(c.x)
}
function getX(c: Cell): int
  requires valid(c)
{
  unfolding valid(c) in c.x
}
proc main() {
  var c: Cell := new Cell;
  c.x := 5;
  fold valid(c);
  unfold
    valid(c);
}
`;
  const p = parse(heap, 'heap.sym').program!;
  it('lists the statements of procedures only: new, field writes, fold and unfold', () => {
    expect(executableLines(p)).toEqual([13, 14, 15, 16]);
    expect(statementsOnLine(p, 15).map((s) => s.kind)).toEqual(['fold']);
    expect(statementsOnLine(p, 16).map((s) => s.kind)).toEqual(['unfold']);
  });
});
