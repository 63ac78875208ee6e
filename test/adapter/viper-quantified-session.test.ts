// A real debug session over a Viper program with a quantified permission (docs/design.md B.10):
// the Heap scope shows the field's quantified chunk as one row, and a read outside the set
// stops as a permission failure with its Viper id.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSession, scopeValues, topFrame, type Harness } from './sessionHarness';

const SOURCE = `field f: Int
method m(s: Set[Ref], a: Ref, b: Ref)
  requires forall x: Ref :: x in s ==> acc(x.f)
  requires a in s
{
  a.f := 3
  assert b.f == 3
}
`;

let h: Harness;
let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-qp-session-'));
  h = await openSession();
});
afterEach(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

test('a quantified chunk in the Heap scope, and a read outside it fails', async () => {
  const program = join(dir, 'qp.vpr');
  await writeFile(program, SOURCE);
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program, entry: 'm', stopOnEntry: false });
  await initialized;
  await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 7 }] });
  const atBreakpoint = h.dc.waitForEvent('stopped');
  await h.dc.configurationDoneRequest();
  await launched;
  const stopped = await atBreakpoint;
  const threadId = stopped.body.threadId!;
  const frame = await topFrame(h.dc, threadId);
  expect(frame.line).toBe(7);
  const heap = await scopeValues(h.dc, frame.id, 'Heap');
  const row = [...heap.keys()].find((k) => k.startsWith('forall r :: acc(r.f'));
  expect(row).toBeDefined();
  expect(heap.get(row!)?.value).toContain('r.f =');

  const failure = h.dc.waitForEvent('stopped');
  await h.dc.continueRequest({ threadId });
  const ev = await failure;
  expect(ev.body.reason).toBe('exception');
  const info = await h.dc.exceptionInfoRequest({ threadId: ev.body.threadId! });
  expect(info.body.exceptionId).toBe('assert.failed:insufficient.permission');
}, 90_000);
