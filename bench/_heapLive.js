// The live tree page's heap graph (issue 27): `symdap dap --ui` over stdio, as an editor runs it,
// the program run to its first failure, the page the adapter serves opened in Chromium (the VS
// Code panel gets the same view through the extension). The adapter lays the view's heaps out
// in its worker thread (src/adapter/session/heapPlacer.ts) and sends their positions in a
// delta; the page only draws. Measured: the failing node clicked once the positions are there
// (`document.body.dataset.placed`), and clicked as soon as the page has drawn the tree (the
// page then waits for the positions: wall time includes the adapter's layout, CPU is the page's).
'use strict';
/* global document -- read inside page.evaluate, in the browser */
const { spawn } = require('node:child_process');
const path = require('node:path');
const { Client } = require('./dap');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');

/** A `symdap dap --ui` process stopped at the program's first failure, and its page's address. */
async function liveSession(program) {
  const child = spawn(process.execPath, [BIN, 'dap', '--ui'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const url = new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (c) => {
      text += c;
      const m = /execution tree at (\S+)/.exec(text);
      if (m) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error(`symdap dap --ui ended: ${text}`)));
  });
  const c = new Client(child.stdout, child.stdin);
  await c.send('initialize', { adapterID: 'symdap', linesStartAt1: true, columnsStartAt1: true });
  const stopped = c.event('stopped', 120000);
  const launched = c.send('launch', { program, stopOnEntry: false });
  await c.send('configurationDone', {});
  await launched;
  await stopped;
  return { url: await url, close: () => child.kill() };
}

/** One program's live page: the failing node clicked at load and after its positions came. */
async function livePage(browser, program, drawn) {
  const s = await liveSession(program);
  const once = async (waitPlaced) => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    try {
      await page.goto(s.url);
      await page.waitForFunction(() => document.querySelector('.node.s-failed') !== null, null, { timeout: 120000 });
      await page.evaluate(() =>
        document.addEventListener('click', (e) => (document.body.dataset.clickAt = String(e.timeStamp)), true),
      );
      if (waitPlaced)
        await page.waitForFunction(() => Number(document.body.dataset.placed ?? 0) > 0, null, { timeout: 120000 });
      const out = await drawn(page, cdp, page.locator('.node.s-failed').nth(0));
      return { ...out, laidOut: await page.evaluate(() => document.body.dataset.heapLaidOut) };
    } finally {
      await page.close();
    }
  };
  try {
    const atLoad = await once(false);
    const placed = await once(true);
    return { atLoad, placed };
  } finally {
    s.close();
  }
}

module.exports = { livePage };
