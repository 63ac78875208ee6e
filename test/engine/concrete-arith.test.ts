// Exact results of Sym arithmetic per type: the pure functions of arith.ts and the same
// operations run through the real front end and the interpreter, which must agree.

import { describe, expect, test } from 'vitest';
import { arith, bitNot, cast, negate, wrapBv, type ArithOp } from '../../src/engine/concrete/arith';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { resolveEntry } from '../../src/engine/verify/entry';
import { loadSource } from '../../src/lang/frontend';
import { scalarTypeByName, type Type } from '../../src/lang/types';

function typ(name: string): Type {
  const t = scalarTypeByName(name);
  if (!t) throw new Error(`no type ${name}`);
  return t;
}

/** Runs `main` and returns its return value `r`. */
function runReturning(source: string): bigint | boolean | undefined {
  const loaded = loadSource(source, 'arith.sym');
  expect(loaded.diagnostics.map((d) => d.message)).toEqual([]);
  const checked = loaded.checked!;
  const result = runConcrete(checked, resolveEntry(checked).proc!, new Map());
  expect(result.status).toBe('ok');
  return result.store.get('r') as bigint | boolean;
}

// [type, a, op, b, exact result]
const BINARY: [string, bigint, ArithOp, bigint, bigint][] = [
  ['u8', 200n, '+', 100n, 44n],
  ['u8', 0n, '-', 1n, 255n],
  ['u8', 16n, '*', 16n, 0n],
  ['u8', 255n, '/', 2n, 127n],
  ['u8', 200n, '%', 7n, 4n],
  ['i8', 127n, '+', 1n, -128n],
  ['i8', -128n, '-', 1n, 127n],
  ['i8', -128n, '*', -1n, -128n],
  ['i8', -7n, '/', 2n, -3n],
  ['i8', -7n, '%', 2n, -1n],
  ['i8', 7n, '%', -2n, 1n],
  ['i8', -128n, '/', -1n, -128n],
  ['i8', -128n, '%', -1n, 0n],
  ['i16', -32768n, '/', -1n, -32768n],
  ['i32', 2147483647n, '+', 1n, -2147483648n],
  ['u32', 4294967295n, '*', 4294967295n, 1n],
  ['i64', -9223372036854775808n, '-', 1n, 9223372036854775807n],
  ['u64', 18446744073709551615n, '+', 2n, 1n],
  ['u64', 18446744073709551615n, '/', 10n, 1844674407370955161n],
  ['int', -7n, '/', 2n, -3n],
  ['int', -7n, '%', 2n, -1n],
  ['int', 7n, '%', -2n, 1n],
  ['int', 7n, '/', -2n, -3n],
  ['int', 1n << 70n, '*', 1n << 70n, 1n << 140n],
  ['u8', 12n, '&', 10n, 8n],
  ['u8', 12n, '|', 10n, 14n],
  ['u8', 12n, '^', 10n, 6n],
  ['i8', -1n, '&', 127n, 127n],
  ['i8', -128n, '^', -1n, 127n],
  ['u8', 1n, '<<', 7n, 128n],
  ['u8', 1n, '<<', 8n, 0n],
  ['u8', 255n, '<<', 200n, 0n],
  ['i8', 1n, '<<', 7n, -128n],
  ['i8', 1n, '<<', -1n, 0n], // -1 counts as 255 >= 8
  ['u8', 128n, '>>', 7n, 1n],
  ['u8', 255n, '>>', 8n, 0n],
  ['i8', -16n, '>>', 2n, -4n],
  ['i8', -128n, '>>', 7n, -1n],
  ['i8', -128n, '>>', 8n, -1n], // all sign bits
  ['i8', -128n, '>>', -1n, -1n],
  ['i8', 64n, '>>', 8n, 0n],
  ['i8', 64n, '>>', -128n, 0n], // -128 counts as 128
  ['u32', 1n, '<<', 31n, 2147483648n],
  ['i64', -1n, '>>', 63n, -1n],
  ['u64', 18446744073709551615n, '>>', 63n, 1n],
];

