// The Emacs recipe of docs/editors.md, verbatim, in a real editor: Emacs (batch mode) with Debian's
// dap-mode loads the init.el block, then test/editors/dap-driver.el plays the user on
// samples/lecture/bad_input.sym through the recipe's own templates and providers: visit the
// file (sym-mode), set a breakpoint, `dap-debug` the template, `next` to the fork (two
// threads), continue to the breakpoint and to the failed assertion (dap-mode shows
// exceptionInfo), `symdap-tree`, disconnect. Once over stdio, once over the TCP template
// without a breakpoint (dap-mode then sends no setExceptionBreakpoints: defaults apply), and
// once with the modular template, which runs to the failure without stopping on entry; and
// on a heap sample (samples/heap/missing_permission.sym), reading the Heap scope at a
// breakpoint and at the permission failure, whose message says where the permission was lost;
// and a .vpr file (vpr-mode) with the Viper template, to its failure with Viper's error id.
// Skipped where Emacs or dap-mode is not installed (.ci/run installs emacs-nox elpa-dap-mode).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionalTool } from '../support/optionalTools';
import { BREAKPOINT_LINE, PROGRAM } from './clientReplay';
import { commandWorks, recipe, symdapOnPath } from './readmeRecipes';
import { startInTmux, waitForJson } from './tmux';
import { VIPER_ERROR_ID, VIPER_FAILURE_LINE, VIPER_PROGRAM } from './viperReplay';

const DRIVER = path.join(__dirname, 'dap-driver.el');

const emacsAvailable = optionalTool(
  'Emacs with dap-mode',
  commandWorks('emacs', ['--batch', '--eval', "(require 'dap-mode)"]),
  'apt-get install emacs-nox elpa-dap-mode',
);

interface Stop {
  thread: number;
  reason: string;
  line: number;
}
interface Result {
  steps: {
    visit: { mode: string };
    entry?: Stop;
    next?: Stop;
    threads?: { count: number };
    breakpoint?: Stop;
    failure: Stop;
    tree: { text: string };
    jump?: { file: string; line: number; reason: string };
    failed?: { messages: string };
    exit: { status: number; server: boolean | null };
    'breakpoint-heap'?: { rows: string[] };
    'failure-heap'?: { rows: string[] };
  };
  events: string[];
  requests: string[];
  errors: string[];
  error: string | null;
}

const HEAP_PROGRAM = path.join(__dirname, '..', '..', 'samples', 'heap', 'missing_permission.sym');

function runDriver(
  template: string,
  breakpointLine?: number,
  program = PROGRAM,
  extraEnv: Record<string, string> = {},
): Result {
  const dir = mkdtempSync(path.join(tmpdir(), 'symdap-emacs-'));
  const shim = symdapOnPath();
  const out = path.join(dir, 'result.json');
  const init = path.join(dir, 'init.el');
  writeFileSync(init, recipe('emacs').code);
  try {
    const r = spawnSync('emacs', ['--batch', '-l', DRIVER], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 150_000,
      // HOME: dap-mode persists breakpoints under ~/.emacs.d; each run starts with none.
      env: {
        ...shim.env,
        HOME: dir,
        SYMDAP_RECIPE: init,
        SYMDAP_PROGRAM: program,
        SYMDAP_TEMPLATE: template,
        SYMDAP_RESULT: out,
        ...extraEnv,
        ...(breakpointLine !== undefined ? { SYMDAP_BREAKPOINT_LINE: String(breakpointLine) } : {}),
      },
    });
    if (!existsSync(out)) throw new Error(`the elisp driver wrote no result (exit ${r.status}):\n${r.stderr}`);
    return JSON.parse(readFileSync(out, 'utf8')) as Result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(shim.dir, { recursive: true, force: true });
  }
}

