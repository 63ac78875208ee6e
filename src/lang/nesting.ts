// The nesting limit of Sym. Every pass over the syntax tree (checker, printer, concrete and
// symbolic evaluators, the debugger's expressions) may recurse once per level of nesting,
// so the front end rejects a tree nested deeper than MAX_NESTING before any pass runs.
// Two shapes that generated code makes very long are not nesting and have no limit: the
// left operand of a binary operator (`a + b + c + …` is one level however long) and the
// `else if` of an if statement. Every pass handles those two iteratively.

import type { Span } from './span';
import { tokenSpan, type Token } from './lexer';

/**
 * At most this many levels (each node of the syntax tree below another counts one). The
 * hungriest pass, the symbolic evaluator, overflows Node's default stack at about 1,500
 * levels in the command line; 500 leaves two thirds of it free for callers (the debugger)
 * and for passes added later. test/lang/nesting.test.ts runs check, run and verify at 500.
 */
export const MAX_NESTING = 500;

export interface NestingError {
  readonly span: Span;
  readonly message: string;
}

const STATEMENT_KINDS = new Set([
  'varDecl',
  'assign',
  'callAssign',
  'if',
  'while',
  'assume',
  'assert',
  'join',
  'callStmt',
  'return',
  'block',
  'proc',
]);

type Obj = Record<string | number, unknown>;

const isObject = (x: unknown): x is Obj => typeof x === 'object' && x !== null;
const isNode = (x: Obj): boolean => typeof x.kind === 'string';

/** A child that continues its parent's level: a binary operator's left operand, an `else if`. */
function sameLevel(parent: Obj, key: string | number, child: Obj): boolean {
  return (
    (parent.kind === 'binary' && key === 'left') || (parent.kind === 'if' && key === 'otherwise' && child.kind === 'if')
  );
}

function describe(node: Obj): string {
  if (!('span' in node)) return 'type nesting';
  return STATEMENT_KINDS.has(node.kind as string) ? 'statement nesting' : 'expression nesting';
}

/**
 * The first place (in reading order) where `root` is nested deeper than `limit` levels, or
 * undefined. Iterative; the walk is structural, so it needs no change for new node kinds.
 */
export function nestingError(root: object, limit = MAX_NESTING): NestingError | undefined {
  // Each entry: an object, its level, and the nearest enclosing span (types have none).
  const stack: [Obj, number, Span | undefined][] = [[root as Obj, 0, undefined]];
  while (stack.length > 0) {
    const [node, level, outerSpan] = stack.pop() as [Obj, number, Span | undefined];
    const span = (isObject(node.span) ? node.span : outerSpan) as Span | undefined;
    if (level > limit && span !== undefined) {
      return { span, message: `${describe(node)} deeper than ${limit} levels` };
    }
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const child = node[keys[i]];
      if (!isObject(child) || child === node.span) continue;
      const counts = isNode(child) && !sameLevel(node, keys[i], child);
      stack.push([child, counts ? level + 1 : level, span]);
    }
  }
  return undefined;
}

const OPENING = new Set(['(', '[', '{']);
const CLOSING = new Set([')', ']', '}']);

/**
 * Brackets nested deeper than `limit`, found on the tokens before the parser runs, so that
 * absurdly deep input is refused at once rather than after parsing it. Every bracket pair
 * of real code encloses at least one level of the tree, so this rejects nothing the tree
 * check would accept, except redundant parentheses nested hundreds deep.
 */
export function bracketNestingError(tokens: readonly Token[], limit = MAX_NESTING): NestingError | undefined {
  let depth = 0;
  for (const t of tokens) {
    if (t.type !== 'punct') continue;
    if (CLOSING.has(t.text)) depth--;
    else if (OPENING.has(t.text) && ++depth > limit) {
      const what = t.text === '{' ? 'statement' : 'expression';
      return { span: tokenSpan(t), message: `${what} nesting deeper than ${limit} levels` };
    }
  }
  return undefined;
}
