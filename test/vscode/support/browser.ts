// Headless Debian Chromium driven by playwright-core, with the flags that keep it from
// reaching out to the network, and screenshots into test-output/vscode/.
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { CHROMIUM_BIN, loadPlaywright, type Browser, type Page } from './cache';

export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', '..', 'test-output', 'vscode');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<{ browser: Browser; page: Page }> {
  const browser = await loadPlaywright().chromium.launch({
    executablePath: CHROMIUM_BIN,
    headless: true,
    args: FLAGS,
    timeout: 30_000,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    return { browser, page };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

/** Saves `name`.png as evidence and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
