// A real editor: Emacs dap-mode, in batch mode, debugs samples/lecture/bad_input.sym through
// `symdap dap` on stdio. It stops on entry, steps with `next` (which forks a thread for the
// other side of the first `if`), lists the threads, continues to the failing assertion and
// reads exceptionInfo, then disconnects. The elisp driver writes what it saw to a JSON file.
// Skipped where Emacs or dap-mode is not installed (.ci/run installs emacs-nox elpa-dap-mode).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionalTool } from '../support/optionalTools';

const ROOT = path.resolve(__dirname, '..', '..');
const DRIVER = path.join(__dirname, 'dap-driver.el');

function dapModeInstalled(): boolean {
  const r = spawnSync('emacs', ['--batch', '--eval', "(require 'dap-mode)"], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0;
}

const emacsAvailable = optionalTool('Emacs with dap-mode', dapModeInstalled(), 'apt-get install emacs-nox elpa-dap-mode');

interface Stop { thread: number; reason: string; line: number; frame: string }
interface Result {
  steps: {
    entry: Stop; next: Stop; threads: { id: number; name: string }[];
    failure: Stop & { success: boolean; exceptionId: string; description: string; stoppedText?: string; stoppedDescription?: string };
    exit: { status: number };
  };
  events: string[];
  error: string | null;
}

function runDriver(program: string): Result {
  const dir = mkdtempSync(path.join(tmpdir(), 'symdap-emacs-'));
  const out = path.join(dir, 'result.json');
  try {
    const r = spawnSync('emacs', ['--batch', '-l', DRIVER], {
      cwd: dir, encoding: 'utf8', timeout: 120_000,
      env: { ...process.env, SYMDAP_NODE: process.execPath, SYMDAP_BIN: path.join(ROOT, 'bin', 'symdap.js'), SYMDAP_PROGRAM: program, SYMDAP_RESULT: out },
    });
    if (!existsSync(out)) throw new Error(`the elisp driver wrote no result (exit ${r.status}):\n${r.stderr}`);
    return JSON.parse(readFileSync(out, 'utf8')) as Result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Emacs dap-mode', () => {
  it.skipIf(!emacsAvailable)('debugs bad_input.sym: entry, next, threads, failed assertion, disconnect', () => {
    const r = runDriver(path.join(ROOT, 'samples', 'lecture', 'bad_input.sym'));
    expect(r.error).toBeNull();
    const { entry, next, threads, failure, exit } = r.steps;
    expect(entry.reason).toBe('entry');
    expect(entry.line).toBe(10);
    expect(next.reason).toBe('step');
    expect(next.line).toBe(11);
    // `next` over `if (c0 == 'b')` follows `then` and opens a thread for `else`.
    expect(threads.length).toBeGreaterThanOrEqual(2);
    expect(r.events).toContain('thread');
    expect(failure.reason).toBe('exception');
    expect(failure.line).toBe(16);
    expect(failure.success).toBe(true);
    // The counterexample is "bad!": c0 = 98, c1 = 97, c2 = 100, c3 = 33.
    for (const [name, value] of [['c0', 98], ['c1', 97], ['c2', 100], ['c3', 33]]) {
      expect(failure.description).toMatch(new RegExp(`${name}\\s*=\\s*${value}\\b`));
    }
    expect(threads.map((t) => t.id)).toContain(failure.thread);
    expect(exit.status).toBe(0);
  }, 150_000);
});
