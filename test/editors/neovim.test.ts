// The Neovim recipe (nvim-dap) of docs/editors.md, verbatim: Debian's Neovim 0.7.2 loads the init.lua
// block with a stand-in `dap` module (nvim-dap is packaged by neither Debian nor npm, and its
// code is not copied here), opens a .sym file, presses the recipe's mappings and runs
// :SymTree, and a .vpr file gets the filetype viper. Then the adapters and configurations the recipe registered drive `symdap dap`
// with the requests nvim-dap 0.6 sends, `arguments: []` included (an empty Lua table), for a .sym and a .vpr file.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { MessageClient } from '../adapter/transportSupport';
import { optionalTool } from '../support/optionalTools';
import { freePort, startStdio, startTcp } from './adapterProcess';
import { NvimDapThreads } from './nvimDapThreads';
import { expectDebugged, ok, PROGRAM, replay, stopAfter, type ClientProfile, type Stop } from './clientReplay';
import { commandWorks, expandVariables, recipe, symdapEnvForSuite, symdapOnPath } from './readmeRecipes';
import { startInTmux, waitForJson } from './tmux';
import { replayViper, VIPER_ERROR_ID, VIPER_FAILURE_LINE, VIPER_PROGRAM } from './viperReplay';

const nvimAvailable = optionalTool('Neovim', commandWorks('nvim', ['--version']), 'apt-get install neovim');

interface Adapter {
  type: string;
  command?: string;
  args?: string[];
  port?: string;
  executable?: { command: string; args: string[] };
}
interface Loaded {
  version: { major: number; minor: number; patch: number };
  error: string | null;
  filetype: string;
  viper_filetype: string;
  adapters: Record<string, Adapter>;
  configurations: { sym: Record<string, unknown>[]; viper: Record<string, unknown>[] };
  calls: { name: string; args: unknown[] }[];
  requests: { command: string; arguments: string }[];
}

/** nvim-dap 0.6's initialize arguments. */
const NVIM_DAP: ClientProfile = {
  initialize: {
    clientID: 'neovim',
    clientName: 'neovim',
    adapterID: 'nvim-dap',
    pathFormat: 'path',
    columnsStartAt1: true,
    linesStartAt1: true,
    supportsRunInTerminalRequest: true,
    supportsVariableType: true,
    supportsProgressReporting: true,
    locale: 'en_US',
  },
  noArguments: [],
  evaluateContext: 'repl',
  exceptionFilters: ['assert', 'runtime', 'contract', 'permission'],
};

function loadRecipe(): Loaded {
  const dir = mkdtempSync(path.join(tmpdir(), 'symdap-nvim-'));
  const shim = symdapOnPath();
  try {
    const init = path.join(dir, 'init.lua');
    const out = path.join(dir, 'result.json');
    writeFileSync(init, recipe('neovim').code);
    // `symdap` on PATH: the recipe finds editors/nvim beside it.
    const r = spawnSync(
      'nvim',
      [
        '--headless',
        '--clean',
        '--cmd',
        `set rtp^=${path.join(__dirname, 'nvim')}`,
        '-u',
        init,
        '-c',
        `luafile ${path.join(__dirname, 'nvim', 'harness.lua')}`,
      ],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...shim.env,
          SYMDAP_PROGRAM: PROGRAM,
          SYMDAP_VIPER: VIPER_PROGRAM,
          SYMDAP_RESULT: out,
          XDG_STATE_HOME: dir,
          XDG_DATA_HOME: dir,
        },
      },
    );
    if (!existsSync(out)) throw new Error(`Neovim wrote no result (exit ${r.status}):\n${r.stderr}${r.stdout}`);
    return JSON.parse(readFileSync(out, 'utf8')) as Loaded;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(shim.dir, { recursive: true, force: true });
  }
}

