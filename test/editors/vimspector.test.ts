// The vimspector recipe of docs/editors.md, verbatim: `.vimspector.json` parsed from the page, the
// `.vimrc` lines run in Debian's Vim (a .sym file gets filetype sym, a .vpr file viper), and the configurations
// replayed against `symdap dap` with the requests vimspector sends, through the stdio and
// the TCP adapter, with `${file}`, `${unusedLocalPort}` and `${port}` filled in as vimspector
// does. vimspector is packaged by neither Debian nor npm; its code is not copied here.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXCEPTION_FILTERS } from '../../src/adapter/runtime/breakpoints';
import { optionalTool } from '../support/optionalTools';
import { freePort, startStdio, startTcp, type RunningAdapter } from './adapterProcess';
import { expectDebugged, PROGRAM, replay, type ClientProfile } from './clientReplay';
import { commandWorks, expandVariables, recipe, symdapEnvForSuite } from './readmeRecipes';
import { replayViper, VIPER_ERROR_ID, VIPER_FAILURE_LINE, VIPER_PROGRAM } from './viperReplay';

interface Adapter {
  name: string;
  command: string[];
  port?: string;
  variables?: Record<string, string>;
}
interface Config {
  adapter: string;
  filetypes: string[];
  configuration: Record<string, unknown>;
  breakpoints?: { exception?: Record<string, string> };
}
interface VimspectorJson {
  adapters: Record<string, Adapter>;
  configurations: Record<string, Config>;
}

/** vimspector's initialize arguments; the exception filters: those the recipe answers "Y" (set below). */
const VIMSPECTOR_BASE: ClientProfile = {
  initialize: {
    adapterID: 'symdap',
    clientID: 'vimspector',
    clientName: 'vimspector',
    linesStartAt1: true,
    columnsStartAt1: true,
    locale: 'en_GB',
    pathFormat: 'path',
    supportsVariableType: true,
    supportsVariablePaging: false,
    supportsRunInTerminalRequest: true,
    supportsMemoryReferences: true,
  },
  evaluateContext: 'repl',
  exceptionFilters: ['assert', 'runtime', 'contract', 'permission'],
};

const vimAvailable = optionalTool('Vim', commandWorks('vim', ['--version']), 'apt-get install vim');
const vimNoxAvailable = optionalTool('vim-nox', commandWorks('vim.nox', ['--version']), 'apt-get install vim-nox');

