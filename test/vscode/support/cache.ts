// Where scripts/install-code-server.sh put code-server and playwright-core, and the small
// slice of playwright-core's API this suite uses (it lives outside the repo, so its own
// type declarations are not on the root project's path).
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const CACHE_DIR = process.env.SYMDAP_VSCODE_CACHE ?? path.join(os.homedir(), '.cache', 'symdap-vscode');
export const CODE_SERVER_BIN = path.join(CACHE_DIR, 'node_modules', '.bin', 'code-server');
export const CHROMIUM_BIN = process.env.SYMDAP_CHROMIUM ?? '/usr/bin/chromium';

export interface Locator {
  first(): Locator;
  nth(index: number): Locator;
  locator(selector: string): Locator;
  filter(options: { hasText: string | RegExp }): Locator;
  count(): Promise<number>;
  click(options?: { timeout?: number }): Promise<void>;
  innerText(options?: { timeout?: number }): Promise<string>;
  allInnerTexts(): Promise<string[]>;
  waitFor(options: { state: 'visible' | 'attached' | 'hidden'; timeout: number }): Promise<void>;
  isVisible(): Promise<boolean>;
  evaluateAll<R>(f: (elements: Element[]) => R): Promise<R>;
}

/** The content of an iframe (a webview's page). */
export interface FrameLocator {
  locator(selector: string): Locator;
  frameLocator(selector: string): FrameLocator;
}

export interface Page {
  goto(url: string, options?: { timeout?: number }): Promise<unknown>;
  locator(selector: string): Locator;
  frameLocator(selector: string): FrameLocator;
  keyboard: { press(key: string): Promise<void>; type(text: string, options?: { delay?: number }): Promise<void> };
  screenshot(options: { path: string }): Promise<unknown>;
  waitForTimeout(ms: number): Promise<void>;
  on(event: 'console' | 'pageerror', listener: (x: { text?: () => string; message?: string }) => void): void;
}

export interface Browser {
  newPage(options?: { viewport: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

interface Playwright {
  chromium: {
    launch(options: { executablePath: string; headless: boolean; args: string[]; timeout: number }): Promise<Browser>;
  };
}

export function loadPlaywright(): Playwright {
  const entry = path.join(CACHE_DIR, 'node_modules', 'playwright-core', 'package.json');
  if (!existsSync(entry))
    throw new Error(`playwright-core is not installed in ${CACHE_DIR}: run scripts/install-code-server.sh`);
  return createRequire(entry)('playwright-core') as Playwright;
}
