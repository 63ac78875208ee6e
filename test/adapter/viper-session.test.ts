// A real debug session over a `.vpr` program (samples/viper/lost_permission.vpr) through
// @vscode/debugadapter-testsupport's DebugClient: a breakpoint by `.vpr` line, a step, the Heap
// scope with Viper's field names, and the failure stopping as an exception that carries Viper's
// error id beside symdap's explanation of where the permission went.

import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSession, sample, scopeValues, topFrame, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const PROGRAM = sample('viper/lost_permission.vpr');

test('a .vpr session: breakpoint, step, Heap scope, failure with its Viper id', async () => {
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program: PROGRAM, entry: 'client', stopOnEntry: false });
  await initialized;
  await h.dc.setBreakpointsRequest({ source: { path: PROGRAM }, breakpoints: [{ line: 16 }] });
  const atBreakpoint = h.dc.waitForEvent('stopped');
  await h.dc.configurationDoneRequest();
  await launched;
  const stopped = await atBreakpoint;
  expect(stopped.body.reason).toBe('breakpoint');
  const threadId = stopped.body.threadId!;
  let frame = await topFrame(h.dc, threadId);
  expect(frame.line).toBe(16);
  expect(frame.source?.path).toBe(PROGRAM);

  const stepped = h.dc.waitForEvent('stopped');
  await h.dc.nextRequest({ threadId });
  await stepped;
  frame = await topFrame(h.dc, threadId);
  expect(frame.line).toBe(17);
  const heap = await scopeValues(h.dc, frame.id, 'Heap');
  expect(heap.get('acc(x.f)')?.value).toMatch(/^1\b/);

  const failure = h.dc.waitForEvent('stopped');
  await h.dc.continueRequest({ threadId });
  const ev = await failure;
  expect(ev.body.reason).toBe('exception');
  // The failing path may be a thread of its own (the read and the assertion fork the path).
  const failed = ev.body.threadId!;
  expect((await topFrame(h.dc, failed)).line).toBe(18);
  const info = await h.dc.exceptionInfoRequest({ threadId: failed });
  expect(info.body.exceptionId).toBe('assert.failed:insufficient.permission');
  expect(info.body.description ?? '').toContain('acc(x.f) is not held to read x.f');
  expect(info.body.description ?? '').toContain('[assert.failed:insufficient.permission]');
}, 60_000);
