// The debug session end to end over a real DAP stream: launch and stop on entry, stepping,
// forks into threads, branch choice, scopes with symbolic values, watches and the REPL.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import {
  afterRequest,
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

const SIGN = sample('lecture/three_paths.sym');

describe('launch', () => {
  it('announces its capabilities and custom requests', async () => {
    const r = await h.dc.initializeRequest();
    const body = r.body as DebugProtocol.Capabilities & { symdap?: { customRequests: string[] } };
    expect(body.supportsStepBack).toBe(true);
    expect(body.supportsStepInTargetsRequest).toBe(true);
    expect(body.exceptionBreakpointFilters?.map((f) => [f.filter, f.default])).toEqual([
      ['assert', true],
      ['runtime', true],
      ['contract', true],
      ['permission', true],
      ['infeasible', false],
      ['bounded', false],
      ['excluded', false],
    ]);
    expect(body.symdap?.customRequests).toContain('symdap/tree');
  });

  it('stops on entry at the first statement of main', async () => {
    const e = await launchAndStop(h.dc, SIGN);
    expect(e.body.reason).toBe('entry');
    const f = await topFrame(h.dc, e.body.threadId!);
    expect(f.name).toBe('main');
    expect(f.line).toBe(22);
    const threads = await h.dc.threadsRequest();
    expect(threads.body.threads.map((t) => t.id)).toEqual([e.body.threadId]);
    expect(threads.body.threads[0].name).toMatch(/^#1 /);
  });

  it('reports program errors as diagnostics, an error response and a terminated event', async () => {
    const bad = writeProgram('bad.sym', 'proc main() {\n  var x: int := ;\n}\n');
    await h.dc.initializeRequest();
    const stderr = new Promise<string>((resolve) => {
      h.dc.on('output', (e: DebugProtocol.OutputEvent) => {
        if (e.body.category === 'stderr') resolve(e.body.output);
      });
    });
    const terminated = h.dc.waitForEvent('terminated');
    await expect(h.dc.launchRequest({ program: bad } as DebugProtocol.LaunchRequestArguments)).rejects.toThrow(
      /bad\.sym:2:\d+: error/,
    );
    expect(await stderr).toMatch(/bad\.sym:2:\d+: error: /);
    await terminated;
  });

  it('rejects invalid launch arguments with a clear message', async () => {
    await h.dc.initializeRequest();
    await expect(
      h.dc.launchRequest({ program: SIGN, loopBound: -3 } as DebugProtocol.LaunchRequestArguments),
    ).rejects.toThrow(/loopBound/);
  });
});

describe('stepping', () => {
  it('steps into a call, forks at the branch into two threads and steps back', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const t = body.threadId!;
    let stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.stepInRequest({ threadId: t }),
    );
    expect(stop.body.reason).toBe('step');
    let f = await topFrame(h.dc, t);
    expect([f.name, f.line]).toEqual(['sign', 12]);
    const started = h.dc.waitForEvent('thread');
    stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    expect(((await started) as DebugProtocol.ThreadEvent).body.reason).toBe('started');
    expect(stop.body.description).toBe('then: x < 0');
    expect(stop.body.text).toMatch(/branch: following then \(x < 0\)/);
    f = await topFrame(h.dc, t);
    expect(f.line).toBe(13);
    const threads = await h.dc.threadsRequest();
    expect(threads.body.threads).toHaveLength(2);
    // The other thread is at the else side: the `else if` test.
    const other = threads.body.threads.find((x) => x.id !== t)!;
    expect((await topFrame(h.dc, other.id)).line).toBe(14);
    // Back to the branch, then forward again along the same path.
    await afterRequest(h.dc, 'stopped', () => h.dc.stepBackRequest({ threadId: t }));
    expect((await topFrame(h.dc, t)).line).toBe(12);
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    expect((await topFrame(h.dc, t)).line).toBe(13);
    expect((await h.dc.threadsRequest()).body.threads).toHaveLength(2);
  });

  it('next steps over a call', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const t = body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    const f = await topFrame(h.dc, t);
    expect([f.name, f.line]).toEqual(['main', 25]);
    // The fork inside sign left a second thread there, at the `else if` test.
    const threads = (await h.dc.threadsRequest()).body.threads;
    expect(threads).toHaveLength(2);
    expect((await topFrame(h.dc, threads.find((x) => x.id !== t)!.id)).line).toBe(14);
  });

  it('offers then/else step-in targets and follows the chosen side', async () => {
    const { body } = await launchAndStop(h.dc, SIGN, { branching: 'ask' });
    const t = body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t }));
    const ask = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.nextRequest({ threadId: t }),
    );
    expect(ask.body.description).toMatch(/choose then\/else/);
    expect((await topFrame(h.dc, t)).line).toBe(12);
    expect((await h.dc.threadsRequest()).body.threads).toHaveLength(1);
    const targets = await h.dc.stepInTargetsRequest({ frameId: (await topFrame(h.dc, t)).id });
    expect(targets.body.targets.map((x) => x.label)).toEqual(['then: x < 0', 'else: x >= 0']);
    await afterRequest(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t, targetId: 2 }));
    expect((await topFrame(h.dc, t)).line).toBe(14);
    expect((await h.dc.threadsRequest()).body.threads).toHaveLength(2);
  });

  it('stepOut runs until the call returns', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const t = body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t }));
    await afterRequest(h.dc, 'stopped', () => h.dc.stepOutRequest({ threadId: t }));
    const f = await topFrame(h.dc, t);
    expect([f.name, f.line]).toEqual(['main', 25]);
    const locals = await scopeValues(h.dc, f.id, 'Locals');
    expect(locals.get('r')?.value).toBe('-1');
  });

  it('continue with singleThread runs that path only; the other thread stays', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const t = body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t }));
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    const other = (await h.dc.threadsRequest()).body.threads.find((x) => x.id !== t)!.id;
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: other, singleThread: true }),
    );
    expect(stop.body.threadId).toBe(t);
    expect((await h.dc.threadsRequest()).body.threads.map((x) => x.id)).toEqual([t]);
    expect((await topFrame(h.dc, t)).line).toBe(13);
  });

  it('the infeasible filter stops where a path becomes infeasible', async () => {
    const { body } = await launchAndStop(h.dc, sample('assume/infeasible.sym'));
    await h.dc.setExceptionBreakpointsRequest({ filters: ['assert', 'infeasible'] });
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: body.threadId! }),
    );
    expect(stop.body.reason).toBe('exception');
    expect(stop.body.description).toMatch(/infeasible path \(line 11\)/);
    expect((await h.dc.exceptionInfoRequest({ threadId: stop.body.threadId! })).body.exceptionId).toBe('infeasible');
  });

  it('continues to the end of all paths and terminates', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const terminated = h.dc.waitForEvent('terminated');
    await h.dc.continueRequest({ threadId: body.threadId! });
    await terminated;
  });
});

