// "Why" in the debugger (issue 25), through a real DebugClient over the real engine and Z3:
// a stop on a failure says its class in the exception text and in a Why scope at its frame
// (real with the replaying input; spec too weak with the invariant that said too little); the
// end summary lists every failure with its class and a verified run's warnings; `:why` at a
// check that holds shows what its proof rests on; `:diff #a #b` and `symdap/diffPaths`
// compare two paths.

import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSession, scopeValues, topFrame, writeProgram, type Harness } from './sessionHarness';
import { WEAK_INVARIANT as LOOP } from '../support/whyPrograms';

let h: Harness;
let outputs: string[] = [];
beforeEach(async () => {
  h = await openSession();
  outputs = [];
  h.dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e.body.output));
});
afterEach(async () => {
  await h.close();
});

async function launch(
  program: string,
  extra: Record<string, unknown> = {},
  breakLine?: number,
): Promise<DebugProtocol.StoppedEvent> {
  const stopped = h.dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program, stopOnEntry: false, ...extra });
  await initialized;
  if (breakLine !== undefined)
    await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: breakLine }] });
  await h.dc.configurationDoneRequest();
  await launched;
  return stopped;
}

async function repl(frameId: number, expression: string): Promise<string> {
  return (await h.dc.evaluateRequest({ expression, frameId, context: 'repl' })).body.result;
}

/** Continues every stop until the session ends; the console output then holds the end summary. */
async function runToEnd(threadId: number): Promise<string> {
  const ended = h.dc.waitForEvent('terminated', 60_000);
  let stops = 0;
  const onStop = (e: DebugProtocol.StoppedEvent): void => {
    if (stops++ < 20) void h.dc.continueRequest({ threadId: e.body.threadId! }).catch(() => undefined);
  };
  h.dc.on('stopped', onStop);
  await h.dc.continueRequest({ threadId });
  await ended;
  h.dc.off('stopped', onStop);
  return outputs.join('');
}

test('modular: a failure an invariant lets through is "spec too weak" in the exception text, the Why scope and the end summary', async () => {
  const stop = await launch(writeProgram('why-loop.sym', LOOP), { mode: 'modular' });
  expect(stop.body.reason).toBe('exception');
  const thread = stop.body.threadId!;
  const frame = await topFrame(h.dc, thread);
  expect(frame.line).toBe(12);
  const info = (await h.dc.exceptionInfoRequest({ threadId: thread })).body;
  expect(info.description).toContain('assertion may fail: s == 6 (line 12)');
  expect(info.description).toContain('spec too weak: no input reaches this failure; the invariant at line 7');
  expect(info.details?.message).toMatch(
    /^assertion may fail: s == 6 \(line 12\) — spec too weak: .*invariant at line 7/,
  );
  const why = await scopeValues(h.dc, frame.id, 'Why');
  expect(why.get('class')?.value).toBe('spec-too-weak');
  expect(why.get('abstraction')?.value).toBe('invariant at line 7');
  expect(why.get('forgot')?.value).toContain('s == 6');
  // The fact that closes the gap, confirmed by the engine (test/engine/why-suggest.test.ts re-verifies it).
  expect(why.get('suggest')?.value).toBe('invariant s == 2 * i (at line 7)');
  expect(info.description).toContain('adding `invariant s == 2 * i` at line 7 closes it');
  expect(outputs.join('')).toContain('spec too weak: no input reaches this failure');
  // The tree page's view (symdap/tree compact) carries the class and the counterexample.
  const view = (await h.dc.customRequest('symdap/tree', { compact: true })).body as {
    nodes: { status: string; why?: string; counterexample?: string }[];
  };
  const failed = view.nodes.find((n) => n.status === 'failed');
  expect(failed?.why).toMatch(/^specification too weak: .*invariant at line 7/);
  expect(failed?.counterexample).toContain('n = ');
  const end = await runToEnd(thread);
  expect(end).toMatch(
    /all paths explored: .*\nwhy-loop\.sym:12:\d+: assertion may fail: s == 6 — specification too weak: .*invariant at line 7/,
  );
}, 120_000);

test('explore: a real failure names the input that replays it; its Why scope gives the input', async () => {
  const program = writeProgram(
    'why-real.sym',
    `proc main(n: int) {
  if (n == 3) {
    assert false;
  }
}
`,
  );
  const stop = await launch(program);
  const thread = stop.body.threadId!;
  const info = (await h.dc.exceptionInfoRequest({ threadId: thread })).body;
  expect(info.description).toContain('real — input n = 3 replays it');
  const why = await scopeValues(h.dc, (await topFrame(h.dc, thread)).id, 'Why');
  expect(why.get('class')?.value).toBe('real');
  expect(why.get('input')?.value).toBe('n = 3');
  expect(await repl((await topFrame(h.dc, thread)).id, ':why')).toContain('real — input n = 3 replays it');
}, 120_000);

test("a real failure over a u8 input shows its input as every counterexample is: 98 'b'", async () => {
  const program = writeProgram('why-char.sym', `proc main(c: u8) {\n  if (c == 'b') {\n    assert false;\n  }\n}\n`);
  const stop = await launch(program);
  const thread = stop.body.threadId!;
  const info = (await h.dc.exceptionInfoRequest({ threadId: thread })).body;
  expect(info.description).toContain("real — input c = 98 'b' replays it");
  const why = await scopeValues(h.dc, (await topFrame(h.dc, thread)).id, 'Why');
  expect(why.get('input')?.value).toBe("c = 98 'b'");
}, 120_000);

