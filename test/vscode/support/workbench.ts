// What a user sees and does in the VS Code workbench, as DOM selectors and key presses:
// open a file, start debugging, read the Variables and Call Stack views and the exception
// widget. Every wait has its own deadline and says what it was waiting for.
import type { Locator, Page } from './cache';

export const SEL = {
  workbench: '.monaco-workbench',
  explorerRow: '.explorer-folders-view .monaco-list-row',
  quickInput: '.quick-input-widget .quick-input-box input',
  quickInputRow: '.quick-input-widget .monaco-list-row',
  activeTab: '.tabs-container .tab.active',
  debugToolbar: '.debug-toolbar',
  topFrameLine: '.monaco-editor .debug-top-stack-frame-line',
  topFrameGlyph: '.monaco-editor .codicon-debug-stackframe',
  variablesRow: '.debug-variables .monaco-list-row',
  callStackThread: '.debug-call-stack .monaco-list-row .thread',
  callStackFrame: '.debug-call-stack .monaco-list-row .stack-frame',
  exceptionWidget: '.monaco-editor .exception-widget',
} as const;

export async function visible(
  page: Page,
  selector: string,
  what: string,
  timeoutMs: number,
  hasText?: string | RegExp,
): Promise<Locator> {
  const base = page.locator(selector);
  const target = (hasText ? base.filter({ hasText }) : base).first();
  try {
    await target.waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    throw new Error(
      `timed out after ${timeoutMs} ms waiting for ${what} (${selector}${hasText ? ` with text ${String(hasText)}` : ''})`,
    );
  }
  return target;
}

/** Polls `read` until `ok` holds; the message names what was expected and what was last seen. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (ok(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function openWorkbench(page: Page, url: string): Promise<void> {
  await page.goto(url, { timeout: 30_000 });
  await visible(page, SEL.workbench, 'the VS Code workbench', 30_000);
  await visible(page, SEL.explorerRow, 'the Explorer listing the workspace', 30_000);
}

/** Quick Open (Ctrl+P), the way a user opens a file by name. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await visible(page, SEL.quickInput, 'the Quick Open box', 10_000);
  await page.keyboard.type(name, { delay: 20 });
  await visible(page, SEL.quickInputRow, `a Quick Open match for ${name}`, 10_000, name);
  await page.keyboard.press('Enter');
  await visible(page, SEL.activeTab, `an editor tab for ${name}`, 10_000, name);
  await visible(page, '.monaco-editor .view-lines', `the text of ${name}`, 10_000);
}

export async function rowTexts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Expands a collapsed row of a tree view (a scope in Variables) by clicking its label. */
export async function expandRow(page: Page, selector: string, label: string, timeoutMs: number): Promise<void> {
  const row = await visible(page, selector, `the row '${label}'`, timeoutMs, label);
  const expanded = await row.locator('.monaco-tl-twistie.collapsible:not(.collapsed)').count();
  if (expanded === 0) await row.click();
}
