// What the debugger shows reads as the user wrote it (issue 26, item 6): a havoc's symbol
// `x@6` is shown as `x`, as `x (line 6)` only beside another `x`; an object is shown by the
// variable that holds it, never as `Cell@3`; and the facts `new Cell` adds come after the
// user's decisions in the Path condition scope, marked as what they are.

import { afterEach, beforeEach, expect, test } from 'vitest';
import { launchAndStop, openSession, scopeValues, topFrame, writeProgram, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const SOURCE = `class Cell { var x: int; }
proc main(x: int) {
  var c: Cell := new Cell;
  var d: Cell := new Cell;
  if (x > 0) {
    x := *;
    var y: int := *;
    c.x := y;
  }
}
`;

async function stepTo(threadId: number, line: number): Promise<number> {
  for (let i = 0; i < 12 && (await topFrame(h.dc, threadId)).line !== line; i++) {
    const stopped = h.dc.waitForEvent('stopped');
    await h.dc.nextRequest({ threadId });
    await stopped;
  }
  const f = await topFrame(h.dc, threadId);
  expect(f.line).toBe(line);
  return f.id;
}

const rows = async (frameId: number, scope: string): Promise<string[][]> =>
  [...(await scopeValues(h.dc, frameId, scope)).entries()].map(([n, v]) => [n, v.value]);

test('Locals, Model and Path condition name symbols as the user does', async () => {
  const file = writeProgram('user-names.sym', SOURCE);
  const stopped = await launchAndStop(h.dc, file, { stopOnEntry: true });
  const frameId = await stepTo(stopped.body.threadId!, 8);
  const locals = await rows(frameId, 'Locals');
  expect(locals).toEqual([
    ['x', 'x (line 6)'],
    ['c', 'c'],
    ['d', 'd'],
    ['y', 'y'],
  ]);
  const model = (await rows(frameId, 'Model')).map(([n]) => n);
  expect(model).toEqual(['x', 'x (line 6)', 'y']);
  expect(await rows(frameId, 'Path condition')).toEqual([
    ['[1]', 'x > 0   (line 5)'],
    ['[2]', 'c != null   (new at line 3)'],
    ['[3]', 'd != null   (new at line 4)'],
    ['[4]', 'd != c   (new at line 4)'],
  ]);
});
