// The debugger on a program with a synth function (issue 10), over a real DAP client: the
// Symbolic functions scope (a function the path allows, the applications with their values,
// whether the path is possible), REPL `:synth all` (the count of the grammar's candidates
// left), and failed paths shown as excluded (thread name, `symdap/tree` status).

import { afterEach, beforeEach, expect, test } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { openSession, scopeValues, topFrame, writeProgram, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

// Depth ≤ 2 terms over x, 1, 2 and +: 3 leaves and 9 sums. f(1) == 2 holds for 2, x + x,
// x + 1, 1 + x and 1 + 1 (terms, not functions: x + 1 and 1 + x are two candidates).
const PROGRAM = `synth f(x: int): int
  grammar {
    E: int ::= x | 1 | 2 | E + E;
  }
  depth 2;

proc main() {
  var y: int := 0;
  if (f(1) == 2) {
    y := 1;
  }
  assert y == 1;
}
`;

async function launchTo(program: string, line: number, filters?: string[]): Promise<DebugProtocol.StoppedEvent> {
  const stopped = h.dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
  const initialized = h.dc.waitForEvent('initialized');
  const launched = h.dc.launch({ program, stopOnEntry: false });
  await initialized;
  await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line }] });
  if (filters) await h.dc.setExceptionBreakpointsRequest({ filters });
  await h.dc.configurationDoneRequest();
  await launched;
  return stopped;
}

async function repl(frameId: number, expression: string): Promise<string> {
  return (await h.dc.evaluateRequest({ expression, frameId, context: 'repl' })).body.result;
}

test('Symbolic functions scope: the function, the applications with values, the path possible; :synth all counts candidates', async () => {
  const program = writeProgram('synth-scope.sym', PROGRAM);
  const ev = await launchTo(program, 10);
  const frame = await topFrame(h.dc, ev.body.threadId!);
  expect(frame.line).toBe(10);
  const rows = await scopeValues(h.dc, frame.id, 'Symbolic functions');
  const f = rows.get('f(x)')!;
  expect(['2', 'x + x', 'x + 1', '1 + x', '1 + 1']).toContain(f.value);
  expect(f.type).toMatch(/^depth [12]$/);
  expect(rows.get('path')!.value).toBe('possible: some function of the grammar allows it');
  const apps = rows.get('applications')!;
  expect(apps.value).toBe('1 on this path');
  const children = (await h.dc.variablesRequest({ variablesReference: apps.variablesReference })).body.variables;
  expect(children.map((v) => [v.name, v.value])).toEqual([['f(1)', '2']]);
  const all = (await repl(frame.id, ':synth all')).split('\n');
  expect(all[0]).toBe('5 candidates of the grammar allow this path:');
  expect(
    all
      .slice(1)
      .map((l) => l.trim().replace(/^f\(x\) = /, ''))
      .sort(),
  ).toEqual(['1 + 1', '1 + x', '2', 'x + 1', 'x + x']);
  // An assumption no function of the grammar can meet (f(2) is at most 4 at depth 2) excludes the path.
  await repl(frame.id, ':assume f(2) == 9');
  const after = await scopeValues(h.dc, frame.id, 'Symbolic functions');
  expect(after.get('path')!.value).toBe('excluded: no function of the grammar allows this path');
  expect(await repl(frame.id, ':synth all')).toBe('0 candidates: no function of the grammar allows this path');
  await expect(h.dc.evaluateRequest({ expression: ':synth most', frameId: frame.id, context: 'repl' })).rejects.toThrow(
    /:synth takes no argument or 'all'/,
  );
}, 240_000);

test('a failed path is excluded: thread name, symdap/tree status, and the scope says why', async () => {
  const program = writeProgram('synth-excluded.sym', PROGRAM);
  // Excluded paths stop only with their own exception filter on (issue 26.3).
  const first = await launchTo(program, 10, ['assert', 'excluded']);
  const failed = h.dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
  await h.dc.continueRequest({ threadId: first.body.threadId! });
  const ev = await failed;
  expect(ev.body.reason).toBe('exception');
  const threads = (await h.dc.threadsRequest()).body.threads;
  const mine = threads.find((t) => t.id === ev.body.threadId)!;
  expect(mine.name).toMatch(
    /^#\d+ ⊘ excluded \(assert fails at line 12: no function of the grammar may take this path\) /,
  );
  const tree = await h.dc.customRequest('symdap/tree', {});
  const statuses = (tree.body.nodes as { status: string }[]).map((n) => n.status);
  expect(statuses).toContain('excluded');
  expect(statuses).not.toContain('failed');
  // The scope agrees with the thread (issue 26.3): the failure excludes the functions that take the path.
  const frame = await topFrame(h.dc, ev.body.threadId!);
  const rows = await scopeValues(h.dc, frame.id, 'Symbolic functions');
  expect(rows.get('path')!.value).toBe(
    'excluded: assert fails at line 12: no function of the grammar may take this path',
  );
}, 240_000);

test('programs without synth functions have no Symbolic functions scope', async () => {
  const program = writeProgram('no-synth.sym', 'proc main() {\n  var y: int := 1;\n  assert y == 1;\n}\n');
  const ev = await launchTo(program, 3);
  const frame = await topFrame(h.dc, ev.body.threadId!);
  const scopes = (await h.dc.scopesRequest({ frameId: frame.id })).body.scopes.map((s) => s.name);
  expect(scopes).toContain('Model');
  expect(scopes).not.toContain('Symbolic functions');
}, 240_000);
