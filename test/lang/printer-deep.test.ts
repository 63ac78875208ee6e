// The printers never recurse on depth (issue 12): ASTs and terms built in code (not by the
// parser, which limits nesting to 500) print 100,000 levels deep without a stack overflow.

import { describe, expect, it } from 'vitest';
import type { Block, Expr, Stmt } from '../../src/lang/ast';
import { printExpr, printStmt } from '../../src/lang/printer';
import { NO_SPAN } from '../../src/lang/span';
import { TermStore } from '../../src/engine/terms/store';
import { printTerm } from '../../src/engine/terms/print';

const DEEP = 100_000;

describe('deep nesting', () => {
  it('an AST expression nested to the right prints, parenthesized', () => {
    let e: Expr = { kind: 'var', name: 'x', span: NO_SPAN };
    for (let i = 0; i < DEEP; i++)
      e = { kind: 'binary', op: '-', left: { kind: 'intLit', value: 1n, span: NO_SPAN }, right: e, span: NO_SPAN };
    const text = printExpr(e);
    expect(text.startsWith('1 - (1 - (')).toBe(true);
    expect(text.length).toBe(DEEP * '1 - ()'.length - 2 + 1);
    expect(printExpr(e, 20)).toBe('1 - (1 - (1 - (1 - (…');
  });

  // Indentation makes the text quadratic in the depth, so blocks nest 5,000 deep here: already
  // far more than a recursive printer's stack allows.
  it('nested blocks print with their indentation', () => {
    const depth = 5_000;
    let s: Stmt = { kind: 'assert', cond: { kind: 'boolLit', value: true, span: NO_SPAN }, span: NO_SPAN } as Stmt;
    for (let i = 0; i < depth; i++) s = { kind: 'block', stmts: [s], span: NO_SPAN } as Block;
    const lines = printStmt(s).split('\n');
    expect(lines).toHaveLength(2 * depth + 1);
    expect(lines[depth]).toBe(`${'  '.repeat(depth)}assert true;`);
    expect(lines[2 * depth]).toBe('}');
  });

  it('a term nested to the right prints, and a sum of any depth prints flat', () => {
    const T = new TermStore();
    const x = T.symbol(T.intSort, 'x', 'input x');
    let t = x;
    for (let i = 0; i < DEEP; i++) t = T.sub(T.int(1n), t);
    expect(printTerm(t, { maxLength: 20 })).toBe('1 - (1 - (1 - (1 - …');
    expect(printTerm(t).length).toBeGreaterThan(DEEP * 4);
    const ys = Array.from({ length: 1000 }, (_, i) => T.symbol(T.intSort, `y${i}`, `input y${i}`));
    let sum = ys[0];
    for (const y of ys.slice(1)) sum = T.add(y, sum);
    expect(printTerm(sum).split(' + ')).toHaveLength(1000);
  });
});
