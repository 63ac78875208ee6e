// The debugger on a program with a synth function (issue 10), over a real DAP client: at a
// breakpoint after the applications, REPL `:synth` shows a function of the grammar that the
// path condition allows and the applications on the path with their values under it.

import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSession, sample, topFrame, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

test('REPL :synth names a function consistent with the stopped path, with the applications and values', async () => {
  const program = sample('synth/search.sym');
  const stopped = h.dc.waitForEvent('stopped');
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program, stopOnEntry: false });
  await initialized;
  await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 27 }] });
  await h.dc.configurationDoneRequest();
  await launched;
  const ev = await stopped;
  const frame = await topFrame(h.dc, ev.body.threadId!);
  expect(frame.line).toBe(27);
  const repl = await h.dc.evaluateRequest({ expression: ':synth', frameId: frame.id, context: 'repl' });
  const lines = repl.body.result.split('\n');
  expect(lines[0]).toMatch(/^pred\(x\) = .+ {4}a function consistent with this path \(depth [1-3]\)$/);
  // search applies pred to 1, 2, 3 in order and stops at the first true: every value but the last is false.
  const apps = lines.slice(1);
  expect(apps.length).toBeGreaterThan(0);
  apps.forEach((l, i) => expect(l).toMatch(new RegExp(`^  pred\\(${i + 1}\\) ↦ (true|false)$`)));
  expect(apps.slice(0, -1).every((l) => l.endsWith('false'))).toBe(true);
}, 240_000);