describe('binary operators', () => {
  test.each(BINARY)('%s: %s %s %s = %s', (t, a, op, b, expected) => {
    expect(arith(op, a, b, typ(t))).toBe(expected);
    const src = `proc main() returns (r: ${t}) {
  var a: ${t} := ${a};
  var b: ${t} := ${b};
  r := a ${op} b;
}`;
    expect(runReturning(src)).toBe(expected);
  });

  test('division and remainder by zero throw in the pure functions', () => {
    expect(() => arith('/', 1n, 0n, typ('int'))).toThrow(RangeError);
    expect(() => arith('%', 1n, 0n, typ('u8'))).toThrow(RangeError);
  });
});

describe('unary operators', () => {
  test.each([
    ['i8', '-', -128n, -128n],
    ['i8', '-', 5n, -5n],
    ['u8', '-', 1n, 255n],
    ['int', '-', -5n, 5n],
    ['u8', '~', 0n, 255n],
    ['i8', '~', 0n, -1n],
    ['u16', '~', 1n, 65534n],
  ] as [string, '-' | '~', bigint, bigint][])('%s: %s(%s) = %s', (t, op, a, expected) => {
    expect(op === '-' ? negate(a, typ(t)) : bitNot(a, typ(t))).toBe(expected);
    const src = `proc main() returns (r: ${t}) {
  var a: ${t} := ${a};
  r := ${op}a;
}`;
    expect(runReturning(src)).toBe(expected);
  });
});

describe('casts', () => {
  // [source type, value, target type, result]
  const CASTS: [string, bigint, string, bigint][] = [
    ['int', 300n, 'u8', 44n],
    ['int', -1n, 'u8', 255n],
    ['int', 128n, 'i8', -128n],
    ['int', (1n << 64n) + 5n, 'u64', 5n],
    ['int', -(1n << 70n) - 1n, 'i64', -1n],
    ['i8', -1n, 'u16', 65535n], // sign-extends
    ['i8', -1n, 'i32', -1n],
    ['u8', 255n, 'i16', 255n], // zero-extends
    ['u8', 255n, 'i8', -1n], // reinterprets
    ['i8', -128n, 'u8', 128n],
    ['i16', -2n, 'u8', 254n], // truncates
    ['u32', 65537n, 'u16', 1n],
    ['u64', 18446744073709551615n, 'i64', -1n],
    ['u8', 200n, 'int', 200n],
    ['i8', -56n, 'int', -56n],
    ['i64', -9223372036854775808n, 'int', -9223372036854775808n],
    ['int', 7n, 'int', 7n],
  ];
  test.each(CASTS)('(%s %s) as %s = %s', (from, v, to, expected) => {
    expect(cast(v, typ(from), typ(to))).toBe(expected);
    const src = `proc main() returns (r: ${to}) {
  var a: ${from} := ${v};
  r := a as ${to};
}`;
    expect(runReturning(src)).toBe(expected);
  });

  test('wrapBv keeps values in the type range', () => {
    expect(wrapBv(256n, { width: 8, signed: false })).toBe(0n);
    expect(wrapBv(255n, { width: 8, signed: true })).toBe(-1n);
  });
});

describe('comparisons follow the signedness', () => {
  test.each([
    ['u8', 200n, '>', 100n, true],
    ['i8', -56n, '>', 100n, false],
    ['u64', 18446744073709551615n, '>', 0n, true],
    ['i64', -1n, '<', 0n, true],
    ['int', -5n, '<=', -5n, true],
    ['u8', 3n, '!=', 3n, false],
  ] as [string, bigint, string, bigint, boolean][])('%s: %s %s %s', (t, a, op, b, expected) => {
    const src = `proc main() returns (r: bool) {
  var a: ${t} := ${a};
  var b: ${t} := ${b};
  r := a ${op} b;
}`;
    expect(runReturning(src)).toBe(expected);
  });
});
