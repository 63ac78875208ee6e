// F10 on a path waiting at a join (issue 26.9): the step cannot move it, and the adapter says
// why where a user looks — an `important` output event (VS Code shows it as a notification)
// naming the join and how many other paths must arrive — over a real DAP client.

import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterRequest, launchAndStop, openSession, sample, type Harness } from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const next = (threadId: number): Promise<DebugProtocol.StoppedEvent> =>
  afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId }));

it('a step of a waiting path is answered with a notice saying the other paths must arrive', async () => {
  const t = (await launchAndStop(h.dc, sample('join/ifs_join_merge.sym'))).body.threadId!;
  await next(t); // line 12 -> 13
  await next(t); // forks at the if
  await next(t); // s := s + 1 -> the join
  const arrived = await next(t);
  expect(arrived.body.description).toMatch(/^waiting at join \(line 14\)/);
  const important: string[] = [];
  h.dc.on('output', (e) => {
    const b = (e as DebugProtocol.OutputEvent).body;
    if (b.category === 'important') important.push(b.output);
  });
  const again = await next(t);
  expect(again.body.threadId).toBe(t);
  expect(important).toEqual([
    `path #${t} is waiting at join (line 14): 1 other path(s) of this call still running; step or continue them to release the join\n`,
  ]);
});
