// The heap graph view in a real VS Code (issue 27): the .vsix in a headless code-server, the
// command "Show Heap Graph of the Selected Frame" opens a webview beside the editor that draws
// the graph of the stack frame VS Code has selected, and follows the session: every stop and
// every frame chosen in the Call Stack redraws it. alias.sym (inside setBoth, then its caller's
// frame chosen; c and d one object), list.sym (a folded list(l)), missing_permission.sym (the
// missing chunk marked at each failure), a 50-object program, and an object holding arrays
// (cells, and references from cells). Screenshots go to test-output/vscode/ (heap-*.png), looked at.
// Run with `npx vitest run -c vitest.vscode.config.mts test/vscode/heapGraph.e2e.ts`.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from './support/cache';
import { screenshot } from './support/browser';
import { SEL, openFile, rowTexts, until, visible } from './support/workbench';
import { ROOT, useWorkbench } from './support/suite';

const STOP_MS = 60_000;
const HEAP = ['alias.sym', 'list.sym', 'missing_permission.sym'];

const FIFTY = `class Node { var val: int; var next: Node; var other: Node; }
proc main() {
${Array.from({ length: 50 }, (_, i) => `  var n${i}: Node := new Node;\n  n${i}.val := ${i};`).join('\n')}
${Array.from({ length: 49 }, (_, i) => `  n${i}.next := n${i + 1};`).join('\n')}
${Array.from({ length: 10 }, (_, i) => `  n${i * 5}.other := n${(i * 5 + 17) % 50};`).join('\n')}
  assert n0.val == 0;
}
`;
const FIFTY_ASSERT = FIFTY.split('\n').findIndex((l) => l.includes('assert')) + 1;

export const ARRAYS = `class Node { var val: int; }
class Shelf { var items: Node[]; var sizes: u8[]; }
proc main() {
  var a: Node := new Node;
  var b: Node := new Node;
  var s: Shelf := new Shelf;
  s.items := [a, b, a];
  s.sizes := [3, 250];
  assert a.val == 1;
}
`;

function populate(ws: string): void {
  for (const f of HEAP) cpSync(path.join(ROOT, 'samples', 'heap', f), path.join(ws, f));
  writeFileSync(path.join(ws, 'fifty.sym'), FIFTY);
  writeFileSync(path.join(ws, 'arrays.sym'), ARRAYS);
  // One webview: the heap graph's (the tree panel has its own tests).
  mkdirSync(path.join(ws, '.vscode'), { recursive: true });
  writeFileSync(path.join(ws, '.vscode', 'settings.json'), JSON.stringify({ 'symdap.tree.openOnDebug': false }));
}

/** The command palette open (F1 again should the first press land in the editor), a command run by its title. */
async function runCommand(page: Page, title: string): Promise<void> {
  const palette = (): Promise<boolean> =>
    page
      .locator(SEL.quickInput)
      .evaluateAll((els: Element[]) => els.some((e) => (e as HTMLInputElement).value.startsWith('>')));
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await until('the command palette', 10_000, palette, (open) => open).catch(async () => {
    await page.keyboard.press('F1');
    await until('the command palette', 10_000, palette, (open) => open);
  });
  await page.keyboard.type(title, { delay: 15 });
  await visible(page, SEL.quickInputRow, `the command ${title}`, 10_000, title);
  await page.keyboard.press('Enter');
}

/** The top frame's row in the Call Stack (`main alias.sym 37:3`). */
const topFrame = async (page: Page): Promise<string> => (await rowTexts(page, SEL.callStackFrame))[0] ?? '';

/** Runs on to the breakpoint on `line`: F5 from the stop on entry (unless a second F5 of startDebugging went there already). */
async function continueTo(page: Page, line: number): Promise<void> {
  const at = (t: string): boolean => new RegExp(`\\b${line}:\\d+$`).test(t);
  const top = await until(
    'a stop in the Call Stack',
    STOP_MS,
    () => topFrame(page),
    (t) => /\d+:\d+$/.test(t),
  );
  if (at(top)) return;
  await page.keyboard.press('F5');
  await until(`the stop at line ${line}`, STOP_MS, () => topFrame(page), at);
}

