// *symdap: Verify file* without the language server (`symdap.languageServer.enabled: false`:
// the command verifies in the extension host) in a real VS Code: the .vsix in a headless
// code-server, samples/heap/missing_permission.sym opened in Chromium, the command run from
// the palette. Its Problems entries must say what the server's say (issue 26, item 5): the
// permission explanation in the message, and the path as related locations named by what
// runs at each line, not `path step N` alone. Screenshots: test-output/vscode/verify-*.png.
// Run with `npm run test:vscode`.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from './support/cache';
import { launchBrowser, screenshot } from './support/browser';
import { startCodeServer, type CodeServer } from './support/codeServer';
import { SEL, openFile, openWorkbench, rowTexts, until, visible } from './support/workbench';

const ROOT = path.resolve(__dirname, '..', '..');
const VSIX = path.join(ROOT, 'extension', 'symdap.vsix');
const SAMPLE = 'missing_permission.sym';
const VERIFY_MS = 60_000;

describe('Verify file in a headless VS Code without the language server', () => {
  let scratch = '';
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'symdap-vscode-verify-'));
    if (!existsSync(path.join(ROOT, 'extension', 'node_modules')))
      throw new Error('extension/node_modules is missing: run `npm ci --prefix extension` first');
    await promisify(execFile)('npm', ['run', '--prefix', path.join(ROOT, 'extension'), 'package'], {
      timeout: 180_000,
    });
    const ws = path.join(scratch, 'workspace');
    cpSync(path.join(__dirname, 'workspace'), ws, { recursive: true });
    cpSync(path.join(ROOT, 'samples', 'heap', SAMPLE), path.join(ws, SAMPLE));
    writeFileSync(
      path.join(ws, '.vscode', 'settings.json'),
      JSON.stringify({ 'symdap.languageServer.enabled': false, 'files.autoSave': 'off' }),
    );
    server = await startCodeServer({ vsix: VSIX, workspace: ws, scratch });
    ({ browser, page } = await launchBrowser());
    await openWorkbench(page, server.url);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page)
      await screenshot(page, `verify-failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  afterAll(async () => {
    try {
      await browser?.close().catch(() => undefined);
    } finally {
      await server?.stop();
      if (scratch && !process.env.SYMDAP_KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('a permission failure in Problems carries its explanation and named path steps', async () => {
    await openFile(page, SAMPLE);
    await page.keyboard.press('F1');
    await visible(page, SEL.quickInput, 'the command palette', 10_000);
    await page.keyboard.type('symdap: Verify file', { delay: 20 });
    await visible(page, SEL.quickInputRow, 'the Verify file command', 10_000, 'Verify file');
    await page.keyboard.press('Enter');
    await visible(page, '.notifications-toasts .notification-toast', 'the verification summary', VERIFY_MS, /failed/i);
    await page.keyboard.press('Control+Shift+M');
    const problems = '.markers-panel .monaco-list-row';
    const rows = await until(
      'the permission failure and its path in Problems',
      VERIFY_MS,
      () => rowTexts(page, problems),
      (r) => r.some((t) => t.includes('acc(c.x) is not held')) && r.some((t) => /path step \d+: clear\(c\);/.test(t)),
    );
    await screenshot(page, 'verify-01-problems');
    const failure = rows.find((t) => t.includes('acc(c.x) is not held to read c.x'));
    expect(failure, rows.join('\n')).toContain(
      "acc(c.x) was held until line 36: the call peek(c) did not pass it: peek's requires does not ask for it",
    );
    // Related locations: each step named by its source line.
    expect(
      rows.some((t) => /path step \d+: var c: Cell := new Cell;/.test(t)),
      rows.join('\n'),
    ).toBe(true);
    expect(rows.some((t) => /^path step \d+$/.test(t.trim()))).toBe(false);
  });
});
