// The source text of an AST expression for messages and path-condition reasons, memoised per
// node: a branch or an assert is stepped once per path (65,536 times for 16 independent ifs),
// and printing its condition again each time showed in profiles. The AST is immutable and
// printing is pure, so a weak memo keyed by the node is exact and lives as long as the AST.

import type { Expr } from '../../lang/ast';
import { printExpr } from '../../lang/printer';

const memo = new WeakMap<Expr, string>();

export function exprText(e: Expr): string {
  let text = memo.get(e);
  if (text === undefined) {
    text = printExpr(e);
    memo.set(e, text);
  }
  return text;
}
