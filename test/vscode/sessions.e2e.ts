// What a user meets from the second debug session on (issue 26), in a real VS Code
// (code-server + Chromium, the packaged .vsix): the tree panel follows the new session; a
// launch with `"ui": true` serves the tree page from the installed extension; a launch of a
// missing file says so in a notification; repair.sym (verified) runs to its end without a
// failure stop. Every check reads what the user sees; screenshots go to test-output/vscode/.
// Run with `npm run test:vscode` (needs scripts/install-code-server.sh first).
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from './support/cache';
import { screenshot } from './support/browser';
import { SEL, openFile, rowTexts, until, visible } from './support/workbench';
import { ROOT, useWorkbench } from './support/suite';

const FIRST = 'bad_input.sym';
const SECOND = 'max.sym';
const REPAIR = 'repair.sym';
const STOP_MS = 30_000;

function populate(ws: string): void {
  cpSync(path.join(ROOT, 'samples', 'lecture', FIRST), path.join(ws, FIRST));
  cpSync(path.join(ROOT, 'samples', 'contracts', SECOND), path.join(ws, SECOND));
  cpSync(path.join(ROOT, 'samples', 'synth', REPAIR), path.join(ws, REPAIR));
}

/** F1, a command by its title, then (optionally) a quick pick entry by its label. */
async function runCommand(page: Page, title: string, pick?: string): Promise<void> {
  await page.keyboard.press('F1');
  await visible(page, SEL.quickInput, 'the command palette', 10_000);
  await page.keyboard.type(title, { delay: 15 });
  await visible(page, SEL.quickInputRow, `the command ${title}`, 10_000, title);
  await page.keyboard.press('Enter');
  if (!pick) return;
  await visible(page, SEL.quickInputRow, `the entry ${pick}`, 10_000, pick);
  await page.keyboard.type(pick, { delay: 15 });
  await page.keyboard.press('Enter');
}

/** Quick Open, once more after Escape should a busy workbench drop the first attempt. */
async function open(page: Page, name: string): Promise<void> {
  await openFile(page, name).catch(async () => {
    await page.keyboard.press('Escape');
    await openFile(page, name);
  });
}

async function stopSession(page: Page): Promise<void> {
  await page.keyboard.press('Shift+F5');
  await page.locator(SEL.debugToolbar).first().waitFor({ state: 'hidden', timeout: STOP_MS });
}

describe('symdap in VS Code, session after session', () => {
  const wb = useWorkbench('sessions', populate);
  let page: Page;
  beforeAll(() => {
    page = wb.page;
  });
  const tree = () => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');

  it('the tree panel shows the second session, not the first (issue 26.1)', async () => {
    await open(page, FIRST);
    await page.keyboard.press('F5');
    await visible(page, SEL.topFrameLine, 'the first session stopped on entry', STOP_MS);
    await until(
      'the tree panel on the first file',
      STOP_MS,
      () =>
        tree()
          .locator('.header')
          .innerText()
          .catch(() => ''),
      (t) => t.includes(FIRST),
    );
    await stopSession(page);
    await open(page, SECOND);
    await page.keyboard.press('F5');
    await visible(page, SEL.topFrameLine, 'the second session stopped on entry', STOP_MS);
    const header = await until(
      'the tree panel on the second file',
      STOP_MS,
      () =>
        tree()
          .locator('.header')
          .innerText()
          .catch(() => ''),
      (t) => t.includes(SECOND),
    );
    expect(header).not.toContain(FIRST);
    expect(header).not.toContain('has ended');
    await screenshot(page, '10-tree-panel-second-session');
    await stopSession(page);
  });

  it('"ui": true serves the tree page from the installed extension (issue 26.2)', async () => {
    await open(page, FIRST);
    await runCommand(page, 'Debug: Select and Start Debugging', 'Debug with the tree page');
    await visible(page, SEL.topFrameLine, 'the session stopped on entry', STOP_MS);
    await page.keyboard.press('Control+Shift+Y');
    const lines = await until(
      'the tree page address in the Debug Console',
      STOP_MS,
      () => rowTexts(page, '.repl .monaco-list-row'),
      (r) => r.some((t) => /Execution tree: http:\/\/127\.0\.0\.1:\d+/.test(t) || /cannot serve the tree page/.test(t)),
    );
    await screenshot(page, '11-ui-true-debug-console');
    expect(lines.join('\n')).not.toMatch(/cannot serve the tree page/);
    const url = /Execution tree: (http:\/\/127\.0\.0\.1:\d+\S*)/.exec(lines.join('\n'))![1];
    const html = await (await fetch(url)).text();
    expect(html).toContain('symdap-tree');
    await stopSession(page);
  });

  it('a launch of a missing file says so in a notification (issue 26.4)', async () => {
    await runCommand(page, 'Debug: Select and Start Debugging', 'Debug a missing file');
    await visible(
      page,
      '.notifications-toasts .notification-toast',
      'the launch error notification',
      STOP_MS,
      /there is no file .*missing\.sym/,
    );
    await screenshot(page, '12-missing-file-notification');
  });

  it('repair.sym: continue runs to the end with no failure stop (issue 26.3)', async () => {
    await open(page, REPAIR);
    await runCommand(page, 'Debug: Select and Start Debugging', 'Debug symbolically');
    await visible(page, SEL.topFrameLine, 'repair.sym stopped on entry', STOP_MS);
    await page.keyboard.press('F5');
    await page.locator(SEL.debugToolbar).first().waitFor({ state: 'hidden', timeout: 120_000 });
    expect(await page.locator(SEL.exceptionWidget).count()).toBe(0);
    await until(
      'the end summary in the tree panel',
      STOP_MS,
      () =>
        tree()
          .locator('.header')
          .innerText()
          .catch(() => ''),
      (t) => t.includes(REPAIR),
    );
    await screenshot(page, '13-repair-ran-to-end');
  });
});
