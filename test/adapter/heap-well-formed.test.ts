// How a debug session shows well-formedness failures (docs/design.md B.5): they are on no path, so no
// thread stops there. Each is an output event in the `symdap verify` format on stderr, with its
// source and line (clients link to it), listed in `symdap/summary` and counted in the summary
// line that ends the session. A real DebugClient drives the adapter on a sample.

import { afterEach, beforeEach, expect, test } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { openSession, sample, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

test('well-formedness failures are stderr lines linked to their clause, in the summary, and no thread stops on them', async () => {
  const program = sample('heap/not_self_framing.sym');
  const outputs: DebugProtocol.OutputEvent[] = [];
  h.dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e));
  const stops: string[] = [];
  h.dc.on('stopped', (e: DebugProtocol.StoppedEvent) => stops.push(e.body.reason));
  const ended = h.dc.waitForEvent('terminated');
  await Promise.all([h.dc.configurationSequence(), h.dc.launch({ program, stopOnEntry: false })]);
  const summary = (await h.dc.customRequest('symdap/summary')).body as {
    wellFormed: { line: number; column: number; message: string }[];
  };
  expect(summary.wellFormed.map((f) => `${f.line}:${f.column}`)).toEqual(['23:12', '24:11', '29:3', '36:3']);
  await ended;
  const framing = outputs.filter((e) => e.body.output.includes('is not self-framing'));
  expect(framing.map((e) => [e.body.category, e.body.line, e.body.column])).toEqual([
    ['stderr', 23, 12],
    ['stderr', 24, 11],
    ['stderr', 29, 3],
    ['stderr', 36, 3],
  ]);
  expect(framing[0].body.output).toMatch(
    /not_self_framing\.sym:23:12: insufficient permission: bad requires c\.x > 0 && acc\(c\.x\) is not self-framing: reads c\.x without acc\(c\.x\) \(well-formedness: on no path\)/,
  );
  expect(framing.every((e) => e.body.source?.path === program)).toBe(true);
  // Explore mode runs main, which is fine: the session ends without stopping, and says why it failed.
  expect(stops).toEqual([]);
  expect(outputs.map((e) => e.body.output).join('')).toContain(
    '4 well-formedness failures on no path (listed at launch)',
  );
});
