// "Why" in a real VS Code, the parts of issue 25 that came with suggested facts and proof
// lenses: debugged in modular mode, a failure behind an invariant that says too little is
// "spec too weak" in the exception widget with the invariant that closes the gap, and the Why
// scope has its `suggest` row; in the editor, the language server puts "holds by line …"
// above each assertion that holds. Screenshots: test-output/vscode/why-03-*.png, why-04-*.png.
// Run with `npx vitest run -c vitest.vscode.config.mts test/vscode/whySuggest.e2e.ts`.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from './support/cache';
import { screenshot } from './support/browser';
import { SEL, expandRow, rowTexts, until, visible } from './support/workbench';
import { ROOT, useWorkbench } from './support/suite';
import { openFromExplorer, startDebugging } from './support/explorer';

const WEAK = 'weak_invariant.sym';
const PROOF = 'proof.sym';
const STOP_MS = 60_000;

function populate(ws: string): void {
  cpSync(path.join(ROOT, 'samples', 'contracts', WEAK), path.join(ws, WEAK));
  writeFileSync(
    path.join(ws, PROOF),
    'proc main(x: int, y: int)\n  requires x > 0\n  requires y > 5\n{\n  var z: int := x + 1;\n  assert z > 1;\n  assert y > 2;\n}\n',
  );
  // F5 debugs the active file in modular mode (loops by their invariants, calls by their contracts).
  mkdirSync(path.join(ws, '.vscode'), { recursive: true });
  writeFileSync(
    path.join(ws, '.vscode', 'launch.json'),
    JSON.stringify({
      version: '0.2.0',
      configurations: [
        {
          type: 'symdap',
          request: 'launch',
          name: 'Debug symbolically (modular)',
          program: '${file}',
          stopOnEntry: true,
          mode: 'modular',
        },
      ],
    }),
  );
}

describe('suggested facts and proof lenses in a headless VS Code (code-server)', () => {
  const wb = useWorkbench('why-suggest', populate);
  let page: Page;
  beforeAll(() => {
    page = wb.page;
  });

  it('spec too weak behind a loop invariant: the exception widget and the Why scope suggest the invariant', async () => {
    await openFromExplorer(page, WEAK);
    await startDebugging(page);
    await page.keyboard.press('F5');
    const widget = await visible(page, SEL.exceptionWidget, 'the exception widget', STOP_MS);
    const text = (await widget.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('spec too weak: no input reaches this failure; the invariant at line 17');
    expect(text).toContain('adding `invariant total == 3 * i + 1` at line 17 closes it');
    await expandRow(page, SEL.variablesRow, 'Why', 10_000);
    const rows = await until(
      "the Why scope's suggest row",
      10_000,
      () => rowTexts(page, SEL.variablesRow),
      (r) => r.some((t) => t.startsWith('suggest')),
    );
    expect(rows.some((t) => t.includes('invariant total == 3 * i + 1 (at line 17)'))).toBe(true);
    await screenshot(page, 'why-03-spec-too-weak-suggestion');
    await page.keyboard.press('Shift+F5');
    await page.locator(SEL.debugToolbar).first().waitFor({ state: 'hidden', timeout: STOP_MS });
  });

  it('proof lenses: above each assertion that holds, the lines its proof rests on', async () => {
    await openFromExplorer(page, PROOF);
    const lens = await visible(page, '.monaco-editor .codelens-decoration', 'a proof lens', STOP_MS, 'holds by');
    expect(await lens.innerText()).toMatch(/holds by line/);
    const all = (await page.locator('.monaco-editor .codelens-decoration').allInnerTexts()).join('\n');
    expect(all).toContain('z > 1: holds by line 2');
    expect(all).toContain('y > 2: holds by line 3');
    await screenshot(page, 'why-04-proof-lenses');
  });
});
