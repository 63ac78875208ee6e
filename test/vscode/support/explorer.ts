// Opening a workspace file and starting to debug it as a user does, for the e2e files that
// debug the file they open (why.e2e.ts, whySuggest.e2e.ts).
import type { Page } from './cache';
import { SEL, visible } from './workbench';

const STOP_MS = 60_000;

/** Opens a file from the Explorer (Quick Open's index can lag on a busy machine) and focuses its text. */
export async function openFromExplorer(page: Page, name: string): Promise<void> {
  const row = await visible(page, SEL.explorerRow, `the Explorer row ${name}`, 10_000, name).catch(async () => {
    await page.keyboard.press('Control+Shift+E');
    return visible(page, SEL.explorerRow, `the Explorer row ${name}`, 10_000, name);
  });
  await row.click();
  await visible(page, SEL.activeTab, `an editor tab for ${name}`, 10_000, name);
  const text = await visible(page, '.monaco-editor .view-lines', `the text of ${name}`, 10_000);
  // F5 debugs `${file}`, the focused editor's file.
  await text.click();
}

/** F5, once more should the first press land before the extension is active (a fresh workbench). */
export async function startDebugging(page: Page): Promise<void> {
  await page.keyboard.press('F5');
  await visible(page, SEL.topFrameLine, 'the stop on entry', 20_000).catch(async () => {
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('F5');
    await visible(page, SEL.topFrameLine, 'the stop on entry', STOP_MS);
  });
}
