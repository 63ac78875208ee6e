// The Silver grammar's actions for magic wands: the `--*` operator of the chain (chain.ts folds
// it into a `wand` expression) and the `package` and `apply` statements (lowerWandStmt.ts).

import { spanFrom, type Span } from '../span';
import { vTokenSpan, type VToken } from './lexer';
import type { VBlock, VStmt } from './ast';
import type { VChainOp } from './chain';

type D = any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

const spanOf = (x: VToken | { span: Span }): Span => ('span' in x ? x.span : vTokenSpan(x));

export const wandOp = (): VChainOp => ({ kind: 'wand' });

/**
 * `package A --* B` and `package A --* B { proof }`. Statements need no separator, so the second
 * also parses as a package followed by a block: the one without a proof is marked `bare`, and
 * of several parses the parser keeps the one with the fewest bare marks (parser.ts).
 */
export const packageStmt = (d: D): VStmt => {
  const proof = d[2] as VBlock | undefined;
  const span = spanFrom(spanOf(d[0]), spanOf(proof ?? d[1]));
  return proof ? { kind: 'package', wand: d[1], proof, span } : { kind: 'package', wand: d[1], bare: true, span };
};

/** `apply A --* B`. */
export const applyStmt = (d: D): VStmt => ({ kind: 'apply', wand: d[1], span: spanFrom(spanOf(d[0]), spanOf(d[1])) });
