// The adapter's heap graph layouts off its thread (src/adapter/runtime/layoutWorker.ts, issue
// 27): the worker runs the built drawing code (dist/ui/heap-svg.js: `npm run build` first) and
// answers the same positions as a layout in this thread, while this thread keeps running (its
// timers fire during a 50-object layout); laid out in this thread, elkjs holds it throughout.

import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { LayoutWorker } from '../../src/adapter/runtime/layoutWorker';
import { layoutHeap } from '../../src/ui/heap/layout';
import { toGraphLayout } from '../../src/ui/heap/placed';
import { randomHeap } from '../../src/ui/heap/warm';

const BUNDLE = path.resolve(__dirname, '..', '..', 'dist', 'ui', 'heap-svg.js');

/** How often a 1 ms timer fired while `f` ran. */
async function ticksDuring(f: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const t = setInterval(() => ticks++, 1);
  try {
    await f();
  } finally {
    clearInterval(t);
  }
  return ticks;
}

describe.skipIf(!existsSync(BUNDLE))('the layout worker', () => {
  test('the positions of a layout here; this thread runs meanwhile; the warm-up ends', async () => {
    const w = new LayoutWorker(BUNDLE);
    try {
      await w.warmed;
      const g = randomHeap(50, 11);
      let fromWorker: unknown;
      const ticks = await ticksDuring(async () => (fromWorker = await w.layout(g)));
      expect(fromWorker).toEqual(toGraphLayout(await layoutHeap(g)));
      expect(ticks).toBeGreaterThan(5);
      // The same shape laid out in this thread: no timer runs until elkjs is done.
      expect(await ticksDuring(() => layoutHeap(randomHeap(50, 12)))).toBeLessThan(5);
      // Several asked at once: each answered with its own graph's positions.
      const gs = [randomHeap(8, 1), randomHeap(30, 2), randomHeap(8, 1)];
      const got = await Promise.all(gs.map((x) => w.layout(x)));
      for (const [i, x] of gs.entries()) expect(got[i]).toEqual(toGraphLayout(await layoutHeap(x)));
    } finally {
      w.close();
    }
  }, 180_000);

  test('a closed worker refuses by name instead of hanging', async () => {
    const w = new LayoutWorker(BUNDLE, false);
    w.close();
    await new Promise((r) => setTimeout(r, 200));
    await expect(w.layout(randomHeap(3, 1))).rejects.toThrow(/layout worker stopped/);
  }, 60_000);
});
