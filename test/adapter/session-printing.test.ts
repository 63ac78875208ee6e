// Issue 12 "Printing" over a real DAP stream: the Variables view shows folded, flat values in
// the orientation they were written (`8 * y`, `x > y + 10`, `x == 0`), and the REPL gives
// the whole value where Watch shortens it.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  afterRequest,
  launchAndStop,
  openSession,
  scopeValues,
  topFrame,
  writeProgram,
  type Harness,
} from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const SOURCE = `proc main(x: int, y: int) {
  var z: int := y * 2 * 2 * 2;
  var w: int := (x + 1) + (y + 2);
  var c: bool := x > y + 10;
  var b: bool := x >= 0 && x == 0;
  var i: bool := 0 <= x;
  var g: bool := x > y;
  var s: int := ((x * x * x * x * x * x + y * y * y * y * y * y) + (x * y * x * y * x * y + y * x * y * x * y * x)) + ((x * x * y * y * x * x + y * y * x * x * y * y) + x * y);
  assert true;
}
`;

async function stopAtAssert(): Promise<number> {
  const { body } = await launchAndStop(h.dc, writeProgram('printing.sym', SOURCE));
  const t = body.threadId!;
  for (let k = 0; k < 7; k++) await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
  const f = await topFrame(h.dc, t);
  expect(f.line).toBe(9);
  return f.id;
}

describe('printing of symbolic values', () => {
  it('shows folded, flat values in the written orientation in Variables', async () => {
    const locals = await scopeValues(h.dc, await stopAtAssert(), 'Locals');
    expect(locals.get('z')?.value).toBe('8 * y');
    expect(locals.get('w')?.value).toBe('x + y + 3');
    expect(locals.get('c')?.value).toBe('x > y + 10');
    expect(locals.get('b')?.value).toBe('x == 0');
    expect(locals.get('i')?.value).toBe('x >= 0');
    // Two symbols: `x > y` stays as written (it is stored as y < x).
    expect(locals.get('g')?.value).toBe('x > y');
  });

  it('expands a long nested sum into its flat operands', async () => {
    const locals = await scopeValues(h.dc, await stopAtAssert(), 'Locals');
    const sum = locals.get('s')!;
    expect(sum.variablesReference).toBeGreaterThan(0);
    const parts = (await h.dc.variablesRequest({ variablesReference: sum.variablesReference })).body.variables;
    expect(parts.map((p) => p.name)).toEqual(['[0]', '[1]', '[2]', '[3]', '[4]', '[5]', '[6]']);
    expect(parts.every((p) => !/^.*\+/.test(p.value))).toBe(true);
    expect(parts[6].value).toBe('x * y');
  });

  it('gives the whole value in the REPL and on Copy Value, a short one in Watch', async () => {
    const frameId = await stopAtAssert();
    const expression = Array.from({ length: 30 }, () => 'x * y').join(' + ');
    const repl = (await h.dc.evaluateRequest({ expression, frameId, context: 'repl' })).body.result;
    expect(repl.startsWith(expression)).toBe(true);
    expect(repl).not.toContain('…');
    const copied = (await h.dc.evaluateRequest({ expression, frameId, context: 'clipboard' })).body.result;
    expect(copied.startsWith(expression)).toBe(true);
    const watch = (await h.dc.evaluateRequest({ expression, frameId, context: 'watch' })).body.result;
    expect(watch).toContain('…');
    expect(watch.length).toBeLessThan(expression.length);
  });
});
