// Thread names come from the path's decisions (src/adapter/runtime/paths.ts): the facts
// `new C` adds (the object is not null, and differs from other objects) are no decision
// the user made, so a program without a branch names its path `true`, and a branch after
// allocations names it after the branch (issue 26, item 6).

import { afterEach, beforeEach, expect, test } from 'vitest';
import { launchAndStop, openSession, topFrame, writeProgram, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const SOURCE = `class Cell { var x: int; }
proc main(n: int) {
  var c: Cell := new Cell;
  var d: Cell := new Cell;
  c.x := n;
  if (n > 0) {
    d.x := 1;
  }
}
`;

async function stepTo(threadId: number, line: number): Promise<void> {
  for (let i = 0; i < 8 && (await topFrame(h.dc, threadId)).line !== line; i++) {
    const stepped = h.dc.waitForEvent('stopped');
    await h.dc.nextRequest({ threadId });
    await stepped;
  }
  expect((await topFrame(h.dc, threadId)).line).toBe(line);
}

test('allocations are not decisions: no thread is named after `Cell@3 != null`', async () => {
  const file = writeProgram('thread-names-alloc.sym', SOURCE);
  const stopped = await launchAndStop(h.dc, file, { stopOnEntry: true });
  const threadId = stopped.body.threadId!;
  await stepTo(threadId, 5);
  const before = (await h.dc.threadsRequest()).body.threads.map((t) => t.name);
  expect(before).toEqual([`#${threadId} true`]);
  await stepTo(threadId, 7);
  const after = (await h.dc.threadsRequest()).body.threads.map((t) => t.name);
  expect(after.join('\n')).not.toMatch(/Cell@|!= null/);
  expect(after).toContain(`#${threadId} then@6: n > 0`);
});
