// End to end over stdio (`symdap dap` as a child process, DebugClient from
// @vscode/debugadapter-testsupport): missing_permission.sym stops on a permission failure, and
// the client reads the Heap scope rows of both frames and the explanation of where the
// permission was lost.

import type { DebugProtocol } from '@vscode/debugprotocol';
import { expect, it } from 'vitest';
import { StdioDebugClient, launchStopped, sample, withTimeout } from './transportSupport';

async function heapRows(dc: StdioDebugClient, frameId: number): Promise<[string, string, string | undefined][]> {
  const scopes = (await dc.scopesRequest({ frameId })).body.scopes;
  const heap = scopes.find((s) => s.name === 'Heap');
  expect(heap, 'a Heap scope').toBeDefined();
  const vars = (await dc.variablesRequest({ variablesReference: heap!.variablesReference })).body.variables;
  return vars.map((v) => [v.name, v.value, v.type]);
}

it('stops on permission failures and shows the Heap scope and where the permission was lost', async () => {
  const dc = new StdioDebugClient();
  const program = sample('heap/missing_permission.sym');
  const first = await launchStopped(dc, program, { stopOnEntry: false });
  expect(first.body.reason).toBe('exception');
  const t1 = first.body.threadId!;
  const info1 = (await dc.exceptionInfoRequest({ threadId: t1 })).body;
  expect(info1.breakMode).toBe('always');
  expect(info1.description).toContain(
    "acc(c.x) was held until line 34: the call clear(c) consumed it, and clear's ensures does not give it back",
  );
  const main1 = (await dc.stackTraceRequest({ threadId: t1 })).body.stackFrames[0];
  expect(main1.line).toBe(35);
  // A first row names the missing chunk, for clients that never ask for exceptionInfo.
  expect(await heapRows(dc, main1.id)).toEqual([
    [
      '✗ missing acc(c.x)',
      "acc(c.x) was held until line 34: the call clear(c) consumed it, and clear's ensures does not give it back",
      'acc(c.x) is not held to write c.x',
    ],
    ['(empty)', 'no permissions held', undefined],
  ]);

  const stopped = dc.waitForEvent('stopped', 20_000) as Promise<DebugProtocol.StoppedEvent>;
  await dc.continueRequest({ threadId: t1 });
  const second = await stopped;
  expect(second.body.reason).toBe('exception');
  const t2 = second.body.threadId!;
  const info2 = (await dc.exceptionInfoRequest({ threadId: t2 })).body;
  expect(info2.description).toContain('acc(c.x) is not held to read c.x');
  expect(info2.description).toContain(
    "acc(c.x) was held until line 36: the call peek(c) did not pass it: peek's requires does not ask for it",
  );
  const frames = (await dc.stackTraceRequest({ threadId: t2 })).body.stackFrames;
  expect(frames.slice(0, 2).map((f) => [f.name, f.line])).toEqual([
    ['peek [failed]', 21],
    ['main', 36],
  ]);
  expect((await heapRows(dc, frames[0].id)).map((r) => r[0])).toEqual(['✗ missing acc(c.x)', '(empty)']);
  // main kept the permission the path assumed after the first failure.
  const kept = await heapRows(dc, frames[1].id);
  expect(kept[0]).toEqual(['acc(c.x)', '1', 'assumed after the permission failure at line 35']);
  expect(kept.slice(1).map((r) => [r[0], r[1]])).toEqual([['old heap', '0 chunk(s) on entry to main']]);

  const terminated = dc.waitForEvent('terminated', 20_000);
  await dc.continueRequest({ threadId: t2 });
  await terminated;
  await dc.disconnectRequest({});
  expect(await withTimeout(dc.exited(), 10_000, 'adapter exit')).toBe(0);
  expect(dc.stderr).toBe('');
}, 60_000);
