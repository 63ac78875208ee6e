// Breakpoints and failures over a real DAP stream: verified / moved / rejected line
// breakpoints, conditions, hit counts, logpoints, exception filters, stops on a failed
// assertion with the counterexample, and the `:why` explanation.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import {
  afterRequest,
  launchAndStop,
  openSession,
  sample,
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

async function setBreakpoints(
  program: string,
  bps: DebugProtocol.SourceBreakpoint[],
): Promise<DebugProtocol.Breakpoint[]> {
  const r = await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: bps });
  return r.body.breakpoints;
}

async function continueUntil(threadId: number, event: 'stopped' | 'terminated'): Promise<DebugProtocol.Event> {
  return afterRequest(h.dc, event, () => h.dc.continueRequest({ threadId }));
}

describe('line breakpoints', () => {
  it('are verified on executable lines, moved from others, rejected past the end; continue stops there', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const bps = await setBreakpoints(SIGN, [{ line: 25 }, { line: 23 }, { line: 90 }]);
    expect(bps.map((b) => [b.verified, b.line])).toEqual([
      [true, 25],
      [true, 25],
      [false, 90],
    ]);
    expect(bps[1].message).toMatch(/moved from line 23/);
    expect(bps[2].message).toMatch(/no executable statement/);
    const stop = (await continueUntil(body.threadId!, 'stopped')) as DebugProtocol.StoppedEvent;
    expect(stop.body.reason).toBe('breakpoint');
    expect(stop.body.hitBreakpointIds).toContain(bps[0].id);
    expect((await topFrame(h.dc, stop.body.threadId!)).line).toBe(25);
  });

  it('set before launch are verified once the program is loaded; the first statement can hit', async () => {
    await h.dc.initializeRequest();
    const early = await setBreakpoints(SIGN, [{ line: 21 }]);
    expect(early[0].verified).toBe(false);
    const changed = h.dc.waitForEvent('breakpoint');
    const stopped = h.dc.waitForEvent('stopped');
    await Promise.all([
      h.dc.configurationDoneRequest(),
      h.dc.launchRequest({ program: SIGN, stopOnEntry: false } as DebugProtocol.LaunchRequestArguments),
    ]);
    const e = (await changed) as DebugProtocol.BreakpointEvent;
    expect([e.body.breakpoint.verified, e.body.breakpoint.line]).toEqual([true, 22]);
    const s = (await stopped) as DebugProtocol.StoppedEvent;
    expect(s.body.reason).toBe('breakpoint');
    expect((await topFrame(h.dc, s.body.threadId!)).line).toBe(22);
  });

  it('stop only where the condition is satisfiable', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    await setBreakpoints(SIGN, [{ line: 25, condition: 'r == 0' }]);
    const stop = (await continueUntil(body.threadId!, 'stopped')) as DebugProtocol.StoppedEvent;
    const frameId = (await topFrame(h.dc, stop.body.threadId!)).id;
    const r = await h.dc.evaluateRequest({ expression: 'x == 0', frameId, context: 'watch' });
    expect(r.body.result).toMatch(/valid$/);
  });

  it('honour hit counts and print logpoints without stopping', async () => {
    const { body } = await launchAndStop(h.dc, SIGN);
    const logs: string[] = [];
    h.dc.on('output', (e: DebugProtocol.OutputEvent) => {
      if (e.body.output.startsWith('r is')) logs.push(e.body.output.trim());
    });
    await setBreakpoints(SIGN, [
      { line: 25, logMessage: 'r is {r}' },
      { line: 26, hitCondition: '3' },
    ]);
    const stop = (await continueUntil(body.threadId!, 'stopped')) as DebugProtocol.StoppedEvent;
    expect(stop.body.reason).toBe('breakpoint');
    expect((await topFrame(h.dc, stop.body.threadId!)).line).toBe(26);
    // The third arrival at line 26: all three paths have passed line 25 and logged r.
    expect(logs.sort()).toEqual(['r is -1', 'r is 0', 'r is 1']);
    await continueUntil(stop.body.threadId!, 'terminated');
  });
});

describe('failures', () => {
  it('stop on a failed assertion with the counterexample in exceptionInfo, output and :why', async () => {
    const program = sample('lecture/bad_input.sym');
    const { body } = await launchAndStop(h.dc, program);
    const failureText = new Promise<string>((resolve) => {
      h.dc.on('output', (e: DebugProtocol.OutputEvent) => {
        if (e.body.output.includes('counterexample')) resolve(e.body.output);
      });
    });
    const stop = (await continueUntil(body.threadId!, 'stopped')) as DebugProtocol.StoppedEvent;
    expect(stop.body.reason).toBe('exception');
    expect(stop.body.description).toMatch(/assertion may fail: false \(line 16\)/);
    const t = stop.body.threadId!;
    expect((await topFrame(h.dc, t)).line).toBe(16);
    const info = await h.dc.exceptionInfoRequest({ threadId: t });
    expect(info.body.exceptionId).toBe('assert');
    expect(info.body.description).toMatch(/c0 = 98 'b', c1 = 97 'a', c2 = 100 'd', c3 = 33 '!'/);
    expect(info.body.description).toMatch(/lines 10 → 11 → 12 → 13 → 16/);
    expect(info.body.details?.stackTrace).toBeUndefined();
    expect(await failureText).toMatch(/c0 = 98/);
    const frameId = (await topFrame(h.dc, t)).id;
    const why = await h.dc.evaluateRequest({ expression: ':why', frameId });
    expect(why.body.result).toMatch(/line 13: c3 == '!'/);
    // Continuing a failed path ends it; the run then explores the rest to the end.
    await continueUntil(t, 'terminated');
  });

  it('stops while stepping onto a failing assertion; the passing side becomes a thread', async () => {
    const program = writeProgram(
      'step_fail.sym',
      'proc main(x: int) {\n  var y: int := x + 1;\n  assert y > 5;\n  y := 0;\n}\n',
    );
    const { body } = await launchAndStop(h.dc, program);
    const t = body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.nextRequest({ threadId: t }),
    );
    expect(stop.body.reason).toBe('exception');
    const info = await h.dc.exceptionInfoRequest({ threadId: t });
    const x = Number(/x = (-?\d+)/.exec(info.body.description ?? '')?.[1]);
    expect(x + 1).toBeLessThanOrEqual(5);
    const threads = (await h.dc.threadsRequest()).body.threads;
    expect(threads.map((th) => th.name)).toEqual([
      expect.stringMatching(/✗ assert/),
      expect.stringMatching(/^#2 @3: x \+ 1 > 5$/),
    ]);
  });

  it('exception filters decide which failures stop a run', async () => {
    const program = sample('errors/div_by_zero.sym');
    const { body } = await launchAndStop(h.dc, program);
    await h.dc.setExceptionBreakpointsRequest({ filters: ['assert'] });
    await continueUntil(body.threadId!, 'terminated');
  });

  it('the runtime filter (on by default) stops at a division by zero', async () => {
    const program = sample('errors/div_by_zero.sym');
    const { body } = await launchAndStop(h.dc, program);
    const stop = (await continueUntil(body.threadId!, 'stopped')) as DebugProtocol.StoppedEvent;
    expect(stop.body.description).toMatch(/division by zero/);
    const info = await h.dc.exceptionInfoRequest({ threadId: stop.body.threadId! });
    expect(info.body.description).toMatch(/count = 0/);
  });
});
