// The tree page beside a real debug session: the page drawn from `symdap/tree {compact: true}`
// has one `data-node` element per node with the same status, and clicking a node makes the
// adapter send `stopped` to a real DAP client, on a thread whose top frame is that state.

import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Browser } from 'playwright-core';
import { afterRequest, launchAndStop, openSession, sample, topFrame, type Harness } from '../adapter/sessionHarness';
import { treePageHtml } from '../../src/ui/pageHtml';
import type { TreeView } from '../../src/ui/model';
import { artifact, chromiumAvailable, launchChromium } from './browser';

// The page's live source in this test: clicks go to the session as `symdap/focus`.
const SOURCE = 'window.symdapTreeSource = { start() {}, activate(n) { window.symdapFocus(n.id); } };';

describe.skipIf(!chromiumAvailable)('the tree page with a live session', () => {
  let browser: Browser;
  let h: Harness;
  beforeAll(async () => {
    browser = await launchChromium();
    h = await openSession();
  });
  afterAll(async () => {
    await h?.close();
    await browser?.close();
  });

  it('counts and statuses agree with symdap/tree; a click stops a thread at that state', async () => {
    const program = sample('lecture/three_paths.sym');
    const entry = await launchAndStop(h.dc, program);
    await h.dc.setBreakpointsRequest({
      source: { path: program },
      breakpoints: [{ line: 13 }, { line: 15 }, { line: 17 }],
    });
    const first = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
      h.dc.continueRequest({ threadId: entry.body.threadId! }),
    );
    expect(first.body.reason).toBe('breakpoint');
    const view = (await h.dc.customRequest('symdap/tree', { compact: true })).body as TreeView;
    expect(view.nodes.some((n) => n.kind === 'branch')).toBe(true);
    expect(view.nodes.some((n) => n.status === 'paused')).toBe(true);

    const file = artifact('three-paths-live.html');
    writeFileSync(file, treePageHtml('live', view, SOURCE));
    const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
    const focused: number[] = [];
    await page.exposeFunction('symdapFocus', (id: number) => {
      focused.push(id);
      void h.dc.customRequest('symdap/focus', { nodeId: id });
    });
    await page.goto(`file://${file}`);
    await page.waitForFunction(() => document.body.dataset.renderMs !== undefined);
    const shown = await page.$$eval('[data-node]', (els) =>
      els.map((e) => [Number(e.getAttribute('data-node')), e.getAttribute('data-status')] as [number, string]),
    );
    expect(shown.length).toBe(view.nodes.length);
    expect(new Map(shown)).toEqual(new Map(view.nodes.map((n) => [n.id, n.status])));
    await page.screenshot({ path: artifact('three-paths-live.png') });

    // Click the branch state: a path through it goes back there (time travel), stopped on top.
    const branch = view.nodes.find((n) => n.kind === 'branch')!;
    const stopped = h.dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
    await page.click(`svg [data-node="${branch.id}"]`);
    const ev = await stopped;
    expect(focused).toEqual([branch.id]);
    expect((await topFrame(h.dc, ev.body.threadId!)).line).toBe(branch.line);
    const after = (await h.dc.customRequest('symdap/tree', { compact: true })).body as TreeView;
    expect(after.nodes.find((n) => n.id === branch.id)?.thread).toBe(ev.body.threadId);
    await page.close();
  }, 120_000);
});
