// Inline values (issue 26.11): where the editor shows values while stopped — parameters on the
// procedure's header, variables where declared or assigned, only in the stopped procedure and
// only up to the stopped line — computed on a real sample.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineValueSites } from '../../extension/src/inlineValueSites';

const MAX = readFileSync(path.resolve(__dirname, '../../samples/contracts/max.sym'), 'utf8');
const lineOf = (text: string): number => MAX.split('\n').findIndex((l) => l.includes(text));

describe('inline value sites', () => {
  it('in main stopped at its second assert: x, y on the header, m where declared; not max, not later lines', () => {
    const stopped = lineOf('assert m == x || m == y');
    const sites = inlineValueSites(MAX, stopped);
    const header = lineOf('proc main(');
    expect(sites.map((s) => [s.line - header, s.name])).toEqual([
      [0, 'x'],
      [0, 'y'],
      [1, 'm'],
    ]);
    const [x] = sites;
    expect(MAX.split('\n')[x.line].slice(x.start, x.end)).toBe('x');
    const m = sites[2];
    expect(MAX.split('\n')[m.line].slice(m.start, m.end)).toBe('m');
  });

  it('in max: the parameters and the result on the header, m where assigned', () => {
    const sites = inlineValueSites(MAX, lineOf('m := a;'));
    expect(sites.map((s) => s.name)).toEqual(['a', 'b', 'm', 'm']);
    const assigned = sites[3];
    expect(MAX.split('\n')[assigned.line].slice(assigned.start, assigned.end)).toBe('m');
    expect(assigned.line).toBe(lineOf('m := a;'));
  });

  it('comments and lines outside a procedure give nothing', () => {
    expect(inlineValueSites(MAX, lineOf('// max.sym'))).toEqual([]);
    expect(inlineValueSites('proc main() {\n  // var z := 1\n  var y: int := 2;\n}\n', 2).map((s) => s.name)).toEqual([
      'y',
    ]);
  });
});
