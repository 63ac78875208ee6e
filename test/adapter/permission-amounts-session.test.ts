// A debug session says where the rest of a fractional permission went (issue #24, the debugger
// item): at a write that holds only a half, the exception text, the Heap scope's missing row and
// the Why scope name the call that kept the other half, in Sym (both modes) and in Viper.

import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSession, sample, scopeValues, topFrame, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

/** Launches `program` and continues to the failure at `line` (modular runs check each procedure on a thread of its own). */
async function failureAt(program: string, line: number, extra: Record<string, unknown> = {}): Promise<number> {
  let stop = h.dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program, stopOnEntry: false, ...extra });
  await initialized;
  await h.dc.configurationDoneRequest();
  await launched;
  for (let i = 0; i < 5; i++) {
    const ev = await stop;
    const thread = ev.body.threadId!;
    if (ev.body.reason === 'exception' && (await topFrame(h.dc, thread)).line === line) return thread;
    stop = h.dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
    await h.dc.continueRequest({ threadId: thread });
  }
  throw new Error(`no failure at line ${line}`);
}

const LENT =
  "acc(c.x) needs write; holds 1/2: the other 1/2 went to the call lendAndKeep(c) at line 34, and lendAndKeep's ensures does not give it back";

test.each(['explore', 'modular'])(
  'fractions_lend.sym (%s): exception text, Heap and Why scopes name the call that kept the other half',
  async (mode) => {
    const thread = await failureAt(sample('heap/fractions_lend.sym'), 37, { mode });
    const info = (await h.dc.exceptionInfoRequest({ threadId: thread })).body;
    expect(info.description).toContain('it needs write, and 1/2 is held (line 37)');
    expect(info.description).toContain(LENT);
    expect(info.description).not.toContain('the assign statement consumed it');
    const frame = await topFrame(h.dc, thread);
    const heap = await scopeValues(h.dc, frame.id, 'Heap');
    expect(heap.get('✗ missing acc(c.x)')?.value).toBe(LENT);
    const why = await scopeValues(h.dc, frame.id, 'Why');
    expect(why.get('permission')?.value).toBe(LENT);
    expect(why.get('class')).toBeDefined();
  },
  120_000,
);

test('lent_permission.vpr: the Viper id and where the other half went', async () => {
  const program = sample('viper/lent_permission.vpr');
  const thread = await failureAt(program, 33, { entry: 'client' });
  const info = (await h.dc.exceptionInfoRequest({ threadId: thread })).body;
  expect(info.exceptionId).toBe('assignment.failed:insufficient.permission');
  const lent =
    "acc(x.f) needs write; holds 1/2: the other 1/2 went to the call lendAndKeep(x) at line 31, and lendAndKeep's ensures does not give it back";
  expect(info.description).toContain(lent);
  const why = await scopeValues(h.dc, (await topFrame(h.dc, thread)).id, 'Why');
  expect(why.get('permission')?.value).toBe(lent);
}, 120_000);