function expectFailureSeen(r: Result): void {
  expect(r.steps.failure).toMatchObject({ reason: 'exception', line: 16 });
  // dap-mode's own exceptionInfo message: the counterexample is "bad!".
  const shown = r.errors.find((e) => e.startsWith('Exception has occurred: assert'));
  expect(shown).toBeDefined();
  for (const [name, value] of [
    ['c0', 98],
    ['c1', 97],
    ['c2', 100],
    ['c3', 33],
  ]) {
    expect(shown).toMatch(new RegExp(`${name}\\s*=\\s*${value}\\b`));
  }
  // symdap-tree's outline: one line per node, the failure with its thread.
  expect(r.steps.tree.text).toMatch(
    /^ {8}then: c3 == '!' → line 16 failure — ✗ failed: assert: false {2}\[thread \d+\]$/m,
  );
}

describe.skipIf(!emacsAvailable)('docs/editors.md recipe: Emacs (dap-mode)', () => {
  it('"Sym: debug symbolically" (stdio): sym-mode, fork, breakpoint, failed assertion, tree, disconnect', () => {
    const r = runDriver('Sym: debug symbolically', BREAKPOINT_LINE);
    expect(r.error).toBeNull();
    const { visit, entry, next, threads, breakpoint, exit } = r.steps;
    expect(visit.mode).toBe('sym-mode');
    expect(entry).toMatchObject({ reason: 'entry', line: 10 });
    expect(next).toMatchObject({ reason: 'step', line: 11 });
    // `next` over `if (c0 == 'b')` follows `then` and opens a thread for `else`.
    expect(threads?.count).toBeGreaterThanOrEqual(2);
    expect(breakpoint).toMatchObject({ reason: 'breakpoint', line: BREAKPOINT_LINE });
    expect(r.requests).toContain('setBreakpoints');
    expect(r.requests).toContain('setExceptionBreakpoints');
    expectFailureSeen(r);
    expect(exit).toMatchObject({ status: 0, server: null });
  }, 180_000);

  it('"Sym: debug symbolically (TCP)": the server the provider starts is gone after disconnect', () => {
    const r = runDriver('Sym: debug symbolically (TCP)');
    expect(r.error).toBeNull();
    expect(r.steps.entry).toMatchObject({ reason: 'entry', line: 10 });
    expect(r.steps.threads?.count).toBeGreaterThanOrEqual(2);
    // No source breakpoint: dap-mode sends no setExceptionBreakpoints, the default filters stop.
    expect(r.requests).not.toContain('setExceptionBreakpoints');
    expectFailureSeen(r);
    expect(r.steps.exit.server).toBe(true);
  }, 180_000);

  it('"Sym: verify modularly": runs without a stop on entry to the failed assertion', () => {
    const r = runDriver('Sym: verify modularly');
    expect(r.error).toBeNull();
    expect(r.steps.entry).toBeUndefined();
    expectFailureSeen(r);
    expect(r.steps.exit.status).toBe(0);
  }, 180_000);

  it('a heap sample: the Heap scope at a breakpoint, then a permission failure that says where the permission was lost', () => {
    const r = runDriver('Sym: debug symbolically', 33, HEAP_PROGRAM, { SYMDAP_HEAP: '1' });
    expect(r.error).toBeNull();
    expect(r.steps.breakpoint).toMatchObject({ reason: 'breakpoint', line: 33 });
    expect(r.steps['breakpoint-heap']?.rows[0]).toBe('acc(c.x) = 0');
    expect(r.steps.failure).toMatchObject({ reason: 'exception', line: 35 });
    expect(r.steps['failure-heap']?.rows).toEqual([
      "✗ missing acc(c.x) = acc(c.x) was held until line 34: the call clear(c) consumed it, and clear's ensures does not give it back",
      '(empty) = no permissions held',
    ]);
    const shown = r.errors.find((e) => e.startsWith('Exception has occurred: permission'));
    expect(shown).toContain('acc(c.x) is not held to write c.x');
    expect(shown).toContain('acc(c.x) was held until line 34: the call clear(c) consumed it');
    expect(r.steps.exit.status).toBe(0);
  }, 180_000);

  it('"Viper: debug symbolically" on a .vpr file: vpr-mode, the failure at line 18 with its Viper id', () => {
    const r = runDriver('Viper: debug symbolically', undefined, VIPER_PROGRAM);
    expect(r.error).toBeNull();
    expect(r.steps.visit.mode).toBe('vpr-mode');
    expect(r.steps.entry).toBeUndefined();
    expect(r.steps.failure).toMatchObject({ reason: 'exception', line: VIPER_FAILURE_LINE });
    // dap-mode's message names the exception by its id: Viper's.
    const shown = r.errors.find((e) => e.startsWith(`Exception has occurred: ${VIPER_ERROR_ID}`));
    expect(shown).toContain('acc(x.f) is not held to read x.f');
    expect(r.steps.exit.status).toBe(0);
  }, 180_000);

  it('in a terminal (emacs -nw in tmux): margin marks, the locals view, the exception message, the tree outline and RET', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'symdap-emacs-tty-'));
    const shim = symdapOnPath();
    const out = path.join(dir, 'result.json');
    writeFileSync(path.join(dir, 'init.el'), recipe('emacs').code);
    const term = startInTmux(
      dir,
      `emacs -nw -q --no-splash --eval "(setq native-comp-async-report-warnings-errors 'silent)" -l ${DRIVER}`,
      {
        ...shim.env,
        HOME: dir,
        SYMDAP_TTY: '1',
        SYMDAP_RECIPE: path.join(dir, 'init.el'),
        SYMDAP_PROGRAM: PROGRAM,
        SYMDAP_TEMPLATE: 'Sym: debug symbolically',
        SYMDAP_BREAKPOINT_LINE: String(BREAKPOINT_LINE),
        SYMDAP_RESULT: out,
      },
    );
    const stage = async (name: string): Promise<Result & { screen: string }> => {
      const r = await waitForJson<Result>(`${out}.${name}`, 90_000, `the ${name} stage`, term.screen, out);
      // Back in the command loop, dap-ui's views refresh on idle timers: read the screen after them.
      await new Promise((done) => setTimeout(done, 1500));
      return { ...r, screen: term.screen() };
    };
    const sourceLine = (screen: string, text: string): string => screen.split('\n').find((l) => l.includes(text)) ?? '';
    try {
      const entry = await stage('entry');
      expect(entry.error).toBeNull();
      // No fringe in a terminal: the margin shows ▶ at the stopped line and ● at the breakpoint.
      expect(sourceLine(entry.screen, "if (c0 == 'b')")).toMatch(/^▶ {2}if \(c0 == 'b'\)/);
      expect(sourceLine(entry.screen, "if (c3 == '!')")).toMatch(/^● {8}if \(c3 == '!'\)/);
      expect(entry.screen).not.toContain('treemacs-text-scale');
      term.keys('F12');
      const failure = await stage('failed');
      expect(failure.steps.failure).toMatchObject({ reason: 'exception', line: 16 });
      // The locals view refreshed at the stop without an error, and the exception message stays on screen.
      expect(failure.screen).not.toContain('treemacs-text-scale');
      expect(failure.steps.failed?.messages).not.toContain('treemacs-text-scale');
      expect(failure.screen).toContain('Exception has occurred: assert');
      expect(sourceLine(failure.screen, 'assert false;')).toMatch(/^▶ {10}assert false;/);
      term.keys('F12');
      const tree = await stage('tree');
      const lines = tree.steps.tree.text.split('\n');
      expect(lines.slice(1, 3)).toEqual([
        'main line 10 branch — ✗ ended: 1 failed, 4 completed',
        "  then: c0 == 'b' → line 11 branch — ✗ ended: 1 failed, 3 completed",
      ]);
      expect(tree.screen).toMatch(/then: c3 == '!' → line 16 failure — ✗ failed: assert: false {2}\[thread \d+\]/);
      expect(tree.screen).toContain("else: c0 != 'b' → line 21 end — ✓ completed: done");
      term.keys('Enter');
      const jump = await stage('jump');
      expect(jump.steps.jump).toMatchObject({ file: PROGRAM, line: 16, reason: 'goto' });
    } finally {
      term.kill();
      rmSync(dir, { recursive: true, force: true });
      rmSync(shim.dir, { recursive: true, force: true });
    }
  }, 240_000);
});
