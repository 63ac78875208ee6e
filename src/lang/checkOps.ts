// Typing rules of Sym's operators, given the (already checked) operand types, with the
// error messages users see when a rule is broken.

import type { BinaryOp, UnaryOp } from './ast';
import { BOOL, isNumeric, typeEquals, typeName, type Type } from './types';

type Category = 'arith' | 'bits' | 'order' | 'equality' | 'logic';

const CATEGORY: Record<BinaryOp, Category> = {
  '+': 'arith',
  '-': 'arith',
  '*': 'arith',
  '/': 'arith',
  '%': 'arith',
  '&': 'bits',
  '|': 'bits',
  '^': 'bits',
  '<<': 'bits',
  '>>': 'bits',
  '<': 'order',
  '<=': 'order',
  '>': 'order',
  '>=': 'order',
  '==': 'equality',
  '!=': 'equality',
  '&&': 'logic',
  '||': 'logic',
  '==>': 'logic',
};

const VERB: Partial<Record<BinaryOp, string>> = {
  '+': 'add',
  '-': 'subtract',
  '*': 'multiply',
  '/': 'divide',
  '%': 'take the remainder of',
  '&': 'combine',
  '|': 'combine',
  '^': 'combine',
};

export type OpOutcome = { readonly type: Type } | { readonly message: string; readonly at: 'left' | 'right' | 'whole' };

/** Whether the result of `op` has its operands' type (so a context type flows into them). */
export function passesTypeThrough(op: BinaryOp): boolean {
  const c = CATEGORY[op];
  return c === 'arith' || c === 'bits';
}

export function isLogical(op: BinaryOp): boolean {
  return CATEGORY[op] === 'logic';
}

function accepts(c: Category, t: Type): boolean {
  switch (c) {
    case 'arith':
    case 'order':
      return isNumeric(t);
    case 'bits':
      return t.kind === 'bv';
    case 'equality':
      return t.kind !== 'array';
    case 'logic':
      return t.kind === 'bool';
  }
}

function operandMessage(op: BinaryOp, c: Category, t: Type): string {
  switch (c) {
    case 'arith':
    case 'order':
      return `operator '${op}' needs int or bit-vector operands, not ${typeName(t)}`;
    case 'bits':
      return `operator '${op}' needs bit-vector operands (i8…i64, u8…u64), not ${typeName(t)}`;
    case 'equality':
      return `cannot compare arrays with '${op}'`;
    case 'logic':
      return `operator '${op}' needs bool operands, not ${typeName(t)}`;
  }
}

function mismatchMessage(op: BinaryOp, l: Type, r: Type): string {
  const verb = VERB[op];
  const what = verb
    ? `cannot ${verb} ${typeName(l)} and ${typeName(r)}`
    : op === '<<' || op === '>>'
      ? `cannot shift ${typeName(l)} by ${typeName(r)}`
      : `cannot compare ${typeName(l)} and ${typeName(r)}`;
  const advice = isNumeric(l) && isNumeric(r) ? ` (use 'as' to convert)` : '';
  return `${what}: operands of '${op}' must have the same type${advice}`;
}

export function binaryOutcome(op: BinaryOp, left: Type, right: Type): OpOutcome {
  const c = CATEGORY[op];
  if (!accepts(c, left)) return { message: operandMessage(op, c, left), at: 'left' };
  if (!accepts(c, right)) return { message: operandMessage(op, c, right), at: 'right' };
  if (!typeEquals(left, right)) return { message: mismatchMessage(op, left, right), at: 'whole' };
  return { type: c === 'arith' || c === 'bits' ? left : BOOL };
}

export function unaryOutcome(op: UnaryOp, operand: Type): OpOutcome {
  const ok = op === '!' ? operand.kind === 'bool' : op === '~' ? operand.kind === 'bv' : isNumeric(operand);
  if (ok) return { type: operand };
  const needs = op === '!' ? 'a bool operand' : op === '~' ? 'a bit-vector operand' : 'an int or bit-vector operand';
  return { message: `operator '${op}' needs ${needs}, not ${typeName(operand)}`, at: 'left' };
}
