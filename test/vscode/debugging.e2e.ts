// The extension in a real VS Code: the .vsix is installed into a headless code-server, a
// sample is opened in headless Chromium and debugged with F5, and every check reads the
// workbench's DOM, i.e. what a user sees. Screenshots go to test-output/vscode/.
// Run with `npm run test:vscode` (needs scripts/install-code-server.sh first).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from './support/cache';
import { launchBrowser, screenshot } from './support/browser';
import { startCodeServer, type CodeServer } from './support/codeServer';
import { SEL, expandRow, openFile, openWorkbench, rowTexts, until, visible } from './support/workbench';
import { ROOT, VSIX, buildVsix, copyWorkspace } from './support/suite';

const SAMPLE = 'bad_input.sym';
const BROKEN = 'broken.sym';
const STOP_MS = 30_000;

function makeWorkspace(scratch: string): string {
  const ws = copyWorkspace(scratch);
  cpSync(path.join(ROOT, 'samples', 'lecture', SAMPLE), path.join(ws, SAMPLE));
  writeFileSync(path.join(ws, BROKEN), 'proc main(x: int) {\n  var y: int := x + true;\n  assert z > 0;\n}\n');
  return ws;
}

describe('symdap in a headless VS Code (code-server)', () => {
  let scratch = '';
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const timings: string[] = [];
  const timed = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    try {
      return await f();
    } finally {
      timings.push(`${what}: ${Date.now() - t0} ms`);
    }
  };

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'symdap-vscode-'));
    await timed('build .vsix', buildVsix);
    server = await timed('install .vsix + start code-server', () =>
      startCodeServer({ vsix: VSIX, workspace: makeWorkspace(scratch), scratch }),
    );
    ({ browser, page } = await timed('launch Chromium', launchBrowser));
    await timed('workbench ready', () => openWorkbench(page, server!.url));
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page)
      await screenshot(page, `failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  afterAll(async () => {
    try {
      if (page) await screenshot(page, '99-last').catch(() => undefined);
      await browser?.close().catch(() => undefined);
    } finally {
      await server?.stop();
      if (scratch && !process.env.SYMDAP_KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
      console.log(`test:vscode timings\n  ${timings.join('\n  ')}`);
    }
  });

  it('F5 with the launch.json stops on entry: debug toolbar and current-line decoration', async () => {
    await openFile(page, SAMPLE);
    await page.keyboard.press('F5');
    await timed('F5 to stopped on entry', async () => {
      await visible(page, SEL.debugToolbar, 'the debug toolbar', STOP_MS);
      await visible(page, SEL.topFrameLine, 'the current-line decoration of the top stack frame', STOP_MS);
    });
    const frames = await until(
      'a stack frame of main in the Call Stack view',
      10_000,
      () => rowTexts(page, SEL.callStackFrame),
      (rows) => rows.some((r) => r.includes('main')),
    );
    // The first statement of main is the `if` on line 10, column 3.
    expect(frames[0]).toMatch(new RegExp(`main.*${SAMPLE}.*10:3`));
    await screenshot(page, '01-stopped-on-entry');
  });

  it('the Variables view shows symbolic inputs and a Path condition scope', async () => {
    const rows = await until(
      'the inputs c0..c3 in Locals',
      10_000,
      () => rowTexts(page, SEL.variablesRow),
      (r) => ['c0', 'c1', 'c2', 'c3'].every((n) => r.some((x) => x.startsWith(n))),
    );
    expect(rows).toContain('Locals');
    // The inputs are unconstrained symbols, so each one's value is its own symbol
    // (VS Code 1.100 renders a variable as `name = value`).
    for (const n of ['c0', 'c1', 'c2', 'c3']) expect(rows).toContain(`${n} = ${n}`);
    await expandRow(page, SEL.variablesRow, 'Path condition', 10_000);
    const pc = await until(
      'the Path condition scope expanded',
      10_000,
      () => rowTexts(page, SEL.variablesRow),
      (r) => r.indexOf('Model') > r.indexOf('Path condition') + 1,
    );
    // Nothing is known about the inputs on entry: the adapter lists the empty conjunction.
    expect(pc.slice(pc.indexOf('Path condition') + 1, pc.indexOf('Model'))).toEqual(['(empty) = true']);
    await screenshot(page, '02-variables-on-entry');
  });

  it('a step over the first branch adds a second thread (path) to the Call Stack view', async () => {
    await page.keyboard.press('F10');
    const threads = await timed('F10 to two threads', () =>
      until(
        'two threads in the Call Stack view',
        STOP_MS,
        () => rowTexts(page, SEL.callStackThread),
        (r) => r.length >= 2,
      ),
    );
    // The new thread is the other side of the branch, named after its path condition.
    expect(threads.some((t) => /c0 != 'b'/.test(t))).toBe(true);
    const pc = await until(
      'the branch condition on c0 in the Path condition scope',
      10_000,
      () => rowTexts(page, SEL.variablesRow),
      (r) => r.some((x) => /line 10/.test(x) && /c0/.test(x)),
    );
    expect(pc.join('\n')).toMatch(/c0 == 'b'/);
    await screenshot(page, '03-two-paths-after-step');
  });

  it('the Symbolic Execution Tree panel opened with the session and shows the fork', async () => {
    await visible(page, SEL.activeTab, 'the Symbolic Execution Tree tab', 10_000, 'Symbolic Execution Tree');
    // A webview: the page sits in an iframe inside the webview's iframe.
    const tree = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    const kinds = await until<string[]>(
      'the branch on line 10 and both sides in the tree',
      STOP_MS,
      () =>
        tree
          .locator('svg [data-node]')
          .evaluateAll((els: Element[]) =>
            els.map(
              (e) => `${e.getAttribute('data-kind')}@${e.getAttribute('data-line')}:${e.getAttribute('data-status')}`,
            ),
          ),
      (k) =>
        k.some((x) => x.startsWith('branch@10:')) && k.filter((x) => /:paused$/.test(x)).length >= 1 && k.length >= 3,
    );
    expect(kinds.length).toBeGreaterThanOrEqual(3);
    expect(await tree.locator('.header').innerText()).toContain(SAMPLE);
    await screenshot(page, '03b-execution-tree-panel');
  });

  it('continue stops at the failed assertion: the exception widget shows the counterexample', async () => {
    await page.keyboard.press('F5');
    const widget = await timed('F5 to the failed assertion', () =>
      visible(page, SEL.exceptionWidget, 'the exception widget', STOP_MS),
    );
    const text = (await widget.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/assert/i);
    expect(text).toContain('c0 = 98');
    expect(text).toContain('c1 = 97');
    expect(text).toContain('c2 = 100');
    expect(text).toContain('c3 = 33');
    await screenshot(page, '04-failed-assertion');
  });

  it('F5 on a file with errors shows them in Problems and a notification; closing the tab clears them', async () => {
    await page.keyboard.press('Shift+F5');
    await page.locator(SEL.debugToolbar).first().waitFor({ state: 'hidden', timeout: STOP_MS });
    await openFile(page, BROKEN);
    await page.keyboard.press('F5');
    await visible(
      page,
      '.notifications-toasts .notification-toast',
      'the launch error notification',
      STOP_MS,
      /cannot debug: line 2/,
    );
    await visible(page, '.monaco-editor .squiggly-error', 'an error squiggle in the editor', 10_000);
    await page.keyboard.press('Control+Shift+M');
    const problems = '.markers-panel .monaco-list-row';
    const rows = await until(
      'both errors of broken.sym in Problems',
      10_000,
      () => rowTexts(page, problems),
      (r) => r.filter((t) => /\[Ln [23],/.test(t)).length >= 2,
    );
    expect(rows.join(' ')).toContain(BROKEN);
    // One row per error: the launch and the language server must not both report them.
    const errorRows = rows.filter((t) => /\[Ln [23],/.test(t));
    expect(new Set(errorRows).size).toBe(errorRows.length);
    await screenshot(page, '05-broken-file-problems');
    await page.keyboard.press('F1');
    await visible(page, SEL.quickInput, 'the command palette', 10_000);
    await page.keyboard.type('View: Close Editor', { delay: 20 });
    await visible(page, SEL.quickInputRow, 'the Close Editor command', 10_000, 'View: Close Editor');
    await page.keyboard.press('Enter');
    await until(
      'no problem of broken.sym once its tab is closed',
      10_000,
      () => rowTexts(page, problems),
      (r) => !r.some((t) => t.includes(BROKEN) || /\[Ln [23],/.test(t)),
    );
    await screenshot(page, '06-broken-file-closed');
  });
});