async function open(page: Page, name: string): Promise<void> {
  await openFile(page, name).catch(async () => {
    await page.keyboard.press('Escape');
    await openFile(page, name);
  });
}

/** A breakpoint on `line` of the active editor `name` (Go to Line, F9), seen as one more breakpoint glyph in its gutter; set again should a busy workbench drop a key. */
async function breakpointAt(page: Page, name: string, line: number): Promise<void> {
  const glyphs = (): Promise<number> => page.locator('.monaco-editor .codicon-debug-breakpoint').count();
  const before = await glyphs();
  const set = async (): Promise<void> => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+G');
    await visible(page, SEL.quickInput, 'the Go to Line box', 10_000);
    await page.keyboard.type(String(line), { delay: 20 });
    await page.keyboard.press('Enter');
    await page.keyboard.press('F9');
  };
  await set();
  await until(`a breakpoint on ${name}:${line}`, 10_000, glyphs, (n) => n > before).catch(async () => {
    await set();
    await until(`a breakpoint on ${name}:${line}`, 10_000, glyphs, (n) => n > before);
  });
}

/** F5 (once more should the first press land before the extension is active). */
async function startDebugging(page: Page): Promise<void> {
  await page.keyboard.press('F5');
  await visible(page, SEL.topFrameLine, 'the stop on entry', 20_000).catch(async () => {
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('F5');
    await visible(page, SEL.topFrameLine, 'the stop on entry', STOP_MS);
  });
}

async function stopSession(page: Page): Promise<void> {
  await page.keyboard.press('Shift+F5');
  await page.locator(SEL.debugToolbar).first().waitFor({ state: 'hidden', timeout: STOP_MS });
}

/** What the heap view shows: the frame drawn (`main:37`), its objects, rows and texts. */
interface Drawn {
  frame: string;
  objects: string[];
  missing: string[];
  groups: string[];
  text: string;
}

async function drawn(heap: FrameLocator): Promise<Drawn> {
  return heap
    .locator('body')
    .evaluateAll((els: Element[]) => {
      const b = els[0] as HTMLElement | undefined;
      const svg = b?.querySelector('svg.heap-graph');
      const attrs = (sel: string, a: string): string[] =>
        Array.from(svg?.querySelectorAll(sel) ?? []).map((e) => e.getAttribute(a) ?? '');
      return {
        frame: b?.dataset.frame ?? '',
        objects: attrs('[data-object]', 'data-object'),
        missing: attrs('.row[data-status="missing"]', 'data-field'),
        groups: attrs('[data-group]', 'data-group'),
        text: Array.from(svg?.querySelectorAll('text') ?? [])
          .map((t) => t.textContent)
          .join('\n'),
      };
    })
    .catch(() => ({ frame: '', objects: [], missing: [], groups: [], text: '' }));
}

