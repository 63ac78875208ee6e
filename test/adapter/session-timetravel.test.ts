// Earlier states as frames, time travel (restartFrame, stepBack, reverseContinue, goto),
// joins while stepping, and the custom requests symdap/tree, followBranch and jump.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import {
  afterRequest,
  launchAndStop,
  openSession,
  sample,
  scopeValues,
  topFrame,
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

async function step(kind: 'next' | 'stepIn', threadId: number): Promise<DebugProtocol.StoppedEvent> {
  return afterRequest(h.dc, 'stopped', () =>
    kind === 'next' ? h.dc.nextRequest({ threadId }) : h.dc.stepInRequest({ threadId }),
  );
}

describe('frames', () => {
  it('list the call stack, a label, then earlier states (most recent first), with paging', async () => {
    const t = (await launchAndStop(h.dc, SIGN)).body.threadId!;
    await step('stepIn', t);
    await step('next', t);
    const all = (await h.dc.stackTraceRequest({ threadId: t })).body;
    expect(all.stackFrames.map((f) => [f.name.split(' ')[0], f.line, f.presentationHint])).toEqual([
      ['sign', 13, undefined],
      ['main', 22, undefined],
      ['──', 12, 'label'],
      ['sign', 12, 'subtle'],
      ['main', 22, 'subtle'],
    ]);
    expect(all.totalFrames).toBe(5);
    // The separator has a real source line (clients open every frame's source) and cannot be restarted.
    expect(all.stackFrames[2].source?.path).toBe(all.stackFrames[0].source?.path);
    expect(all.stackFrames[2].canRestart).toBe(false);
    const restart = await h.dc.customRequest('restartFrame', { frameId: all.stackFrames[2].id }).catch((e: Error) => e);
    expect(String(restart)).toMatch(/only separates the call stack from the earlier states/);
    const page = (await h.dc.stackTraceRequest({ threadId: t, startFrame: 3, levels: 1 })).body;
    expect(page.stackFrames.map((f) => f.line)).toEqual([12]);
    expect(page.totalFrames).toBe(5);
    // An earlier state shows the variables as they were: r has no value yet at the call.
    const earlier = await scopeValues(h.dc, all.stackFrames[4].id, 'Locals');
    expect(earlier.has('r')).toBe(false);
    expect(earlier.get('x')?.value).toBe('x');
  });

  it('restartFrame on an earlier state moves the path back; on a call frame to the call start', async () => {
    const t = (await launchAndStop(h.dc, SIGN)).body.threadId!;
    await step('stepIn', t);
    await step('next', t);
    let frames = (await h.dc.stackTraceRequest({ threadId: t })).body.stackFrames;
    const names = async () => (await h.dc.threadsRequest()).body.threads.map((th) => th.name);
    const before = await names();
    // Threads are named after their newest decision, with the branch side and line.
    expect(before).toEqual(expect.arrayContaining([expect.stringMatching(/^#\d+ (then|else)@\d+: /)]));
    let stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.restartFrameRequest({ frameId: frames[0].id }),
    );
    // Travelling back does not rename the paths.
    expect(await names()).toEqual(before);
    expect(stop.body.reason).toBe('restart');
    expect((await topFrame(h.dc, t)).line).toBe(12);
    frames = (await h.dc.stackTraceRequest({ threadId: t })).body.stackFrames;
    const mainState = frames.find((f) => f.presentationHint === 'subtle' && f.name.startsWith('main'))!;
    stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.restartFrameRequest({ frameId: mainState.id }),
    );
    expect(stop.body.reason).toBe('restart');
    const f = await topFrame(h.dc, t);
    expect([f.name, f.line]).toEqual(['main', 22]);
    // Forward again replays the recorded path (no new threads).
    await step('stepIn', t);
    await step('stepIn', t);
    expect((await topFrame(h.dc, t)).line).toBe(13);
    expect((await h.dc.threadsRequest()).body.threads).toHaveLength(2);
  });

  it('reverseContinue goes back to the previous breakpoint; goto jumps along the path', async () => {
    const t = (await launchAndStop(h.dc, SIGN)).body.threadId!;
    await step('stepIn', t);
    await step('next', t);
    await step('next', t);
    await h.dc.setBreakpointsRequest({ source: { path: SIGN }, breakpoints: [{ line: 12 }] });
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.reverseContinueRequest({ threadId: t }),
    );
    expect(stop.body.reason).toBe('breakpoint');
    expect((await topFrame(h.dc, t)).line).toBe(12);
    const targets = (await h.dc.gotoTargetsRequest({ source: { path: SIGN }, line: 22 })).body.targets;
    const mine = targets.find((g) => g.label.startsWith(`#${t} `))!;
    await afterRequest(h.dc, 'stopped', () => h.dc.gotoRequest({ threadId: t, targetId: mine.id }));
    expect((await topFrame(h.dc, t)).line).toBe(22);
  });
});

describe('joins', () => {
  it('a path waits at a join until the others arrive, then they merge into one thread', async () => {
    const t = (await launchAndStop(h.dc, sample('join/ifs_join_merge.sym'))).body.threadId!;
    await step('next', t); // line 12 -> 13
    const fork = await step('next', t); // forks at the if
    expect(fork.body.description).toBe('then: x0 > 0');
    expect(fork.body.text).toMatch(/branch: following then/);
    const other = (await h.dc.threadsRequest()).body.threads.find((x) => x.id !== t)!.id;
    await step('next', t); // s := s + 1 -> join
    const waiting = await step('next', t);
    expect(waiting.body.description).toMatch(/waiting at join \(line 14\): 1 other path/);
    const exited = h.dc.waitForEvent('thread');
    const merged = await step('next', other);
    expect(((await exited) as DebugProtocol.ThreadEvent).body).toMatchObject({ reason: 'exited', threadId: other });
    expect(merged.body.threadId).toBe(t);
    expect(merged.body.description).toMatch(/merged into #1/);
    expect((await topFrame(h.dc, t)).line).toBe(15);
    expect((await h.dc.threadsRequest()).body.threads).toHaveLength(1);
  });
});

describe('custom requests', () => {
  it('symdap/tree lists nodes; followBranch and jump move a path', async () => {
    const t = (await launchAndStop(h.dc, SIGN)).body.threadId!;
    await step('stepIn', t);
    await afterRequest(h.dc, 'stopped', () =>
      h.dc.customRequest('symdap/followBranch', { threadId: t, branch: 'else' }),
    );
    expect((await topFrame(h.dc, t)).line).toBe(14);
    const tree = (await h.dc.customRequest('symdap/tree', {})).body as {
      nodes: { id: number; parent?: number; label: string; thread?: number }[];
    };
    expect(tree.nodes[0].parent).toBeUndefined();
    expect(tree.nodes.map((n) => n.label)).toEqual(expect.arrayContaining(['then: x < 0', 'else: x >= 0']));
    const thenNode = tree.nodes.find((n) => n.label === 'then: x < 0')!;
    expect(thenNode.thread).not.toBe(t);
    await expect(h.dc.customRequest('symdap/jump', { threadId: t, nodeId: thenNode.id })).rejects.toThrow(
      /not on the path/,
    );
    await afterRequest(h.dc, 'stopped', () =>
      h.dc.customRequest('symdap/jump', { threadId: t, nodeId: tree.nodes[0].id }),
    );
    expect((await topFrame(h.dc, t)).line).toBe(22);
  });
});

describe('continue after time travel', () => {
  it('another thread continuing does not carry a rewound path past a breakpoint on its recorded future', async () => {
    const program = sample('lecture/double_loop.sym');
    const entry = await launchAndStop(h.dc, program);
    await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 17 }] });
    const first = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: entry.body.threadId! }),
    );
    expect(first.body.reason).toBe('breakpoint');
    const t1 = first.body.threadId!;
    await step('next', t1); // forks at `if (z == x)`
    const t2 = (await h.dc.threadsRequest()).body.threads.find((x) => x.id !== t1)!.id;
    // Restart Frame on #1 to a state inside the loop, before the breakpoint.
    const frames = (await h.dc.stackTraceRequest({ threadId: t1 })).body.stackFrames;
    const inLoop = frames.find((f) => f.presentationHint === 'subtle' && f.line === 13)!;
    await afterRequest(h.dc, 'stopped', () => h.dc.restartFrameRequest({ frameId: inLoop.id }));
    const stop = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: t2 }),
    );
    expect(stop.body).toMatchObject({ reason: 'breakpoint', threadId: t1 });
    expect((await topFrame(h.dc, t1)).line).toBe(17);
    // Both paths are still there; the run goes on from the breakpoint to the failure.
    expect((await h.dc.threadsRequest()).body.threads.map((x) => x.id)).toEqual(expect.arrayContaining([t1, t2]));
    const failure = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: t1 }),
    );
    expect(failure.body.reason).toBe('exception');
    expect((await topFrame(h.dc, failure.body.threadId!)).line).toBe(20);
  });
});
