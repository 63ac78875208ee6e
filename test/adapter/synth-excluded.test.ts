// Excluded paths of a program with synth functions (issue 26.3), over a real DAP client: a
// failed path there only rules out the functions that take it, so `continue` does not stop
// on it as on a failure (samples/synth/repair.sym, verified, runs to its end); with the
// `excluded` exception filter on it stops, and the thread, the exception widget and the
// Symbolic functions scope all say excluded.

import { afterEach, beforeEach, expect, test } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { openSession, sample, scopeValues, topFrame, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const REPAIR = sample('synth/repair.sym');
const EXCLUDED = /^excluded: assert fails at line 27: no function of the grammar may take this path$/;

async function launch(filters: string[]): Promise<void> {
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program: REPAIR, stopOnEntry: false });
  await initialized;
  await h.dc.setExceptionBreakpointsRequest({ filters });
  await h.dc.configurationDoneRequest();
  await launched;
}

test('repair.sym with the default filters: no failure stop; the summary counts 19 paths excluded, none failed', async () => {
  const stops: DebugProtocol.StoppedEvent[] = [];
  const output: string[] = [];
  h.dc.on('stopped', (e) => stops.push(e as DebugProtocol.StoppedEvent));
  h.dc.on('output', (e) => output.push((e as DebugProtocol.OutputEvent).body.output));
  const terminated = h.dc.waitForEvent('terminated', 200_000);
  await launch(['assert', 'runtime', 'contract', 'permission']);
  await terminated;
  expect(stops.map((s) => s.body.reason)).toEqual([]);
  expect(output.filter((o) => /assertion may fail/.test(o))).toEqual([]);
  const summary = output.find((o) => o.startsWith('all paths explored'));
  expect(summary).toMatch(/: 1 completed, 19 excluded, 0 infeasible/);
}, 240_000);

test('with the excluded filter on: the stop, its exception info and the scope all say excluded', async () => {
  const stopped = h.dc.waitForEvent('stopped', 200_000) as Promise<DebugProtocol.StoppedEvent>;
  await launch(['assert', 'excluded']);
  const ev = await stopped;
  const threads = (await h.dc.threadsRequest()).body.threads;
  expect(threads.find((t) => t.id === ev.body.threadId)!.name).toMatch(/⊘ excluded \(assert fails at line 27/);
  const info = (await h.dc.exceptionInfoRequest({ threadId: ev.body.threadId! })).body;
  expect(info.exceptionId).toBe('excluded');
  expect(info.description).toMatch(/excluded/);
  expect(info.description).not.toMatch(/may fail/);
  const frame = await topFrame(h.dc, ev.body.threadId!);
  const rows = await scopeValues(h.dc, frame.id, 'Symbolic functions');
  expect(rows.get('path')!.value).toMatch(EXCLUDED);
}, 240_000);
