// Browser-test helpers for the execution-tree page: Debian's chromium driven by
// playwright-core (skipped, with the reason listed, where chromium is absent), and a
// directory for screenshots (test-output/, gitignored) that a person looks at.

import { existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { optionalTool } from '../support/optionalTools';

export const CHROMIUM = process.env.SYMDAP_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumAvailable = optionalTool('chromium', existsSync(CHROMIUM), 'apt-get install chromium (Debian)');

export const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-output', 'tree');

export function artifact(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}
