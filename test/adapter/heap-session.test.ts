// The debugger on a program with objects (the symbolic heap, docs/design.md B.5): it launches, stops,
// shows reference locals and stops on a permission failure as an exception, without a crash.
// Then the Heap scope of docs/design.md B.7, reference locals expanding into their fields, the
// "Insufficient permission" exception filter, `:heap` and `$heap`.

import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  launchAndStop,
  openSession,
  sample,
  scopeValues,
  topFrame,
  writeProgram,
  type Harness,
} from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

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
  // The object `new Cell` made at line 3 is shown by the variable that holds it (issue 26, item 6).
  expect(locals.get('c')?.value).toBe('c');
  const failure = h.dc.waitForEvent('stopped');
  await h.dc.continueRequest({ threadId });
  const ev = await failure;
  expect(ev.body.reason).toBe('exception');
  const info = await h.dc.exceptionInfoRequest({ threadId });
  expect(info.body.description ?? '').toContain('acc(d.x) is not held to write d.x (d may be null)');
});

const ALIAS = sample('heap/alias.sym');

/** Launches alias.sym, sending `setup` between initialized and configurationDone. */
async function configure(setup: () => Promise<void>, program = ALIAS): Promise<void> {
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program, stopOnEntry: false });
  await initialized;
  await setup();
  await h.dc.configurationDoneRequest();
  await launched;
}

async function stopAtLine(line: number, program = ALIAS): Promise<{ threadId: number; frameId: number }> {
  const stopped = h.dc.waitForEvent('stopped');
  await configure(async () => {
    await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line }] });
  }, program);
  const ev = await stopped;
  const threadId = ev.body.threadId!;
  const frame = await topFrame(h.dc, threadId);
  expect(frame.line).toBe(line);
  return { threadId, frameId: frame.id };
}

test('the Heap scope names chunks by the locals holding their receivers, with aliases, origins and evaluateName', async () => {
  const { frameId } = await stopAtLine(34);
  const heap = await scopeValues(h.dc, frameId, 'Heap');
  const cx = heap.get('acc(c.x)');
  expect(cx?.value).toBe('7 (also d.x)');
  expect(cx?.evaluateName).toBe('c.x');
  expect(cx?.type ?? '').toMatch(/new Cell at line 31/);
  expect([...heap.keys()]).toEqual(['acc(c.x)', 'old heap']);
  expect(heap.get('old heap')?.value).toBe('0 chunk(s) on entry to main');
  const watched = await h.dc.evaluateRequest({ expression: cx!.evaluateName!, frameId, context: 'watch' });
  expect(watched.body.result).toMatch(/^7\b/);
  // A reference local expands into its object's fields.
  const locals = await scopeValues(h.dc, frameId, 'Locals');
  const d = locals.get('d')!;
  expect(d.variablesReference).toBeGreaterThan(0);
  const fields = await h.dc.variablesRequest({ variablesReference: d.variablesReference });
  expect(fields.body.variables.map((v) => [v.name, v.value])).toEqual([['x', '7']]);
  // :heap and $heap say the same.
  const repl = await h.dc.evaluateRequest({ expression: ':heap', frameId, context: 'repl' });
  expect(repl.body.result.split('\n')[0]).toMatch(/^acc\(c\.x\) ↦ 7 \(also d\.x\)/);
  const pseudo = await h.dc.evaluateRequest({ expression: '$heap', frameId, context: 'watch' });
  expect(pseudo.body.result).toBe(repl.body.result);
  const rows = await h.dc.variablesRequest({ variablesReference: pseudo.body.variablesReference });
  expect(rows.body.variables.map((v) => v.name)).toEqual(['acc(c.x)', 'old heap']);
});

const GIVEN_AWAY = `class Pair { var a: int; var b: int; }
proc take(p: Pair)
  requires acc(p.a)
{
}
proc main() {
  var p: Pair := new Pair;
  p.b := 4;
  take(p);
  assert p.b == 4;
}
`;

test('a reference local expands into its fields: held ones with values, the others <no permission>', async () => {
  const file = writeProgram('given-away.sym', GIVEN_AWAY);
  const { frameId } = await stopAtLine(10, file);
  const locals = await scopeValues(h.dc, frameId, 'Locals');
  const fields = await h.dc.variablesRequest({ variablesReference: locals.get('p')!.variablesReference });
  expect(fields.body.variables.map((v) => [v.name, v.value])).toEqual([
    ['a', '<no permission>'],
    ['b', '4'],
  ]);
  expect(fields.body.variables[1].evaluateName).toBe('p.b');
  const heap = await scopeValues(h.dc, frameId, 'Heap');
  expect([...heap.keys()]).toEqual(['acc(p.b)', 'old heap']);
  // Watching a field whose permission the path gave away says so instead of inventing a value.
  const given = await h.dc.evaluateRequest({ expression: 'p.a', frameId, context: 'watch' });
  expect(given.body.result).toContain('acc(p.a) is not held to read p.a');
});

