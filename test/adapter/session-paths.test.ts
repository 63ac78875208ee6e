// Paths as threads over a whole run: failed paths stay listed (stopped at their failure)
// while the run goes on, a summary of the ended paths stays visible, and modular mode checks
// every procedure with one root thread each.

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

const FAIL_THEN_BREAK = `proc main(x: int) {
  assert x != 3;
  if (x > 0) {
    x := x + 1;
  }
}
`;

function collectOutput(): string[] {
  const lines: string[] = [];
  h.dc.on('output', (e: DebugProtocol.OutputEvent) => lines.push(e.body.output));
  return lines;
}

describe('failed paths', () => {
  it('stay listed at their failure while the run goes on; a summary of ended paths stays visible', async () => {
    const program = writeProgram('fail_then_break.sym', FAIL_THEN_BREAK);
    const out = collectOutput();
    const entry = await launchAndStop(h.dc, program);
    await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 4 }] });
    const failure = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: entry.body.threadId! }),
    );
    expect(failure.body.reason).toBe('exception');
    const failed = failure.body.threadId!;
    const atBreakpoint = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: failed }),
    );
    expect(atBreakpoint.body.reason).toBe('breakpoint');
    expect(atBreakpoint.body.threadId).not.toBe(failed);
    // The failed path is still a thread, stopped at its failure, with its stack and exceptionInfo.
    const threads = (await h.dc.threadsRequest()).body.threads;
    expect(threads.find((t) => t.id === failed)?.name).toMatch(/✗ assert \(line 2\)/);
    expect((await topFrame(h.dc, failed)).line).toBe(2);
    const info = await h.dc.exceptionInfoRequest({ threadId: failed });
    expect(info.body.description).toMatch(/x\s*=\s*3/);
    // Stepping it stays on the failure instead of dropping the thread.
    const again = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.nextRequest({ threadId: failed }),
    );
    expect(again.body).toMatchObject({ threadId: failed, reason: 'exception' });
    // The summary of how far the run has got: one console line per continue and a custom request.
    expect(out.join('')).toMatch(
      /paths so far: 0 completed, 1 failed, 0 infeasible, 0 bound reached, 0 unknown; \d+ still running/,
    );
    const s = (await h.dc.customRequest('symdap/summary', {})).body as {
      ended: Record<string, number>;
      kept: { threadId: number }[];
      live: number;
    };
    expect(s.ended.failed).toBe(1);
    expect(s.kept.map((k) => k.threadId)).toEqual([failed]);
    expect(s.live).toBeGreaterThan(0);
    // The session ends when no path is live, failures kept or not.
    const terminated = h.dc.waitForEvent('terminated');
    for (;;) {
      const next = h.dc.waitForEvent('stopped').catch(() => undefined);
      await h.dc.continueRequest({ threadId: atBreakpoint.body.threadId! });
      const done = await Promise.race([terminated.then(() => true), next.then(() => false)]);
      if (done) break;
    }
    expect(out.join('')).toMatch(/all paths explored: 3 path\(s\): 2 completed, 1 failed/);
  });
});

describe('modular mode', () => {
  it('checks every procedure, one root thread per procedure, with the failures of verify --mode modular', async () => {
    const program = sample('contracts/abs_wrong_post.sym');
    const entry = await launchAndStop(h.dc, program, { mode: 'modular' });
    expect(entry.body.reason).toBe('entry');
    const names = (await h.dc.threadsRequest()).body.threads.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^#1 main \| /), expect.stringMatching(/^#2 abs \| /)]),
    );
    const failure = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: entry.body.threadId! }),
    );
    expect(failure.body.reason).toBe('exception');
    expect(failure.body.description).toMatch(/postcondition/);
    expect((await topFrame(h.dc, failure.body.threadId!)).line).toBe(12);
    const failedName = (await h.dc.threadsRequest()).body.threads.find((t) => t.id === failure.body.threadId)?.name;
    expect(failedName).toMatch(/ abs \| ✗ postcondition \(line 12\)/);
    const out = collectOutput();
    await afterRequest(h.dc, 'terminated', () => h.dc.continueRequest({ threadId: failure.body.threadId! }));
    expect(out.join('')).toMatch(/all paths explored: .* 1 failed/);
  });
});
