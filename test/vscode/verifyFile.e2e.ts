// *symdap: Verify file* without the language server (`symdap.languageServer.enabled: false`:
// the command verifies in the extension host) in a real VS Code: the .vsix in a headless
// code-server, samples/heap/missing_permission.sym opened in Chromium, the command run from
// the palette. Its Problems entries must say what the server's say (issue 26, item 5): the
// permission explanation in the message, and the path as related locations named by what
// runs at each line, not `path step N` alone. A .vpr file (samples/viper/lost_permission.vpr)
// verifies the same way. Screenshots: test-output/vscode/verify-*.png.
// Run with `npm run test:vscode`.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from './support/cache';
import { screenshot } from './support/browser';
import { SEL, openFile, rowTexts, until, visible } from './support/workbench';
import { ROOT, useWorkbench } from './support/suite';

const SAMPLE = 'missing_permission.sym';
const VERIFY_MS = 60_000;

const VIPER_SAMPLE = 'lost_permission.vpr';

function populate(ws: string): void {
  cpSync(path.join(ROOT, 'samples', 'heap', SAMPLE), path.join(ws, SAMPLE));
  cpSync(path.join(ROOT, 'samples', 'viper', VIPER_SAMPLE), path.join(ws, VIPER_SAMPLE));
  writeFileSync(
    path.join(ws, '.vscode', 'settings.json'),
    JSON.stringify({ 'symdap.languageServer.enabled': false, 'files.autoSave': 'off' }),
  );
}

describe('Verify file in a headless VS Code without the language server', () => {
  const wb = useWorkbench('verify', populate);
  let page: Page;
  beforeAll(() => {
    page = wb.page;
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

  it('a .vpr file verifies too (modularly, as symdap verify does): the lost permission at line 18', async () => {
    await openFile(page, VIPER_SAMPLE);
    await page.keyboard.press('F1');
    await visible(page, SEL.quickInput, 'the command palette', 10_000);
    await page.keyboard.type('symdap: Verify file', { delay: 20 });
    await visible(page, SEL.quickInputRow, 'the Verify file command', 10_000, 'Verify file');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Shift+M');
    const rows = await until(
      'the Viper failure in Problems',
      VERIFY_MS,
      () => rowTexts(page, '.markers-panel .monaco-list-row'),
      (r) => r.some((t) => t.includes('acc(x.f) is not held to read x.f')),
    );
    await screenshot(page, 'verify-02-viper');
    expect(rows.some((t) => t.includes('open a .sym'))).toBe(false);
    expect(
      rows.find((t) => t.includes('acc(x.f) is not held to read x.f')),
      rows.join('\n'),
    ).toContain(
      "acc(x.f) was held until line 17: the call consume(x) consumed it, and consume's ensures does not give it back",
    );
  });
});
