// The debugger on array return values (issue 8 follow-up): stepping over and into a call whose
// result is an array shows the empty array it starts as (length 0), where it used to stop with
// "internal error: a is not an array".

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import {
  afterRequest,
  launchAndStop,
  openSession,
  scopeValues,
  topFrame,
  writeProgram,
  type Harness,
} from '../adapter/sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const PROGRAM = `proc empty() returns (a: int[][]) { }
proc main() {
  var a: int[][] := empty();
  assert a.length == 0;
}
`;

describe('the debugger on an array result', () => {
  it('steps into the callee and over the call, showing the result as an empty array', async () => {
    const file = writeProgram('array-result.sym', PROGRAM);
    const { body } = await launchAndStop(h.dc, file);
    const t = body.threadId!;
    await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t }));
    const callee = await topFrame(h.dc, t);
    expect(callee.name).toBe('empty');
    expect((await scopeValues(h.dc, callee.id, 'Locals')).get('a')?.value).toBe('array(length 0)');
    await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () => h.dc.stepOutRequest({ threadId: t }));
    const f = await topFrame(h.dc, t);
    expect([f.name, f.line]).toEqual(['main', 4]);
    expect((await scopeValues(h.dc, f.id, 'Locals')).get('a')?.value).toBe('array(length 0)');
  });
});
