// Concolic debugging end to end over a real DAP stream (DebugClient): launch with `inputs`,
// the run follows their path, Locals show `value   ⟵ expression`, stepInTargets offers the
// side not taken with an input that takes it, taking it switches to that input (shown in the
// output) and the run continues concretely, here into the failure the new input reaches.

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
} from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const PROGRAM = [
  'proc main(a: int, b: int) {',
  '  var x: int := a + 2;',
  '  if (x > 10) {',
  '    b := b + 1;',
  '  } else {',
  '    b := b - 1;',
  '  }',
  '  assert b != 100;',
  '}',
  '',
].join('\n');

function outputs(): string[] {
  const lines: string[] = [];
  h.dc.on('output', (e: DebugProtocol.OutputEvent) => lines.push(e.body.output));
  return lines;
}

describe('concolic debugging (launch argument inputs)', () => {
  it('follows the inputs, shows concrete beside symbolic, and takes the other side with a solved input', async () => {
    const file = writeProgram('concolic.sym', PROGRAM);
    const out = outputs();
    const entry = await launchAndStop(h.dc, file, { inputs: { a: 3, b: 99 } });
    const t = entry.body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    let f = await topFrame(h.dc, t);
    expect(f.line).toBe(3);
    expect((await scopeValues(h.dc, f.id, 'Locals')).get('x')?.value).toBe('5   ⟵ a + 2');
    expect([...(await scopeValues(h.dc, f.id, 'Model')).entries()].map(([n, v]) => `${n}=${v.value}`)).toEqual([
      'a=3',
      'b=99',
    ]);

    const targets = (await h.dc.stepInTargetsRequest({ frameId: f.id })).body.targets.map((x) => x.label);
    expect(targets[1]).toMatch(/^else: .* {3}\(these inputs\)$/);
    const m = /^then: .* {3}with a = (-?\d+), b = 99$/.exec(targets[0]);
    expect(m, targets[0]).not.toBeNull();
    expect(Number(m![1]) + 2).toBeGreaterThan(10);

    await afterRequest(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t, targetId: 1 }));
    f = await topFrame(h.dc, t);
    expect(f.line).toBe(4);
    expect(out.join('')).toContain(
      `path #${t} now follows the inputs a = ${m![1]}, b = 99 (they take the then side at line 3)`,
    );
    expect((await scopeValues(h.dc, f.id, 'Locals')).get('x')?.value).toBe(`${Number(m![1]) + 2}   ⟵ a + 2`);
    // The Path condition scope shows the constraint collected at the branch taken (line 3).
    const pc = [...(await scopeValues(h.dc, f.id, 'Path condition')).entries()];
    expect(
      pc.some(
        ([n, v]) => /^\[\d+\]$/.test(n) && v.value.endsWith('   (line 3)') && /a/.test(v.value) && /10/.test(v.value),
      ),
      JSON.stringify(pc.map(([n, v]) => `${n}: ${v.value}`)),
    ).toBe(true);

    // Continue runs the new concrete path on: b = 99 + 1 breaks the assertion.
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: t }),
    );
    expect(stop.body.reason).toBe('exception');
    expect((await topFrame(h.dc, stop.body.threadId!)).line).toBe(8);
  }, 60_000);

  it("without a choice the run stays on the inputs' path to its end", async () => {
    const file = writeProgram('concolic2.sym', PROGRAM);
    const entry = await launchAndStop(h.dc, file, { inputs: { a: 20, b: 99 } });
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: entry.body.threadId! }),
    );
    expect(stop.body.reason).toBe('exception');
    expect(stop.body.threadId).toBe(entry.body.threadId);
  }, 60_000);

  it('refuses inputs that do not fit the program, and a file that is not JSON', async () => {
    const file = writeProgram('concolic3.sym', PROGRAM);
    await h.dc.initializeRequest();
    await expect(
      h.dc.launchRequest({ program: file, inputs: { a: true } } as DebugProtocol.LaunchRequestArguments),
    ).rejects.toThrow(/input a = true is not an int/);
    const bad = writeProgram('bad-inputs.json', '{ a: ');
    await expect(
      h.dc.launchRequest({ program: file, inputs: bad } as DebugProtocol.LaunchRequestArguments),
    ).rejects.toThrow(/bad-inputs\.json:1:1: error: the inputs are not JSON/);
  }, 60_000);
});
