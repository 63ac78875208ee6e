// A Viper file in a real VS Code (issue 23): the extension contributes the `viper` language for
// .vpr, so F5 with no launch.json debugs the active .vpr file as it does a .sym file; the
// failure carries Viper's own error id in the exception widget, and the Variables view has the
// Heap scope of the fields. Screenshot: test-output/vscode/viper-01-failure.png.
// Run with `npx vitest run -c vitest.vscode.config.mts test/vscode/viper.e2e.ts`.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from './support/cache';
import { screenshot } from './support/browser';
import { SEL, rowTexts, until, visible } from './support/workbench';
import { ROOT, useWorkbench } from './support/suite';
import { openFromExplorer, startDebugging } from './support/explorer';

const VPR = 'lost_permission.vpr';
const STOP_MS = 60_000;

function populate(ws: string): void {
  cpSync(path.join(ROOT, 'samples', 'viper', VPR), path.join(ws, VPR));
  // No launch.json: F5 must fall back to the extension's default configuration for the active file.
  rmSync(path.join(ws, '.vscode'), { recursive: true, force: true });
}

describe('a .vpr file in a headless VS Code (code-server), no launch.json', () => {
  const wb = useWorkbench('viper', populate);
  let page: Page;
  beforeAll(() => {
    page = wb.page;
  });

  it('is the viper language, F5 stops on entry, F5 again stops at the lost permission with its Viper id', async () => {
    expect(existsSync(path.join(wb.ws, '.vscode', 'launch.json'))).toBe(false);
    await openFromExplorer(page, VPR);
    // The status bar names the language mode the extension contributes for .vpr.
    await visible(page, '.statusbar-item', 'the Viper language mode in the status bar', 10_000, /^Viper$/);
    await startDebugging(page);
    await page.keyboard.press('F5');
    const widget = await visible(page, SEL.exceptionWidget, 'the exception widget', STOP_MS);
    const text = (await widget.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('insufficient permission: acc(x.f) is not held to read x.f');
    expect(text).toContain('assert.failed:insufficient.permission');
    // The failing line is the assertion that reads x.f (line 18).
    const line = await visible(page, SEL.topFrameLine, 'the failing line', 10_000);
    expect(await line.isVisible()).toBe(true);
    const scopes = await until(
      'the Heap scope in Variables',
      10_000,
      () => rowTexts(page, SEL.variablesRow),
      (r) => r.some((t) => t === 'Heap' || t.startsWith('Heap ')),
    );
    expect(scopes.some((t) => t.startsWith('Locals'))).toBe(true);
    await screenshot(page, 'viper-01-failure');
    await page.keyboard.press('Shift+F5');
    await page.locator(SEL.debugToolbar).first().waitFor({ state: 'hidden', timeout: STOP_MS });
  });
});
