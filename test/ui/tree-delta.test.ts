// `symdap/treeDelta`: a client subscribed with `symdap/tree {compact: true, subscribe: true}`
// gets, after each move, only what changed; applied to its first view it equals a fresh
// `symdap/tree {compact: true}` (a real session, a real DAP client).

import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterRequest, launchAndStop, openSession, sample, type Harness } from '../adapter/sessionHarness';
import { applyDelta } from '../../src/ui/delta';
import type { TreeDelta, TreeView } from '../../src/ui/model';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

it('deltas after a move bring the subscribed view up to date', async () => {
  const program = sample('lecture/three_paths.sym');
  const entry = await launchAndStop(h.dc, program);
  let view = (await h.dc.customRequest('symdap/tree', { compact: true, subscribe: true })).body as TreeView;
  const before = view.nodes.length;
  await h.dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 13 }] });
  const deltas: TreeDelta[] = [];
  h.dc.on('symdap/treeDelta', (e: DebugProtocol.Event) => deltas.push(e.body as TreeDelta));
  await afterRequest(h.dc, 'stopped', () => h.dc.continueRequest({ threadId: entry.body.threadId! }));
  const fresh = (await h.dc.customRequest('symdap/tree', { compact: true })).body as TreeView;
  expect(deltas.length).toBeGreaterThan(0);
  for (const d of deltas) {
    // Only changes travel: every node sent is new or differs from what the client has.
    const had = new Map(view.nodes.map((n) => [n.id, JSON.stringify(n)]));
    for (const n of d.upsert) expect(had.get(n.id)).not.toBe(JSON.stringify(n));
    view = applyDelta(view, d);
  }
  expect(view.nodes).toEqual(fresh.nodes);
  expect(fresh.nodes.length).toBeGreaterThan(before);
});