describe('inspection', () => {
  it('shows symbolic locals, the path condition and a model', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const t = body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t }));
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    const f = await topFrame(h.dc, t);
    const locals = await scopeValues(h.dc, f.id, 'Locals');
    expect(locals.get('x')?.value).toBe('x');
    expect(locals.get('x')?.type).toBe('int');
    const pc = await scopeValues(h.dc, f.id, 'Path condition');
    // Rows are named `[1]`, `[2]`, … so that any client's sort keeps their order; the line that
    // added a conjunct follows its value (issue 26, item 14).
    expect([...pc.entries()].map(([n, v]) => [n, v.value])).toEqual([['[1]', 'x < 0   (line 12)']]);
    const model = await scopeValues(h.dc, f.id, 'Model');
    expect(Number(model.get('x')?.value)).toBeLessThan(0);
  });

  it('evaluates watches with validity and the $pc pseudo-variable', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const t = body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t }));
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    const frameId = (await topFrame(h.dc, t)).id;
    const watch = async (expression: string): Promise<string> =>
      (await h.dc.evaluateRequest({ expression, frameId, context: 'watch' })).body.result;
    expect(await watch('$pc')).toBe('x < 0');
    expect(await watch('x < 1')).toMatch(/valid$/);
    expect(await watch('x > 0')).toMatch(/unsatisfiable/);
    expect(await watch('x < -5')).toMatch(/satisfiable, not valid: true for x = -\d+; false for x = -[1-5]\b/);
    expect(await watch('x + 1')).toMatch(/^x \+ 1 {2}\(e\.g\. -?\d+ for x = -\d+\)$/);
    expect(await watch('$model')).toMatch(/^x = -\d+$/);
    expect(await watch('$path')).toBe('lines 22 → 12');
    await expect(h.dc.evaluateRequest({ expression: 'y + 1', frameId })).rejects.toThrow(/y/);
    // REPL commands (no context means repl).
    expect((await h.dc.evaluateRequest({ expression: ':valid x != 0', frameId })).body.result).toMatch(/^valid/);
    expect((await h.dc.evaluateRequest({ expression: ':sat x == -7', frameId })).body.result).toMatch(/x = -7/);
    await h.dc.evaluateRequest({ expression: ':assume x > -3', frameId });
    expect((await h.dc.evaluateRequest({ expression: ':valid x >= -2', frameId })).body.result).toMatch(/^valid/);
    const pc = await scopeValues(h.dc, frameId, 'Path condition');
    expect([...pc.entries()].map(([n, v]) => [n, v.value])).toEqual([
      ['[1]', 'x < 0   (line 12)'],
      ['[2]', 'x > -3   (:assume)'],
    ]);
    const items = await h.dc.completionsRequest({ text: ':va', column: 4, frameId });
    expect(items.body.targets.map((c) => c.label)).toEqual([':valid']);
    const vars = await h.dc.completionsRequest({ text: 'x', column: 2, frameId });
    expect(vars.body.targets.map((c) => c.label)).toContain('x');
  });
});
