// The recipes of docs/tree.md for the tree page beside Neovim, Emacs, vimspector and Helix, run as
// written: the adapter command (or launch configuration) each one sets up is taken from the
// docs block, started with `symdap` on PATH, and launched over stdio by a DAP client; the
// page address must arrive as a console output event and the page must be served there.

import * as http from 'node:http';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startStdio } from '../editors/adapterProcess';
import { expandVariables, recipe, ROOT, symdapEnvForSuite } from '../editors/readmeRecipes';

const PROGRAM = path.join(ROOT, 'samples', 'lecture', 'three_paths.sym');

function status(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** Starts the adapter as configured, launches, and returns the announced page's HTTP status. */
async function announcedPage(
  env: NodeJS.ProcessEnv,
  command: string,
  args: readonly string[],
  launch: Record<string, unknown>,
): Promise<number> {
  const adapter = startStdio(command, args, env);
  try {
    const c = adapter.client;
    const announced = new Promise<string>((resolve) =>
      c.on('output', (e: DebugProtocol.OutputEvent) => {
        const m = /Execution tree: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(e.body.output);
        if (m && e.body.category === 'console') resolve(m[1]);
      }),
    );
    await c.send('initialize', { adapterID: 'symdap', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const launched = c.send('launch', launch);
    await c.send('configurationDone');
    await launched;
    const url = await announced;
    // stderr is another pipe: give it a moment to arrive.
    for (let i = 0; i < 50 && !adapter.stderr().includes(url); i++) await new Promise((r) => setTimeout(r, 100));
    expect(adapter.stderr()).toContain(url);
    const code = await status(url);
    await c.send('disconnect', {});
    return code;
  } finally {
    adapter.child.kill();
  }
}

/** The one adapter argument list a recipe block writes, e.g. `{ 'dap', '--ui' }` or `["dap", "--ui"]`. */
function adapterArgs(code: string): string[] {
  const m = /[{[]\s*((?:["'][^"']*["']\s*,?\s*)+)[}\]]/.exec(code);
  if (!m) throw new Error(`no argument list in:\n${code}`);
  return [...m[1].matchAll(/["']([^"']*)["']/g)].map((x) => x[1]);
}

describe('docs/tree.md: the tree page beside other editors', () => {
  const env = symdapEnvForSuite();

  for (const name of ['tree-neovim', 'tree-helix']) {
    it(`${name}: symdap dap --ui announces the page`, async () => {
      const { code } = recipe(name);
      expect(code).toMatch(/symdap|args/);
      const args = adapterArgs(code);
      expect(args).toEqual(['dap', '--ui']);
      expect(await announcedPage(env(), 'symdap', args, { program: PROGRAM, stopOnEntry: true })).toBe(200);
    }, 60_000);
  }

  it('tree-vimspector: the configuration launches with ui: true', async () => {
    const json = JSON.parse(recipe('tree-vimspector').code) as {
      configurations: Record<string, { configuration: Record<string, unknown> }>;
    };
    const [config] = Object.values(json.configurations);
    const launch = expandVariables(config.configuration, { file: PROGRAM });
    expect(launch.ui).toBe(true);
    // vimspector's `symdap` adapter (the vimspector recipe above) runs `symdap dap`.
    expect(await announcedPage(env(), 'symdap', ['dap'], launch)).toBe(200);
  }, 60_000);

  it('tree-emacs: the template launches with :ui t', async () => {
    const { code } = recipe('tree-emacs');
    // dap-mode sends a template's plist as the launch arguments, `t` as JSON true.
    const plist = Object.fromEntries(
      [...code.matchAll(/:(\w+) ("[^"]*"|t|nil)/g)].map(([, k, v]) => [
        k,
        v === 't' ? true : v === 'nil' ? null : JSON.parse(v),
      ]),
    );
    expect(plist).toMatchObject({ type: 'symdap', request: 'launch', ui: true });
    expect(await announcedPage(env(), 'symdap', ['dap'], { ...plist, program: PROGRAM })).toBe(200);
  }, 60_000);
});
