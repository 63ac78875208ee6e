// "Why" in a real VS Code (issue 25's screenshots): the extension's .vsix in a headless
// code-server, driven through the workbench as a user would. A failure after `join φ;` that no
// path reaching the join has is shown as "spec too weak" in the exception widget and in the Why
// scope; at a breakpoint on an assertion that holds, `:why` in the Debug Console lists the facts
// its proof rests on. Screenshots go to test-output/vscode/ (why-*.png).
// Run with `npm run test:vscode` (needs scripts/install-code-server.sh first).
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from './support/cache';
import { screenshot } from './support/browser';
import { SEL, expandRow, rowTexts, until, visible } from './support/workbench';
import { ROOT, useWorkbench } from './support/suite';
import { openFromExplorer, startDebugging } from './support/explorer';

const WEAK = 'join_forgets.sym';
const PROOF = 'proof.sym';
const STOP_MS = 60_000;

function populate(ws: string): void {
  cpSync(path.join(ROOT, 'samples', 'join', WEAK), path.join(ws, WEAK));
  writeFileSync(
    path.join(ws, PROOF),
    'proc main(n: int, m: int)\n  requires n > 0\n{\n  var k: int := n + 1;\n  assert k > 1;\n}\n',
  );
}

describe('why in a headless VS Code (code-server)', () => {
  const wb = useWorkbench('why', populate);
  let page: Page;
  beforeAll(() => {
    page = wb.page;
  });

  it('a failure the join lets through: "spec too weak" in the exception widget and the Why scope', async () => {
    await openFromExplorer(page, WEAK);
    await startDebugging(page);
    await page.keyboard.press('F5');
    const widget = await visible(page, SEL.exceptionWidget, 'the exception widget', STOP_MS);
    const text = (await widget.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('spec too weak: no input reaches this failure; the join at line 16');
    await expandRow(page, SEL.variablesRow, 'Why', 10_000);
    const rows = await until(
      "the Why scope's rows",
      10_000,
      () => rowTexts(page, SEL.variablesRow),
      (r) => r.some((t) => t.startsWith('class')),
    );
    expect(rows.some((t) => /^class\s*[=:]?\s*spec-too-weak/.test(t))).toBe(true);
    await screenshot(page, 'why-01-spec-too-weak');
    await page.keyboard.press('Shift+F5');
    await page.locator(SEL.debugToolbar).first().waitFor({ state: 'hidden', timeout: STOP_MS });
  });

  it(':why at a breakpoint on an assertion that holds lists what its proof rests on', async () => {
    await openFromExplorer(page, PROOF);
    // A breakpoint on line 5 (Ctrl+G to the line, F9).
    await page.keyboard.press('Control+G');
    await visible(page, SEL.quickInput, 'the Go to Line box', 10_000);
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await page.keyboard.press('F9');
    await startDebugging(page);
    await page.keyboard.press('F5');
    await until(
      'the stop at line 5',
      STOP_MS,
      () => rowTexts(page, SEL.callStackFrame),
      (r) => r.some((t) => /proof\.sym.*5:\d/.test(t)),
    );
    await page.keyboard.press('Control+Shift+Y');
    const input = await visible(page, '.repl-input-wrapper .monaco-editor', 'the Debug Console input', 10_000);
    await input.click();
    await page.keyboard.type(':why', { delay: 20 });
    await page.keyboard.press('Enter');
    const out = await until(
      'the answer of :why',
      STOP_MS,
      () => rowTexts(page, '.repl .monaco-list-row'),
      (r) => r.some((t) => t.includes('rests on')),
    );
    const answer = out.join('\n');
    expect(answer).toContain('holds on 1 path(s); it rests on:');
    expect(answer).toContain('line 2: requires of main');
    await screenshot(page, 'why-02-proof-dependencies');
  });
});