describe.skipIf(!nvimAvailable)('docs/editors.md recipe: Neovim (nvim-dap)', () => {
  let loaded: Loaded;
  const symdapEnv = symdapEnvForSuite();
  beforeAll(() => {
    loaded = loadRecipe();
  });

  const launchArgs = (): Record<string, unknown> => expandVariables(loaded.configurations.sym[0], { file: PROGRAM });

  it('loads without error in Neovim 0.7+ and gives .sym files filetype sym', () => {
    expect(loaded.error).toBeNull();
    expect(loaded.version.major > 0 || loaded.version.minor >= 7).toBe(true);
    expect(loaded.filetype).toBe('sym');
    expect(loaded.configurations.sym.map((c) => c.type)).toEqual(['symdap', 'symdap']);
    expect(loaded.configurations.sym[0]).toMatchObject({ request: 'launch', program: '${file}', stopOnEntry: true });
    for (const c of loaded.configurations.sym) {
      expect(validateLaunchArgs(expandVariables(c, { file: PROGRAM })), String(c.name)).toMatchObject({
        errors: [],
        warnings: [],
      });
    }
  });

  it('gives .vpr files filetype viper, with a configuration for them', () => {
    expect(loaded.viper_filetype).toBe('viper');
    expect(loaded.configurations.viper.map((c) => c.type)).toEqual(['symdap']);
    for (const c of loaded.configurations.viper) {
      expect(validateLaunchArgs(expandVariables(c, { file: VIPER_PROGRAM })), String(c.name)).toMatchObject({
        errors: [],
        warnings: [],
      });
    }
  });

  it('debugs lost_permission.vpr with the viper configuration: the failure at line 18 with its Viper id', async () => {
    const a = loaded.adapters[String(loaded.configurations.viper[0].type)];
    const adapter = startStdio(a.command!, a.args!, symdapEnv());
    try {
      const r = await replayViper(
        adapter.client,
        NVIM_DAP,
        expandVariables(loaded.configurations.viper[0], { file: VIPER_PROGRAM }),
      );
      expect(r.failure).toMatchObject({ reason: 'exception', line: VIPER_FAILURE_LINE });
      expect(r.exceptionInfo.exceptionId).toBe(VIPER_ERROR_ID);
    } finally {
      adapter.child.kill();
    }
  }, 120_000);

  it('maps breakpoints, stepping, step into targets, step back, reverse continue, the paths sidebar; :SymTree sends symdap/tree', () => {
    expect(loaded.calls).toEqual([
      // The threads sidebar, redrawn at each stop rather than at `thread` events.
      { name: 'sidebar', args: ['event_stopped', true] },
      { name: 'toggle_breakpoint', args: [] },
      { name: 'step_over', args: [] },
      { name: 'step_into', args: [] },
      { name: 'step_into', args: [{ askForTargets: true }] },
      { name: 'step_back', args: [] },
      { name: 'reverse_continue', args: [] },
      { name: 'sidebar.toggle', args: [] },
    ]);
    expect(loaded.requests).toEqual([{ command: 'symdap/tree', arguments: '{"compact":true}' }]);
  });

  it(':SymTree in a terminal (tmux): the tree as an outline, ended subtrees with their status, Enter goes to the node', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'symdap-nvim-tree-'));
    const shim = symdapOnPath();
    const out = path.join(dir, 'result.json');
    writeFileSync(path.join(dir, 'init.lua'), recipe('neovim').code);
    const nvim = `nvim --clean --cmd 'set rtp^=${path.join(__dirname, 'nvim')}' -u init.lua -c 'luafile ${path.join(__dirname, 'nvim', 'harness-tree.lua')}'`;
    const term = startInTmux(dir, nvim, {
      ...shim.env,
      SYMDAP_PROGRAM: PROGRAM,
      SYMDAP_RESULT: out,
      XDG_STATE_HOME: dir,
      XDG_DATA_HOME: dir,
    });
    try {
      const shown = await waitForJson<{ error: string | null; lines: string[]; cursor: number }>(
        out,
        90_000,
        'the outline',
        term.screen,
      );
      expect(shown.error).toBeNull();
      // One line per node under a header; the root's subtree has ended: its final status, not `running`.
      expect(shown.lines.slice(1)).toEqual([
        'main line 10 branch — ✗ ended: 1 failed, 4 completed',
        "  then: c0 == 'b' → line 11 branch — ✗ ended: 1 failed, 3 completed",
        "    then: c1 == 'a' → line 12 branch — ✗ ended: 1 failed, 2 completed",
        "      then: c2 == 'd' → line 13 branch — ✗ ended: 1 failed, 1 completed",
        "        then: c3 == '!' → line 16 failure — ✗ failed: assert: false  [thread 1]",
        "        else: c3 != '!' → line 21 end — ✓ completed: done",
        "      else: c2 != 'd' → line 21 end — ✓ completed: done",
        "    else: c1 != 'a' → line 21 end — ✓ completed: done",
        "  else: c0 != 'b' → line 21 end — ✓ completed: done",
      ]);
      const screen = term.screen();
      expect(screen).toContain("then: c3 == '!' → line 16 failure — ✗ failed: assert: false");
      expect(screen).toContain('symdap://tree');
      // Enter on the failed node: the source window at line 16, and the adapter shows a thread there.
      term.keys('Enter');
      const after = await waitForJson<{
        file: string;
        line: number;
        stop: { reason: string; threadId: number };
        focus: { command: string; stopped_thread_id: number | null }[];
      }>(`${out}.after`, 30_000, 'the jump', term.screen);
      expect(after.file).toBe(PROGRAM);
      expect(after.line).toBe(16);
      expect(after.stop).toMatchObject({ reason: 'goto' });
      // nvim-dap's focus is dropped before symdap/focus: a stop on another thread than its
      // focus would make nvim-dap send `continue` for it (auto_continue_if_many_stopped).
      expect(after.focus).toEqual([{ command: 'symdap/focus', stopped_thread_id: null }]);
    } finally {
      term.kill();
      rmSync(dir, { recursive: true, force: true });
      rmSync(shim.dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('debugs bad_input.sym through the stdio adapter as nvim-dap does', async () => {
    const a = loaded.adapters.symdap;
    expect(a.type).toBe('executable');
    const adapter = startStdio(a.command!, a.args!, symdapEnv());
    try {
      const tree = loaded.requests[0];
      const r = await replay(
        adapter.client,
        { ...NVIM_DAP, customRequest: { command: tree.command, arguments: JSON.parse(tree.arguments) } },
        launchArgs(),
      );
      expectDebugged(r);
      expect(r.custom?.body).toMatchObject({ file: PROGRAM, nodes: expect.any(Array), truncated: false });
      expect(await adapter.exited()).toBe(0);
    } finally {
      adapter.child.kill();
    }
  }, 120_000);

  it("nvim-dap's own picture of the threads stays the adapter's: at every stop each path is a stopped thread", async () => {
    const a = loaded.adapters.symdap;
    const adapter = startStdio(a.command!, a.args!, symdapEnv());
    // nvim-dap's bookkeeping (restated from its source) follows the real events; at each stop,
    // once its own `threads` requests are answered, it lists the threads afresh as its sidebar
    // does, merging the answer its way (a thread it did not hold stopped comes back running).
    const nvim = new NvimDapThreads(adapter.client);
    const seen: { reason: string; threadId: number; listed: number[]; running: number[]; focused?: number }[] = [];
    const afterStop = async (_c: MessageClient, stop: Stop): Promise<void> => {
      await nvim.settled();
      const listed = await nvim.updateThreads();
      const running = listed.filter((id) => !nvim.stoppedIds().includes(id));
      seen.push({ reason: stop.reason, threadId: stop.threadId, listed, running, focused: nvim.focused });
    };
    try {
      expectDebugged(await replay(adapter.client, { ...NVIM_DAP, afterStop }, launchArgs()));
      expect(seen.map((s) => s.reason)).toEqual(['entry', 'step', 'breakpoint', 'exception']);
      // The continue to the breakpoint makes paths the step did not (the other sides of
      // lines 11 and 12): nvim-dap must hear of them before the stop, or lists them as running.
      expect(seen[2].listed.filter((id) => !seen[1].listed.includes(id))).not.toEqual([]);
      for (const s of seen) {
        expect(s.running, `${s.reason} stop: threads nvim-dap holds running`).toEqual([]);
        expect(s.focused, `${s.reason} stop: the thread nvim-dap focuses`).toBe(s.threadId);
      }
      expect(nvim.autoContinued).toEqual([]);
    } finally {
      adapter.child.kill();
    }
  }, 120_000);

  it("plays the recipe's mappings: step into a target, step back, reverse continue", async () => {
    const a = loaded.adapters.symdap;
    const adapter = startStdio(a.command!, a.args!, symdapEnv());
    const moves: Stop[] = [];
    // What nvim-dap does for step_into({ askForTargets = true }) (the user picks `else`),
    // step_back and reverse_continue, in the order the recipe maps them. The user picks the
    // first target, `then`, so the thread's path is the one the rest of the scenario follows.
    const atEntry = async (c: MessageClient, entry: Stop): Promise<void> => {
      const frames = (await ok(c, 'stackTrace', {
        threadId: entry.threadId,
        startFrame: 0,
        levels: 20,
      })) as DebugProtocol.StackTraceResponse;
      const targets = (await ok(c, 'stepInTargets', {
        frameId: frames.body.stackFrames[0].id,
      })) as DebugProtocol.StepInTargetsResponse;
      expect(targets.body.targets.map((t) => t.label)).toEqual([
        expect.stringMatching(/^then/),
        expect.stringMatching(/^else/),
      ]);
      moves.push(await stopAfter(c, 'stepIn', { threadId: entry.threadId, targetId: targets.body.targets[0].id }));
      moves.push(await stopAfter(c, 'stepBack', { threadId: entry.threadId }));
      moves.push(await stopAfter(c, 'reverseContinue', { threadId: entry.threadId }));
    };
    try {
      expectDebugged(await replay(adapter.client, { ...NVIM_DAP, atEntry }, launchArgs()));
      const [into, back, reverse] = moves;
      expect(into).toMatchObject({ reason: 'step', line: 11 });
      expect(back).toMatchObject({ line: 10 });
      expect(reverse).toMatchObject({ line: 10 });
    } finally {
      adapter.child.kill();
    }
  }, 120_000);

  it('debugs bad_input.sym through the TCP adapter (`${port}`) as nvim-dap does', async () => {
    const a = loaded.adapters.symdap_tcp;
    expect(a.type).toBe('server');
    const port = await freePort();
    const exe = expandVariables(a.executable!, { port: String(port) });
    expect(Number(expandVariables(a.port!, { port: String(port) }))).toBe(port);
    const adapter = await startTcp(exe.command, exe.args, port, symdapEnv());
    try {
      expectDebugged(await replay(adapter.client, NVIM_DAP, { ...launchArgs(), type: 'symdap_tcp' }));
    } finally {
      adapter.socket.destroy();
      adapter.child.kill();
    }
  }, 120_000);
});
