// Input files: JSON values converted to the declared types and range-checked, names of havoc
// sites (x@L, x@L#n) typed by their variable, and the JSON round trip.

import { describe, expect, test } from 'vitest';
import { havocInputName, inputBaseName, inputTypesOf } from '../../src/engine/concrete/havoc';
import { inputsToJSON, parseInputs } from '../../src/engine/concrete/inputs';
import { arrayValue, type ConcreteValue } from '../../src/engine/concrete/values';
import { resolveEntry } from '../../src/engine/verify/entry';
import { loadSource } from '../../src/lang/frontend';
import { typeName } from '../../src/lang/types';

const SOURCE = [
  'var g: i8;',
  'var h: int := 1;',
  'proc main(c0: u8, big: u64, flag: bool, xs: i16[]) {',
  '  var n: u32;',
  '  var a: int[] := [1, 2];',
  '  a[0] := *;',
  '  n := *;',
  '}',
].join('\n');

function types() {
  const loaded = loadSource(SOURCE, 'inputs.sym');
  expect(loaded.diagnostics).toEqual([]);
  const checked = loaded.checked!;
  return inputTypesOf(checked, resolveEntry(checked).proc!);
}

describe('input names', () => {
  test('havoc names count executions', () => {
    expect(havocInputName('x', 9, 1)).toBe('x@9');
    expect(havocInputName('x', 9, 3)).toBe('x@9#3');
    expect(inputBaseName('x@9#3')).toBe('x@9');
    expect(inputBaseName('x')).toBe('x');
  });

  test('the program inputs and their types', () => {
    const t = types();
    expect(Object.fromEntries([...t].map(([k, v]) => [k, typeName(v)]))).toEqual({
      g: 'i8',
      c0: 'u8',
      big: 'u64',
      flag: 'bool',
      xs: 'i16[]',
      'n@4': 'u32',
      'a@6': 'int',
      'n@7': 'u32',
    });
  });
});

describe('parseInputs', () => {
  test('converts numbers, decimal strings, booleans and arrays by the declared types', () => {
    const r = parseInputs(
      {
        c0: 255,
        big: '18446744073709551615',
        flag: true,
        xs: [-32768, 5],
        g: -128,
        'n@4#2': 7,
        'a@6': '-100000000000000000000',
      },
      types(),
    );
    expect(r.error).toBeUndefined();
    expect(r.warnings).toBeUndefined();
    expect(r.inputs).toEqual(
      new Map<string, unknown>([
        ['c0', 255n],
        ['big', 18446744073709551615n],
        ['flag', true],
        ['xs', arrayValue([-32768n, 5n])],
        ['g', -128n],
        ['n@4#2', 7n],
        ['a@6', -100000000000000000000n],
      ]),
    );
  });

  test.each([
    [{ c0: 300 }, 'input c0 = 300 does not fit u8'],
    [{ c0: -1 }, 'input c0 = -1 does not fit u8'],
    [{ g: 128 }, 'input g = 128 does not fit i8'],
    [{ xs: [1, 40000] }, 'input xs[1] = 40000 does not fit i16'],
    [{ 'n@4': 4294967296 }, 'input n@4 = 4294967296 does not fit u32'],
    [{ flag: 1 }, 'input flag = 1 is not a bool'],
    [{ c0: true }, 'input c0 = true is not a u8'],
    [{ xs: 3 }, 'input xs = 3 is not an array'],
    [{ c0: 1.5 }, 'input c0 = 1.5 is not an integer'],
    [{ big: 2 ** 60 }, `input big = ${2 ** 60} is beyond 2^53: write it as a decimal string`],
    [{ 'a@6': 'ten' }, 'input a@6 = "ten" is not an int'],
  ])('%j is rejected', (json, message) => {
    expect(parseInputs(json, types())).toEqual({ error: message });
  });

  test('a non-object is rejected; unknown names are kept with a warning', () => {
    expect(parseInputs([1, 2]).error).toMatch(/JSON object/);
    const r = parseInputs({ zz: 3 }, types());
    expect(r.inputs?.get('zz')).toBe(3n);
    expect(r.warnings).toEqual(['input zz is not read by the program']);
  });

  test('without types values are taken as they look', () => {
    expect(parseInputs({ a: [1, [true]], b: '12345678901234567890' }).inputs).toEqual(
      new Map<string, unknown>([
        ['a', arrayValue([1n, arrayValue([true])])],
        ['b', 12345678901234567890n],
      ]),
    );
  });
});

describe('inputsToJSON', () => {
  test('numbers while exact, strings beyond 2^53, and it parses back', () => {
    const inputs = new Map<string, ConcreteValue>([
      ['c0', 7n],
      ['big', 18446744073709551615n],
      ['neg', -(2n ** 60n)],
      ['flag', false],
      ['xs', arrayValue([1n, 2n])],
    ]);
    const json = inputsToJSON(inputs);
    expect(json).toEqual({ c0: 7, big: '18446744073709551615', neg: '-1152921504606846976', flag: false, xs: [1, 2] });
    expect(parseInputs(JSON.parse(JSON.stringify(json))).inputs).toEqual(inputs);
  });
});