test('a frame that has not failed has no Why scope', async () => {
  const program = writeProgram('why-none.sym', 'proc main(n: int) {\n  var y: int := n;\n  assert y == n;\n}\n');
  const stop = await launch(program, {}, 3);
  const frame = await topFrame(h.dc, stop.body.threadId!);
  const names = (await h.dc.scopesRequest({ frameId: frame.id })).body.scopes.map((s) => s.name);
  expect(names).not.toContain('Why');
}, 120_000);

test('the end summary of a run that verifies lists its vacuity and reachability warnings', async () => {
  const program = writeProgram(
    'why-dead.sym',
    `proc main(n: int)
  requires n > 0
{
  if (n < 0) {
    assert false;
  }
  assert n > 0;
}
`,
  );
  const stop = await launch(program, { stopOnEntry: true });
  // The tree page's feed gets the warnings in the delta that follows the end.
  const deltas: { warnings?: { kind: string; line: number }[] }[] = [];
  h.dc.on('symdap/treeDelta', (e: DebugProtocol.Event) => deltas.push(e.body));
  await h.dc.customRequest('symdap/tree', { compact: true, subscribe: true });
  const end = await runToEnd(stop.body.threadId!);
  expect(end).toContain(
    'why-dead.sym:5:5: warning: the check assert false is reached on no feasible path: it passes vacuously [unreachable]',
  );
  expect(deltas.flatMap((d) => d.warnings ?? []).map((w) => [w.kind, w.line])).toEqual([['unreachable', 5]]);
}, 120_000);

/** Runs `source` from its entry stop to the end, subscribed to the tree feed: the console text and the warnings the feed carried. */
async function endOf(name: string, source: string): Promise<{ end: string; warned: [string, number][] }> {
  const stop = await launch(writeProgram(name, source), { stopOnEntry: true });
  const deltas: { warnings?: { kind: string; line: number }[] }[] = [];
  h.dc.on('symdap/treeDelta', (e: DebugProtocol.Event) => deltas.push(e.body));
  await h.dc.customRequest('symdap/tree', { compact: true, subscribe: true });
  const end = await runToEnd(stop.body.threadId!);
  return { end, warned: deltas.flatMap((d) => d.warnings ?? []).map((w) => [w.kind, w.line]) };
}

test('an unsatisfiable requires: the end summary and the tree feed warn at the requires (vacuous)', async () => {
  const { end, warned } = await endOf(
    'why-vacuous.sym',
    'proc main(x: int)\n  requires x > 0 && x < 0\n{\n  assert false;\n}\n',
  );
  expect(end).toContain(
    'why-vacuous.sym:2:12: warning: no input satisfies the requires of main: every check in main passes vacuously [vacuous]',
  );
  expect(warned).toEqual([['vacuous', 2]]);
}, 120_000);

test('a dead branch and a requires conjunct no check uses: unreachable and unused in the end summary and the tree feed', async () => {
  const { end, warned } = await endOf(
    'why-unused.sym',
    `proc main(n: int, m: int)
  requires n > 0
  requires m > 0
{
  var k: int := n;
  if (n < 0) {
    k := 0;
  }
  assert k > 0;
}
`,
  );
  expect(end).toContain('why-unused.sym:3:12: warning: this requires clause is used by no check [unused]');
  expect(end).toContain('why-unused.sym:7:5: warning: line 7 is reached on no feasible path [unreachable]');
  expect(end).not.toMatch(/why-unused.sym:2:\d+: warning/);
  expect(warned).toEqual([
    ['unused', 3],
    ['unreachable', 7],
  ]);
}, 120_000);

test(':why at an assertion that holds shows the facts its proof rests on, with their lines', async () => {
  const program = writeProgram(
    'why-proof.sym',
    `proc main(n: int, m: int)
  requires n > 0
{
  var k: int := n + 1;
  assert k > 1;
}
`,
  );
  const stop = await launch(program, {}, 5);
  expect(stop.body.reason).toBe('breakpoint');
  const text = await repl((await topFrame(h.dc, stop.body.threadId!)).id, ':why');
  expect(text).toMatch(/k > 1 .*line 5\) holds on 1 path\(s\); it rests on:/);
  // The proof needs n > 0 only: m is on no line of it.
  expect(text.split('\n').slice(1)).toEqual(['  line 2: requires of main']);
}, 120_000);

test(':diff #a #b and symdap/diffPaths: where two failed paths parted and what each holds', async () => {
  const program = writeProgram(
    'why-diff.sym',
    `proc main(n: int) {
  var r: int := 0;
  if (n > 5) {
    r := 1;
    assert false;
  } else {
    r := 2;
    assert false;
  }
}
`,
  );
  const first = await launch(program);
  const a = first.body.threadId!;
  const second = h.dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
  await h.dc.continueRequest({ threadId: a });
  const b = (await second).body.threadId!;
  expect(b).not.toBe(a);
  const text = await repl((await topFrame(h.dc, b)).id, `:diff #${a} #${b}`);
  expect(text).toMatch(new RegExp(`#${a}:\\n  took line 3: .*n\\b.*\\n  r = [12]`));
  expect(text).toMatch(/r = 1[\s\S]*r = 2|r = 2[\s\S]*r = 1/);
  const diff = (await h.dc.customRequest('symdap/diffPaths', { a, b })).body as {
    a: { locals: { name: string; value: string }[] };
    b: { locals: { name: string; value: string }[] };
  };
  const r = (side: { locals: { name: string; value: string }[] }): string | undefined =>
    side.locals.find((l) => l.name === 'r')?.value;
  expect(new Set([r(diff.a), r(diff.b)])).toEqual(new Set(['1', '2']));
  await expect(h.dc.customRequest('symdap/diffPaths', { a, b: 9999 })).rejects.toThrow(/unknown thread 9999/);
  await expect(repl((await topFrame(h.dc, b)).id, ':diff 1')).rejects.toThrow(/:diff needs two thread ids/);
}, 120_000);