test('the permission filter stops on a permission failure (a call without its acc)', async () => {
  const { threadId } = await stopAtLine(38);
  const failure = h.dc.waitForEvent('stopped');
  await h.dc.continueRequest({ threadId });
  const ev = await failure;
  expect(ev.body.reason).toBe('exception');
  const top = await topFrame(h.dc, ev.body.threadId!);
  expect(top.line).toBe(39);
  const info = await h.dc.exceptionInfoRequest({ threadId: ev.body.threadId! });
  expect(info.body.description ?? '').toMatch(/insufficient permission/);
});

test('with the permission filter off, a permission failure does not stop', async () => {
  const ended = h.dc.waitForEvent('terminated');
  await configure(async () => {
    await h.dc.setExceptionBreakpointsRequest({ filters: ['assert', 'runtime', 'contract'] });
  });
  await ended;
});

test('predicate instances are rows that expand into what they hold if unfolded', async () => {
  const cell = sample('heap/cell.sym');
  const { frameId } = await stopAtLine(58, cell);
  const heap = await scopeValues(h.dc, frameId, 'Heap');
  expect([...heap.keys()].filter((n) => n.startsWith('valid('))).toEqual(['valid(c1)', 'valid(c2)']);
  const v1 = heap.get('valid(c1)')!;
  expect(v1.value).toBe('folded predicate');
  expect(v1.type ?? '').not.toBe('');
  const unfolded = (await h.dc.variablesRequest({ variablesReference: v1.variablesReference })).body.variables;
  expect(unfolded.map((v) => [v.name, v.value])).toEqual([['if unfolded', 'acc(c1.x) ↦ 5']]);
  const inside = (await h.dc.variablesRequest({ variablesReference: unfolded[0].variablesReference })).body.variables;
  expect(inside.map((v) => [v.name, v.value, v.evaluateName])).toEqual([['acc(c1.x)', '5', 'c1.x']]);
  // The reference local holds no field chunk directly: its field is folded inside valid(c1).
  const locals = await scopeValues(h.dc, frameId, 'Locals');
  const fields = (await h.dc.variablesRequest({ variablesReference: locals.get('c1')!.variablesReference })).body
    .variables;
  expect(fields.map((v) => [v.name, v.value])).toEqual([['x', '<no permission>']]);
  const repl = await h.dc.evaluateRequest({ expression: ':heap', frameId, context: 'repl' });
  expect(repl.body.result).toMatch(/^valid\(c1\) folded.*\n {4}acc\(c1\.x\) ↦ 5/);
  const getX = await h.dc.evaluateRequest({ expression: 'getX(c1)', frameId, context: 'watch' });
  expect(getX.body.result).toMatch(/^5\b/);
});

test('each frame shows its own heap: the callee what the call gave it, the caller what it kept', async () => {
  const { threadId } = await stopAtLine(16);
  const frames = (await h.dc.stackTraceRequest({ threadId })).body.stackFrames;
  expect(frames.slice(0, 2).map((f) => f.name)).toEqual(['setBoth', 'main']);
  const callee = await scopeValues(h.dc, frames[0].id, 'Heap');
  expect([...callee.keys()]).toEqual(['acc(a.x)', 'acc(b.x)']);
  expect(callee.get('acc(a.x)')?.type).toBe('new Cell at line 31'); // explore mode: the caller's chunk moved in
  const caller = await scopeValues(h.dc, frames[1].id, 'Heap');
  expect([...caller.keys()]).toEqual(['(empty)']); // the call took both chunks; main's entry heap was empty too
  const repl = await h.dc.evaluateRequest({ expression: ':heap', frameId: frames[1].id, context: 'repl' });
  expect(repl.body.result.split('\n')[0]).toBe('(no permissions held)');
});

const LINKED = `class Node { var next: Node; var val: int; }
proc main() {
  var a: Node := new Node;
  var b: Node := new Node;
  a.next := b;
  b.val := 3;
  assert a.next == b;
}
`;

test('a reference stored in a field is printed by the local that names it', async () => {
  const file = writeProgram('linked.sym', LINKED);
  const { frameId } = await stopAtLine(7, file);
  const heap = await scopeValues(h.dc, frameId, 'Heap');
  expect(heap.get('acc(a.next)')?.value).toBe('b');
  expect(heap.get('acc(b.val)')?.value).toBe('3');
  const locals = await scopeValues(h.dc, frameId, 'Locals');
  const fields = (await h.dc.variablesRequest({ variablesReference: locals.get('a')!.variablesReference })).body
    .variables;
  expect(fields.map((v) => [v.name, v.value])).toEqual([
    ['next', 'b'],
    ['val', '0'],
  ]);
  const repl = await h.dc.evaluateRequest({ expression: ':heap', frameId, context: 'repl' });
  expect(repl.body.result).toContain('acc(a.next) ↦ b  — new Node at line 3');
});
