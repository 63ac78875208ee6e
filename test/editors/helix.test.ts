// The Helix recipe of docs/editors.md, verbatim: the languages.toml blocks parsed from the page with
// Python's tomllib (a real TOML parser), and the debugger they configure replayed against
// `symdap dap` with the requests Helix's DAP client sends: `arguments: null` where it has
// none, `evaluate` without `context`, no setExceptionBreakpoints unless asked; over stdio
// and over TCP with `port-arg`. Helix is packaged by neither Debian 12 nor npm.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { optionalTool } from '../support/optionalTools';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';
import { tcpClient } from '../adapter/transportSupport';
import { freePort, startStdio, startTcp } from './adapterProcess';
import { expectDebugged, PROGRAM, replay, type ClientProfile } from './clientReplay';
import { recipe, symdapEnvForSuite } from './readmeRecipes';

interface Debugger {
  name: string;
  transport: string;
  command: string;
  args: string[];
  'port-arg'?: string;
  templates?: Template[];
}
interface Template {
  name: string;
  request: string;
  completion: { name: string; completion: string }[];
  args: Record<string, unknown>;
}
interface Languages {
  language: { name: string; 'file-types': string[]; debugger: Debugger }[];
}

const PARSE = 'import sys, json, tomllib; print(json.dumps(tomllib.loads(sys.stdin.read())))';

function parseToml(text: string): unknown {
  const r = spawnSync('python3', ['-c', PARSE], { input: text, encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0) throw new Error(`not valid TOML: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const tomllibAvailable = optionalTool(
  'Python 3.11 (tomllib)',
  spawnSync('python3', ['-c', 'import tomllib'], { timeout: 30_000 }).status === 0,
  'apt-get install python3',
);

/** Helix's initialize arguments; `adapterID` is the debugger's name. */
const helix = (adapterID: string): ClientProfile => ({
  initialize: {
    clientID: 'hx',
    clientName: 'helix',
    adapterID,
    locale: 'en-us',
    linesStartAt1: true,
    columnsStartAt1: true,
    pathFormat: 'path',
    supportsVariableType: true,
    supportsVariablePaging: false,
    supportsRunInTerminalRequest: true,
    supportsMemoryReferences: false,
    supportsProgressReporting: false,
    supportsInvalidatedEvent: false,
  },
  noArguments: null,
  disconnectArguments: null,
});

/** A template's launch arguments with `{0}` (its first completion, a file name) filled in. */
function launchArguments(t: Template): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(t.args).map(([k, v]) => [k, typeof v === 'string' ? v.replace('{0}', PROGRAM) : v]),
  );
}

describe.skipIf(!tomllibAvailable)('docs/editors.md recipe: Helix', () => {
  const symdapEnv = symdapEnvForSuite();
  const languages = (): Languages['language'][number] => {
    const l = (parseToml(recipe('helix').code) as Languages).language;
    expect(l).toHaveLength(1);
    return l[0];
  };
  /** The languages.toml the page's TCP variant gives: its `[language.debugger]` table replaced. */
  const tcpLanguages = (): Languages['language'][number] => {
    const table = /^\[language\.debugger\]\n(?:[^\n[][^\n]*\n)*/m;
    const main = recipe('helix').code;
    expect(main).toMatch(table);
    const l = (parseToml(main.replace(table, recipe('helix-tcp').code)) as Languages).language;
    expect(l).toHaveLength(1);
    return l[0];
  };

  it('is valid TOML: language sym for *.sym with a stdio debugger and two launch templates', () => {
    const sym = languages();
    expect(sym).toMatchObject({ name: 'sym', 'file-types': ['sym'] });
    expect(sym.debugger).toMatchObject({ transport: 'stdio', command: 'symdap', args: ['dap'] });
    expect(sym.debugger.templates?.map((t) => t.name)).toEqual(['debug', 'verify-modular']);
    for (const t of sym.debugger.templates ?? []) {
      expect(t.request).toBe('launch');
      expect(t.completion).toEqual([{ name: 'sym file', completion: 'filename' }]);
      expect(validateLaunchArgs(launchArguments(t)), t.name).toMatchObject({ errors: [], warnings: [] });
    }
    const tcp = tcpLanguages().debugger;
    expect(tcp).toMatchObject({ transport: 'tcp', command: 'symdap', 'port-arg': '--server={}' });
    expect(tcp.templates).toEqual(sym.debugger.templates);
  });

  it('debugs bad_input.sym over stdio as Helix does', async () => {
    const { debugger: d } = languages();
    const adapter = startStdio(d.command, d.args, symdapEnv());
    try {
      expectDebugged(await replay(adapter.client, helix(d.name), launchArguments(d.templates![0])));
      expect(await adapter.exited()).toBe(0);
    } finally {
      adapter.child.kill();
    }
  }, 120_000);

  it('debugs bad_input.sym over TCP (`port-arg`) as Helix does', async () => {
    const { debugger: d } = tcpLanguages();
    const port = await freePort();
    // Helix appends port-arg, `{}` replaced by the port and split at spaces.
    const args = [...d.args, ...d['port-arg']!.replace('{}', String(port)).split(' ')];
    const adapter = await startTcp(d.command, args, port, symdapEnv());
    try {
      expectDebugged(await replay(adapter.client, helix(d.name), launchArguments(d.templates![0])));
    } finally {
      adapter.socket.destroy();
      adapter.child.kill();
    }
  }, 120_000);

  // Helix connects to a TCP adapter exactly once, 500 ms after starting it, and never stops
  // it ("it should exit automatically"): `symdap dap --server` listens before it loads the
  // engine, and exits once the last session has ended.
  it("TCP: listens within Helix's 500 ms and exits after the session", async () => {
    const { debugger: d } = tcpLanguages();
    const port = await freePort();
    const adapter = startStdio(
      d.command,
      [...d.args, ...d['port-arg']!.replace('{}', String(port)).split(' ')],
      symdapEnv(),
    );
    try {
      await new Promise((r) => setTimeout(r, 500));
      const client = await tcpClient(port);
      await client.send('initialize', helix(d.name).initialize);
      await client.send('disconnect', null);
      client.socket.destroy();
      expect(await adapter.exited(5_000)).toBe(0);
    } finally {
      adapter.child.kill();
    }
  }, 60_000);
});