describe('the heap graph view in a headless VS Code (code-server)', () => {
  const wb = useWorkbench('heapgraph', populate);
  let page: Page;
  beforeAll(() => {
    page = wb.page;
  });
  // The webview: its page sits in an iframe inside the webview's iframe.
  const heap = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const frameIs = (what: string, frame: string, ok: (d: Drawn) => boolean = () => true): Promise<Drawn> =>
    until(
      `the heap view drawing ${what}`,
      STOP_MS,
      () => drawn(heap()),
      (d) => d.frame === frame && ok(d),
    );

  it('alias.sym: the command opens the view; in setBoth, then its caller chosen, then c = d and e at line 37', async () => {
    await open(page, 'alias.sym');
    await breakpointAt(page, 'alias.sym', 17);
    await breakpointAt(page, 'alias.sym', 37);
    await startDebugging(page);
    await runCommand(page, 'Show Heap Graph of the Selected Frame');
    await visible(page, SEL.activeTab, 'the Heap Graph tab', 10_000, 'Heap Graph');
    await until(
      'a first drawing',
      STOP_MS,
      () => drawn(heap()),
      (x) => x.frame.startsWith('main:'),
    );
    await continueTo(page, 17);
    const inCall = await frameIs('setBoth at line 17', 'setBoth:17');
    expect(inCall.text).toMatch(/^a$/m);
    expect(inCall.text).toMatch(/^b$/m);
    expect(inCall.text).toContain('x: 1');
    await screenshot(page, 'heap-01-alias-in-setBoth');
    // The caller's frame chosen in the Call Stack: its heap (c and e, before the call's effects).
    const rows = await rowTexts(page, SEL.callStackFrame);
    await page
      .locator(SEL.callStackFrame)
      .nth(rows.findIndex((t) => t.startsWith('main')))
      .click();
    const caller = await frameIs("main's frame at line 36", 'main:36');
    expect(caller.text).toContain('c = d');
    await screenshot(page, 'heap-02-alias-caller-frame');
    await continueTo(page, 37);
    const d = await frameIs('main at line 37', 'main:37');
    expect(d.text).toContain('c = d');
    expect(d.text).toMatch(/^e$/m);
    expect(d.objects.filter((o) => o.startsWith('o')).length).toBe(2);
    await screenshot(page, 'heap-03-alias');
    await stopSession(page);
  });

  it('list.sym: the list as a folded list(l) group, redrawn at the breakpoint', async () => {
    await open(page, 'list.sym');
    await breakpointAt(page, 'list.sym', 49);
    await startDebugging(page);
    await continueTo(page, 49);
    const d = await frameIs('main at line 49', 'main:49');
    expect(d.groups).toEqual(['list(l)']);
    expect(d.text).toContain('list(l) folded');
    await screenshot(page, 'heap-04-list');
    await stopSession(page);
  });

  it('missing_permission.sym: the failure stop marks the missing c.x; the next failure, in peek, is drawn', async () => {
    await open(page, 'missing_permission.sym');
    await startDebugging(page);
    if (/\b31:\d+$/.test(await topFrame(page))) await page.keyboard.press('F5');
    await visible(page, SEL.exceptionWidget, 'the exception widget', STOP_MS);
    const d = await frameIs('the failure at line 35', 'main:35', (x) => x.missing.length > 0);
    expect(d.missing).toEqual(['x']);
    expect(d.text).toContain('✗ x: missing');
    expect(d.text).toMatch(/missing acc\(c\.x\)/);
    await screenshot(page, 'heap-05-missing-permission');
    // On to the second failure, inside peek (a thread of its own): the new stop is drawn.
    await page.keyboard.press('F5');
    const peek = await frameIs('peek at line 21', 'peek:21', (x) => x.missing.length > 0);
    expect(peek.text).toMatch(/missing acc\(c\.x\)/);
    await screenshot(page, 'heap-06-missing-in-peek');
    await stopSession(page);
  });

  it('a 50-object program: all 50 objects drawn at the assertion', async () => {
    await open(page, 'fifty.sym');
    await breakpointAt(page, 'fifty.sym', FIFTY_ASSERT);
    await startDebugging(page);
    await continueTo(page, FIFTY_ASSERT);
    const d = await frameIs(`main at line ${FIFTY_ASSERT}`, `main:${FIFTY_ASSERT}`);
    expect(d.objects.filter((o) => o.startsWith('o')).length).toBe(50);
    const ms = await heap()
      .locator('body')
      .evaluateAll((els: Element[]) => (els[0] as HTMLElement).dataset.heapMs);
    console.log(`heap view: 50 objects laid out and drawn in ${ms} ms`);
    await screenshot(page, 'heap-07-fifty');
    await stopSession(page);
  });

  it('arrays: a row of cells per array field, references from the cells', async () => {
    await open(page, 'arrays.sym');
    await breakpointAt(page, 'arrays.sym', 9);
    await startDebugging(page);
    await continueTo(page, 9);
    const d = await frameIs('main at line 9', 'main:9');
    expect(d.text).toContain('items: [3] ▸');
    expect(d.text).toContain('sizes: u8[2] ▸');
    const cells = await heap()
      .locator('svg [data-array] .cell')
      .evaluateAll((els: Element[]) =>
        els.map(
          (e) =>
            `${e.getAttribute('data-index')}:${e.getAttribute('data-to') ? 'ref' : e.querySelectorAll('text')[1]?.textContent}`,
        ),
      );
    expect(cells).toEqual(['0:ref', '1:ref', '2:ref', 'rest:null', '0:3', '1:250', 'rest:0']);
    await screenshot(page, 'heap-08-arrays');
    await stopSession(page);
  });
});