/** What `:py3` in Debian's vim-nox reports, or the error. */
function vimNoxPython(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'symdap-vimnox-'));
  const out = path.join(dir, 'python');
  try {
    const code = `import sys, vim; vim.command("call writefile(['%d.%d'], '${out}')" % sys.version_info[:2])`;
    const r = spawnSync('vim.nox', ['-N', '-u', 'NONE', '-i', 'NONE', '-es', '-c', `py3 ${code}`, '-c', 'qa!'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    return readFileSync(out, 'utf8').trim() || `no answer: ${r.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('docs/editors.md recipe: Vim (vimspector)', () => {
  const spec = JSON.parse(recipe('vimspector').code) as VimspectorJson;
  const symdapEnv = symdapEnvForSuite();

  const debugConfig = spec.configurations['Sym: debug symbolically'];
  // vimspector sends the filters a configuration's `breakpoints.exception` answers "Y".
  const answered = Object.entries(debugConfig.breakpoints?.exception ?? {})
    .filter(([, v]) => v === 'Y')
    .map(([k]) => k);
  const VIMSPECTOR: ClientProfile = { ...VIMSPECTOR_BASE, exceptionFilters: answered };

  it('answers every exception filter symdap offers with its default, so vimspector asks nothing at launch', () => {
    const defaults = Object.fromEntries(EXCEPTION_FILTERS.map((f) => [f.filter, f.default ? 'Y' : 'N']));
    for (const c of Object.values(spec.configurations)) expect(c.breakpoints?.exception).toEqual(defaults);
  });

  /** Starts the adapter as vimspector does: its `variables` first, then `command` and `port`. */
  async function start(name: string): Promise<RunningAdapter & { socket?: { destroy(): void } }> {
    const raw = spec.adapters[name];
    const port = String(await freePort());
    const vars = expandVariables(raw.variables ?? {}, { unusedLocalPort: port });
    const a = expandVariables({ ...raw, variables: undefined }, vars);
    const [command, ...args] = a.command;
    return a.port === undefined
      ? startStdio(command, args, symdapEnv())
      : startTcp(command, args, Number(a.port), symdapEnv());
  }

  it('is valid JSON whose configurations name its adapters, for filetype sym or viper', () => {
    const filetypes = Object.entries(spec.configurations).map(([name, c]) => [name.split(':')[0], c.filetypes]);
    expect(filetypes).toEqual([
      ['Sym', ['sym']],
      ['Sym', ['sym']],
      ['Viper', ['viper']],
    ]);
    for (const c of Object.values(spec.configurations)) {
      expect(Object.keys(spec.adapters)).toContain(c.adapter);
      expect(c.configuration).toMatchObject({ request: 'launch', program: '${file}' });
    }
  });

  // vimspector (at the commit docs/editors.md names) asks for a huge Vim with Python 3.10 or later.
  it.skipIf(!vimNoxAvailable)("Debian's vim-nox, which the page names, is a huge Vim with Python 3.10+", () => {
    const version = spawnSync('vim.nox', ['--version'], { encoding: 'utf8' }).stdout;
    expect(version).toMatch(/Huge version/);
    expect(version).toMatch(/\+python3\b/);
    const [major, minor] = vimNoxPython().split('.').map(Number);
    expect(major * 100 + minor).toBeGreaterThanOrEqual(310);
  });

  it.skipIf(!vimAvailable)('the .vimrc lines give .sym files filetype sym and .vpr files viper in Vim', () => {
    expect(vimFiletype(PROGRAM)).toBe('sym');
    expect(vimFiletype(VIPER_PROGRAM)).toBe('viper');
  });

  it('"Viper: debug symbolically" debugs lost_permission.vpr to the failure at line 18 with its Viper id', async () => {
    const config = spec.configurations['Viper: debug symbolically'];
    const adapter = await start(config.adapter);
    try {
      const r = await replayViper(
        adapter.client,
        VIMSPECTOR,
        expandVariables(config.configuration, { file: VIPER_PROGRAM }),
      );
      expect(r.failure).toMatchObject({ reason: 'exception', line: VIPER_FAILURE_LINE });
      expect(r.exceptionInfo.exceptionId).toBe(VIPER_ERROR_ID);
    } finally {
      adapter.child.kill();
    }
  }, 120_000);

  /** The filetype Vim with the recipe's .vimrc gives `file`. */
  function vimFiletype(file: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'symdap-vim-'));
    try {
      const vimrc = path.join(dir, 'vimrc');
      const out = path.join(dir, 'filetype');
      writeFileSync(vimrc, recipe('vimrc').code);
      spawnSync(
        'vim',
        [
          '-N',
          '-u',
          vimrc,
          '-i',
          'NONE',
          '-es',
          '-c',
          `edit ${file}`,
          '-c',
          `call writefile([&filetype], '${out}')`,
          '-c',
          'qa!',
        ],
        { timeout: 30_000 },
      );
      return readFileSync(out, 'utf8').trim();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  for (const adapterName of ['symdap', 'symdap-tcp']) {
    it(`debugs bad_input.sym through the '${adapterName}' adapter as vimspector does`, async () => {
      const adapter = await start(adapterName);
      try {
        const r = await replay(
          adapter.client,
          VIMSPECTOR,
          expandVariables(debugConfig.configuration, { file: PROGRAM }),
        );
        expectDebugged(r);
        if (!('socket' in adapter)) expect(await adapter.exited()).toBe(0);
      } finally {
        adapter.socket?.destroy();
        adapter.child.kill();
      }
    }, 120_000);
  }

  it('"Sym: verify modularly" runs without stopping on entry to the failed assertion', async () => {
    const config = spec.configurations['Sym: verify modularly'];
    const adapter = await start(config.adapter);
    try {
      const c = adapter.client;
      const initialized = c.waitForEvent('initialized', 30_000);
      await c.send('initialize', VIMSPECTOR.initialize);
      const stopped = c.waitForEvent('stopped', 60_000);
      const launched = c.send('launch', expandVariables(config.configuration, { file: PROGRAM }));
      await initialized;
      await c.send('setExceptionBreakpoints', { filters: VIMSPECTOR.exceptionFilters });
      await c.send('configurationDone');
      await launched;
      const e = await stopped;
      expect(e.body).toMatchObject({ reason: 'exception' });
      await c.send('disconnect', { restart: false, terminateDebuggee: true });
    } finally {
      adapter.child.kill();
    }
  }, 120_000);

  // vimspector shows a stop as `Paused in thread N due to <description>(<reason>): <text>`
  // with :echom, line by line, so only the message's last line stays on screen: the stopped
  // event's description and text are one line each, the text with formula and counterexample
  // (the path is in exceptionInfo and the output event).
  it("vimspector's visible line of the failure stop carries the formula and the counterexample", async () => {
    const adapter = await start('symdap');
    try {
      const r = await replay(adapter.client, VIMSPECTOR, expandVariables(debugConfig.configuration, { file: PROGRAM }));
      const { description, text, reason, threadId } = r.failure;
      const shown = `Paused in thread ${threadId} due to ${description}(${reason})${text ? `: ${text}` : ''}`;
      const visible = shown.split('\n').at(-1) ?? '';
      expect(visible).toContain('false');
      expect(visible).toMatch(/c0\s*=\s*98\b/);
      expect(text).not.toContain('\n');
      // Wider than the screen, Vim's message line goes blank (issue 26, item 13): the text is cut at 80.
      expect(text?.length).toBeLessThanOrEqual(80);
      expect(r.exceptionInfo.description).toMatch(/path: lines 10 → /);
    } finally {
      adapter.child.kill();
    }
  }, 120_000);
});
