// The debugger on a program with objects (the symbolic heap, design B.5): it launches, stops,
// shows reference locals and stops on a permission failure as an exception, without a crash.
// The Heap scope of design B.7 is not there yet (see the heap engine's report).

import { afterEach, beforeEach, expect, test } from 'vitest';
import { launchAndStop, openSession, scopeValues, topFrame, writeProgram, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => { h = await openSession(); });
afterEach(async () => { await h.close(); });

const SOURCE = `class Cell { var x: int; }
proc main() {
  var c: Cell := new Cell;
  c.x := 5;
  var d: Cell := null;
  d.x := 1;
}
`;

test('a heap program: locals show references, and a permission failure stops as an exception', async () => {
  const file = writeProgram('heap-session.sym', SOURCE);
  const stopped = await launchAndStop(h.dc, file, { stopOnEntry: true });
  const threadId = stopped.body.threadId!;
  // Entry (the precondition's step), then line 3, then line 4.
  let frame = await topFrame(h.dc, threadId);
  for (let i = 0; i < 3 && frame.line !== 4; i++) {
    const stepped = h.dc.waitForEvent('stopped');
    await h.dc.nextRequest({ threadId });
    await stepped;
    frame = await topFrame(h.dc, threadId);
  }
  expect(frame.line).toBe(4);
  const locals = await scopeValues(h.dc, frame.id, 'Locals');
  expect(locals.get('c')?.value).toBe('Cell@3');
  const failure = h.dc.waitForEvent('stopped');
  await h.dc.continueRequest({ threadId });
  const ev = await failure;
  expect(ev.body.reason).toBe('exception');
  const info = await h.dc.exceptionInfoRequest({ threadId });
  expect(info.body.description ?? '').toContain('acc(d.x) is not held to write d.x (d may be null)');
});
