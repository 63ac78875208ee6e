// Robustness and scale of the debug session: requests before launch, unknown references,
// malformed arguments, unknown commands; pause during a long exploration; thousands of
// paths with a capped thread list; disconnect.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterRequest, launchAndStop, openSession, rawExchange, sample, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const SIGN = sample('lecture/three_paths.sym');
const MANY = sample('join/ifs_no_join.sym');

describe('robustness', () => {
  it('answers requests before launch with clear errors (threads with an empty list)', async () => {
    await h.dc.initializeRequest();
    expect((await h.dc.threadsRequest()).body.threads).toEqual([]);
    await expect(h.dc.stackTraceRequest({ threadId: 1 })).rejects.toThrow(/no program is being debugged/);
    await expect(h.dc.nextRequest({ threadId: 1 })).rejects.toThrow(/no program is being debugged/);
    await expect(h.dc.evaluateRequest({ expression: 'x' })).rejects.toThrow(/no program is being debugged/);
  });

  it('rejects unknown threads, frames, variable references and commands, then still works', async () => {
    const t = (await launchAndStop(h.dc, SIGN)).body.threadId!;
    await expect(h.dc.stackTraceRequest({ threadId: 999 })).rejects.toThrow(/unknown thread 999/);
    await expect(h.dc.scopesRequest({ frameId: 12345 })).rejects.toThrow(/unknown frame id 12345/);
    await expect(h.dc.variablesRequest({ variablesReference: 777 })).rejects.toThrow(/unknown variablesReference 777/);
    await expect(h.dc.customRequest('noSuchCommand', {})).rejects.toThrow(/unknown request 'noSuchCommand'/);
    await expect(h.dc.exceptionInfoRequest({ threadId: t })).rejects.toThrow(/not stopped on a failure/);
    await expect(h.dc.evaluateRequest({ expression: 'x +', frameId: undefined as unknown as number })).rejects.toThrow(
      /error/,
    );
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.nextRequest({ threadId: t }),
    );
    expect(stop.body.threadId).toBe(t);
  });

  it('accepts `arguments: []`, missing arguments and a missing pathFormat', async () => {
    const responses = await rawExchange(h.port, [
      { seq: 1, type: 'request', command: 'initialize', arguments: [] },
      { seq: 2, type: 'request', command: 'initialize' },
      { seq: 3, type: 'request', command: 'stackTrace', arguments: [] },
      { seq: 4, type: 'request', command: 'launch', arguments: [] },
      { seq: 5, type: 'request', command: 'threads', arguments: [] },
      { seq: 6, type: 'request' },
    ]);
    const bySeq = new Map(responses.map((r) => [r.request_seq, r]));
    expect(bySeq.get(1)?.success).toBe(true);
    expect(bySeq.get(2)?.success).toBe(true);
    expect(bySeq.get(3)).toMatchObject({ success: false });
    expect(bySeq.get(4)).toMatchObject({ success: false, message: expect.stringMatching(/program/) });
    expect(bySeq.get(5)).toMatchObject({ success: true, body: { threads: [] } });
    expect(bySeq.get(6)).toMatchObject({ success: false });
    for (const r of responses) expect(String(r.message ?? '')).not.toMatch(/\n\s+at /);
  });

  it('disconnects cleanly', async () => {
    await launchAndStop(h.dc, SIGN);
    await h.dc.disconnectRequest({});
  });
});

describe('scale', () => {
  it('pause interrupts a long exploration within 100 ms', async () => {
    const t = (await launchAndStop(h.dc, MANY)).body.threadId!;
    await h.dc.continueRequest({ threadId: t });
    await new Promise((r) => setTimeout(r, 100));
    const stopped = h.dc.waitForEvent('stopped');
    const start = Date.now();
    await h.dc.pauseRequest({ threadId: t });
    const e = (await stopped) as DebugProtocol.StoppedEvent;
    expect(Date.now() - start).toBeLessThan(100);
    expect(e.body.reason).toBe('pause');
  });

  it('continues over 4,096 paths to the end, counting them; the thread list is capped', async () => {
    const t = (await launchAndStop(h.dc, MANY, { searcher: 'bfs', maxThreads: 8 })).body.threadId!;
    // A breakpoint on the last if: with breadth-first search many paths are live there.
    const bps = await h.dc.setBreakpointsRequest({
      source: { path: MANY },
      breakpoints: [{ line: 24, hitCondition: '1000' }],
    });
    expect(bps.body.breakpoints[0].verified).toBe(true);
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: t }),
    );
    expect(stop.body.reason).toBe('breakpoint');
    const started = Date.now();
    const threads = (await h.dc.threadsRequest()).body.threads;
    expect(Date.now() - started).toBeLessThan(200);
    expect(threads).toHaveLength(8);
    await h.dc.setBreakpointsRequest({ source: { path: MANY }, breakpoints: [] });
    const summary = new Promise<string>((resolve) => {
      h.dc.on('output', (e: DebugProtocol.OutputEvent) => {
        if (e.body.output.startsWith('all paths explored')) resolve(e.body.output);
      });
    });
    const begin = Date.now();
    await afterRequest(h.dc, 'terminated', () => h.dc.continueRequest({ threadId: stop.body.threadId! }));
    expect(Date.now() - begin).toBeLessThan(5000);
    expect(await summary).toMatch(/4096 path\(s\): 4096 completed/);
  });
});
