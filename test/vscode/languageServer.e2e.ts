// The extension's language client in a real VS Code: the .vsix in a headless code-server
// (as debugging.e2e.ts does), a .sym file opened in Chromium, and what the user sees from
// the language server: the code lenses "Debug symbolically | Verify" above a procedure, a
// hover with the procedure's contract, and a type error appearing as a squiggle and in
// Problems while typing (no save), gone again once the text is fixed. Screenshots go to
// test-output/vscode/ (lsp-*.png). Run with `npm run test:vscode`.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from './support/cache';
import { screenshot } from './support/browser';
import { SEL, rowTexts, until, visible } from './support/workbench';
import { useWorkbench } from './support/suite';

const FILE = 'typing.sym';
const TEXT = 'proc twice(x: int) returns (r: int)\n  requires x >= 0\n  ensures r == 2 * x\n{\n  r := x + x;\n}\n';
const FAILING = 'failing.sym';
const FAILING_TEXT = 'proc main(x: int) {\n  var y: int := x * 2;\n  if (y > 20) {\n    assert y < 10;\n  }\n}\n';
const SERVER_MS = 60_000;
/** The text area of the editor on screen (hidden editors of other tabs stay in the DOM). */
const EDITOR = '.monaco-editor .view-lines >> visible=true';

/** From the Explorer (Quick Open's file search can lag far behind under load). */
async function openFromExplorer(page: Page, name: string): Promise<void> {
  await (await visible(page, SEL.explorerRow, `${name} in the Explorer`, 30_000, name)).click();
  await visible(page, SEL.activeTab, `an editor tab for ${name}`, 30_000, name);
}

function populate(ws: string): void {
  writeFileSync(path.join(ws, FILE), TEXT);
  writeFileSync(path.join(ws, FAILING), FAILING_TEXT);
  // Nothing saves behind the test's back: the diagnostics must come from the typed text.
  writeFileSync(path.join(ws, '.vscode', 'settings.json'), JSON.stringify({ 'files.autoSave': 'off' }));
}

describe('the Sym language server in a headless VS Code (code-server)', () => {
  const wb = useWorkbench('lsp', populate);
  let page: Page;
  let ws = '';
  beforeAll(() => {
    page = wb.page;
    ws = wb.ws;
  });

  it('shows the code lenses "Debug symbolically | Verify" above the procedure', async () => {
    await openFromExplorer(page, FILE);
    const lenses = await until(
      'the code lenses of the language server',
      SERVER_MS,
      () => rowTexts(page, '.monaco-editor .codelens-decoration'),
      (r) => r.some((t) => t.includes('Verify')),
    );
    expect(lenses.join(' ')).toMatch(/Debug symbolically.*Verify/);
    await screenshot(page, 'lsp-01-code-lens');
  });

  it('hovering the procedure name shows its signature and contract', async () => {
    // The cursor on `twice` (line 1, after `proc t`), then Show Hover (Ctrl+K Ctrl+I), as from the keyboard.
    await page.locator(EDITOR).first().click();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    const hover = await until(
      'a hover with the contract of twice',
      30_000,
      async () => {
        await page.keyboard.press('Control+K');
        await page.keyboard.press('Control+I');
        await page.waitForTimeout(1000);
        return rowTexts(page, '.monaco-hover-content');
      },
      (r) => r.some((t) => t.includes('ensures')),
    );
    expect(hover.join(' ')).toContain('proc twice(x: int) returns (r: int)');
    expect(hover.join(' ')).toContain('requires x >= 0');
    await screenshot(page, 'lsp-02-hover');
  });

  it('a type error typed into the file appears as a squiggle and in Problems without saving, and goes when fixed', async () => {
    await page.keyboard.press('Escape');
    await page.locator(EDITOR).first().click();
    // The end of line 5 (`r := x + x;`), then a statement with a type error.
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('var b: bool := x + 1;', { delay: 10 });
    await visible(page, '.monaco-editor .squiggly-error', 'an error squiggle while typing', SERVER_MS);
    await page.keyboard.press('Control+Shift+M');
    const problems = '.markers-panel .monaco-list-row';
    const rows = await until(
      'the type error in Problems',
      20_000,
      () => rowTexts(page, problems),
      (r) => r.some((t) => /bool/.test(t) && /\[Ln 6,/.test(t)),
    );
    expect(rows.join(' ')).toContain(FILE);
    // The file was not saved: the diagnostics come from the text as typed.
    expect(readFileSync(path.join(ws, FILE), 'utf8')).toBe(TEXT);
    await visible(page, '.tabs-container .tab.active.dirty', 'the unsaved (dirty) tab', 5_000);
    await screenshot(page, 'lsp-03-as-you-type-diagnostic');
    await page.locator(EDITOR).first().click();
    // Undo (typing takes several undo stops) until the server has no problem left in the file.
    await until(
      'no problem of typing.sym once the edit is undone',
      20_000,
      async () => {
        await page.keyboard.press('Control+z');
        await page.waitForTimeout(300);
        return rowTexts(page, problems);
      },
      (r) => !r.some((t) => t.includes(FILE)),
    );
    await page.keyboard.press('Control+s');
    await screenshot(page, 'lsp-04-fixed');
  });

  it('the Verify command on an unsaved file (so verify-on-save runs too) lists the failure once; closing the tab clears it', async () => {
    await openFromExplorer(page, FAILING);
    await page.locator(EDITOR).first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('F1');
    await visible(page, SEL.quickInput, 'the command palette', 10_000);
    await page.keyboard.type('symdap: Verify file', { delay: 20 });
    await visible(page, SEL.quickInputRow, 'the Verify file command', 10_000, 'Verify file');
    await page.keyboard.press('Enter');
    await visible(
      page,
      '.notifications-toasts .notification-toast',
      'the verification summary',
      SERVER_MS,
      /failed|fail/i,
    );
    const problems = '.markers-panel .monaco-list-row';
    await page.keyboard.press('Control+Shift+M');
    const rows = await until(
      'the failed assertion in Problems',
      SERVER_MS,
      () => rowTexts(page, problems),
      (r) => r.some((t) => /assertion may fail/.test(t)),
    );
    // Let a second collection (the command's own, before it went through the server) catch up, then count.
    await page.waitForTimeout(3000);
    const failures = (await rowTexts(page, problems)).filter((t) => /assertion may fail/.test(t));
    expect(failures, rows.join('\n')).toHaveLength(1);
    expect(failures[0]).toMatch(/counterexample: x = -?\d+/);
    await screenshot(page, 'lsp-05-verify-once');
    await page.locator(EDITOR).first().click();
    await page.keyboard.press('F1');
    await visible(page, SEL.quickInput, 'the command palette', 10_000);
    await page.keyboard.type('View: Close Editor', { delay: 20 });
    await visible(page, SEL.quickInputRow, 'the Close Editor command', 10_000, 'View: Close Editor');
    await page.keyboard.press('Enter');
    await until(
      'no problem of failing.sym once its tab is closed',
      20_000,
      () => rowTexts(page, problems),
      (r) => !r.some((t) => t.includes(FAILING) || /assertion may fail/.test(t)),
    );
    await screenshot(page, 'lsp-06-verify-closed');
  });
});
