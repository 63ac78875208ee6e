// Values in z3's SMT-LIB2 answers (`get-value`) read back into our values: `true`, `5`,
// `(- 5)`, `#x05`, `#b0101`, `(_ bv5 8)` (bit-vectors unsigned, converted to the sort's signed
// range), arrays as `(store … i v)` chains over `((as const (Array …)) v)`. A lambda (arrays
// constrained by quantifiers) has no finite form: LambdaArray tells the caller which indices
// to sample instead (the integer numerals of its body and their neighbours).

import type { Sort } from '../terms/term';
import { arrayValue, type Value } from '../terms/values';
import { readCollection, type ValueTree } from './collvalue';
import type { SExpr } from './sexpr';
import { uninterpretedValueIndex } from '../terms/uninterpreted';

const MAX_SAMPLES = 256;

export class LambdaArray extends Error {
  constructor(readonly indices: readonly bigint[]) {
    super('array value is a lambda');
  }
}

export function parseValue(e: SExpr, sort: Sort): Value {
  switch (sort.kind) {
    case 'bool':
      if (e === 'true' || e === 'false') return e === 'true';
      throw new Error(`not a boolean value: ${show(e)}`);
    case 'int':
    case 'ref':
      return parseInteger(e);
    case 'bv': {
      const bits = parseBits(e);
      return sort.signed ? BigInt.asIntN(sort.width, bits) : BigInt.asUintN(sort.width, bits);
    }
    case 'array':
      return parseArray(e, sort.elem);
    case 'uninterpreted': {
      // z3 names the elements of a declared sort `D!val!0`, `D!val!1`, … (quoted `|D!val!0|`).
      const index = typeof e === 'string' ? uninterpretedValueIndex(e) : undefined;
      if (index === undefined) throw new Error(`not a value of ${sort.name}: ${show(e)}`);
      return index;
    }
    case 'set':
      // A set of Int or Ref is an array to Bool; a lambda is sampled as an array's (z3native.ts).
      if (sort.elem.kind === 'int' || sort.elem.kind === 'ref') return parseArray(e, { kind: 'bool' });
      throw new UnreadCollection();
    case 'seq': {
      const v = readCollection(SMT_TREE, e, sort);
      if (v === undefined) throw new UnreadCollection();
      return v;
    }
    case 'real':
      // A permission amount: no Value holds a rational, so the model leaves it out (reals.ts).
      throw new UnreadCollection();
  }
}

/** A set or sequence value of a form the display does not read (collvalue.ts): left out. */
export class UnreadCollection extends Error {
  constructor() {
    super('set or sequence value left out of the model');
  }
}

const SMT_TREE: ValueTree<SExpr> = {
  app: (e) =>
    Array.isArray(e) && typeof e[0] === 'string'
      ? { name: e[0], args: e.slice(1) }
      : typeof e === 'string'
        ? { name: e, args: [] }
        : undefined,
  scalar: (e, sort) => parseValue(e, sort),
  array: (e) => parseArray(e, { kind: 'bool' }),
};

function parseInteger(e: SExpr): bigint {
  if (typeof e === 'string' && /^\d+$/.test(e)) return BigInt(e);
  if (Array.isArray(e) && e.length === 2 && e[0] === '-') return -parseInteger(e[1]);
  throw new Error(`not an integer value: ${show(e)}`);
}

function parseBits(e: SExpr): bigint {
  if (typeof e === 'string' && e.startsWith('#x')) return BigInt(`0x${e.slice(2)}`);
  if (typeof e === 'string' && e.startsWith('#b')) return BigInt(`0b${e.slice(2)}`);
  if (Array.isArray(e) && e.length === 3 && e[0] === '_' && typeof e[1] === 'string' && e[1].startsWith('bv')) {
    return BigInt(e[1].slice(2));
  }
  throw new Error(`not a bit-vector value: ${show(e)}`);
}

/** Store chains are walked iteratively; an outer store shadows inner ones at the same index. */
function parseArray(root: SExpr, elem: Sort): Value {
  const entries = new Map<bigint, Value>();
  let e = root;
  for (;;) {
    if (Array.isArray(e) && e.length === 4 && e[0] === 'store') {
      const index = parseInteger(e[2]);
      if (!entries.has(index)) entries.set(index, parseValue(e[3], elem));
      e = e[1];
      continue;
    }
    if (Array.isArray(e) && e.length === 2 && Array.isArray(e[0]) && e[0][0] === 'as' && e[0][1] === 'const') {
      return arrayValue(parseValue(e[1], elem), entries);
    }
    if (Array.isArray(e) && e[0] === 'lambda')
      throw new LambdaArray([...new Set([...entries.keys(), ...breakpoints(e)])]);
    throw new Error(`unsupported array value: ${show(e)}`);
  }
}

function breakpoints(e: SExpr): bigint[] {
  const out = new Set<bigint>();
  const stack: SExpr[] = [e];
  while (stack.length > 0 && out.size < MAX_SAMPLES) {
    const x = stack.pop()!;
    if (Array.isArray(x)) stack.push(...x);
    else if (/^\d+$/.test(x)) for (const d of [-1n, 0n, 1n]) out.add(BigInt(x) + d);
  }
  return [...out];
}

export function show(e: SExpr): string {
  const text = Array.isArray(e) ? `(${e.map(show).join(' ')})` : e;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
