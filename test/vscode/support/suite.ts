// One headless VS Code per e2e file: the extension packaged as a .vsix, a scratch workspace
// (the committed test/vscode/workspace plus the files the suite adds), code-server with the
// .vsix installed, Chromium on the workbench; a screenshot of every failing test, and all of
// it stopped afterwards. Each e2e file states only what is its own: its files and its tests.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from './cache';
import { launchBrowser, screenshot } from './browser';
import { startCodeServer, type CodeServer } from './codeServer';
import { openWorkbench } from './workbench';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const VSIX = path.join(ROOT, 'extension', 'symdap.vsix');

/** Packages extension/ into VSIX (its dependencies must be installed). */
export async function buildVsix(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'extension', 'node_modules')))
    throw new Error('extension/node_modules is missing: run `npm ci --prefix extension` first');
  await promisify(execFile)('npm', ['run', '--prefix', path.join(ROOT, 'extension'), 'package'], {
    timeout: 180_000,
  });
}

/** A copy of the committed test workspace under `scratch`; returns its path. */
export function copyWorkspace(scratch: string): string {
  const ws = path.join(scratch, 'workspace');
  cpSync(path.join(__dirname, '..', 'workspace'), ws, { recursive: true });
  return ws;
}

/** What the tests of one file use; filled in by the suite's beforeAll. */
export interface Workbench {
  page: Page;
  /** The workspace folder VS Code has open. */
  ws: string;
}

/**
 * Registers the hooks of one e2e file. `name` names the scratch folder and the screenshots of
 * failing tests; `populate` adds the suite's files to the workspace before VS Code opens it.
 */
export function useWorkbench(name: string, populate: (ws: string) => void): Workbench {
  const wb = { ws: '' } as Workbench;
  let scratch = '';
  let server: CodeServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), `symdap-vscode-${name}-`));
    await buildVsix();
    wb.ws = copyWorkspace(scratch);
    populate(wb.ws);
    server = await startCodeServer({ vsix: VSIX, workspace: wb.ws, scratch });
    ({ browser, page: wb.page } = await launchBrowser());
    await openWorkbench(wb.page, server.url);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && wb.page)
      await screenshot(wb.page, `${name}-failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
        () => undefined,
      );
  });

  afterAll(async () => {
    try {
      await browser?.close().catch(() => undefined);
    } finally {
      await server?.stop();
      if (scratch && !process.env.SYMDAP_KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
    }
  });
  return wb;
}
