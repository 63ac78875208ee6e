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

// A char literal is a u8 (Sym has no char type): a printable value reads as gdb shows an
// unsigned char, `120 'x'`, and a u8 constant compared with a u8 term as the literal the user
// wrote, `c == 'x'` (issue 26, item 7).
const CHARS = `proc main(c: u8) {
  var d: u8 := 'b';
  var e: u8 := 7;
  if (c == 'x') {
    assert c != 'x';
  }
}
`;

test('char literals read as written: Locals, Model, Path condition, thread names and the counterexample', async () => {
  const file = writeProgram('user-chars.sym', CHARS);
  const stopped = await launchAndStop(h.dc, file, { stopOnEntry: true });
  const threadId = stopped.body.threadId!;
  const frameId = await stepTo(threadId, 5);
  const locals = Object.fromEntries(await rows(frameId, 'Locals'));
  expect(locals).toEqual({ c: 'c', d: "98 'b'", e: '7' });
  expect(await rows(frameId, 'Model')).toEqual([['c', "120 'x'"]]);
  expect(await rows(frameId, 'Path condition')).toEqual([['[1]', "c == 'x'   (line 4)"]]);
  const threads = (await h.dc.threadsRequest()).body.threads.map((t) => t.name);
  expect(threads).toContain(`#${threadId} then@4: c == 'x'`);
  const failed = h.dc.waitForEvent('stopped');
  await h.dc.continueRequest({ threadId });
  expect((await failed).body.reason).toBe('exception');
  const info = await h.dc.exceptionInfoRequest({ threadId });
  expect(info.body.description).toContain("assertion may fail: c != 'x' (line 5)");
  expect(info.body.description).toContain("counterexample: c = 120 'x'");
});

// Thread names are read from the path's newest decision: a havoc's symbol is named as the user does there too.
test('thread names show a havoc by its variable', async () => {
  const file = writeProgram(
    'user-thread-names.sym',
    'proc main() {\n  var x: int := *;\n  if (x > 0) {\n    x := x + 1;\n  }\n}\n',
  );
  const stopped = await launchAndStop(h.dc, file, { stopOnEntry: true });
  const threadId = stopped.body.threadId!;
  await stepTo(threadId, 4);
  const names = (await h.dc.threadsRequest()).body.threads.map((t) => t.name);
  expect(names).toContain(`#${threadId} then@3: x > 0`);
});
