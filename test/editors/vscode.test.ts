// The VS Code recipe of docs/editors.md: the names it tells the reader to use (the F5 configuration,
// the Verify command, `npm run package:extension` and the .vsix it makes) exist in the
// extension's manifest, and the launch.json block, parsed from the page, is a launch of the
// extension's debugger type that drives `symdap dap` through a session with the requests VS
// Code sends. The extension itself runs in a real VS Code in `npm run test:vscode`.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';
import { startStdio } from './adapterProcess';
import { expectDebugged, PROGRAM, replay, type ClientProfile } from './clientReplay';
import { expandVariables, recipe, ROOT, symdapEnvForSuite } from './readmeRecipes';

interface Manifest {
  scripts: Record<string, string>;
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    debuggers: { type: string; initialConfigurations: { name: string }[] }[];
  };
}

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'extension', 'package.json'), 'utf8')) as Manifest;
const rootScripts = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
/** The `## VS Code` section of the page that holds the `vscode` recipe. */
const section = ((): string => {
  const page = readFileSync(recipe('vscode').page, 'utf8');
  const start = page.indexOf('\n## VS Code\n');
  if (start < 0) throw new Error('the page of the vscode recipe has no "## VS Code" section');
  return page.slice(start, page.indexOf('\n## ', start + 1));
})();

/** VS Code's initialize arguments (1.100). */
const VSCODE: ClientProfile = {
  initialize: {
    clientID: 'vscode',
    clientName: 'Visual Studio Code',
    adapterID: 'symdap',
    pathFormat: 'path',
    linesStartAt1: true,
    columnsStartAt1: true,
    supportsVariableType: true,
    supportsVariablePaging: true,
    supportsRunInTerminalRequest: true,
    locale: 'en',
    supportsProgressReporting: true,
    supportsInvalidatedEvent: true,
    supportsMemoryReferences: true,
    supportsArgsCanBeInterpretedByShell: true,
    supportsMemoryEvent: true,
    supportsStartDebuggingRequest: true,
  },
  evaluateContext: 'repl',
  exceptionFilters: ['assert', 'runtime', 'contract', 'permission'],
};

describe('docs/editors.md recipe: VS Code', () => {
  const launchJson = JSON.parse(recipe('vscode').code) as { configurations: Record<string, unknown>[] };
  const symdapEnv = symdapEnvForSuite();

  it('names what the extension has: the F5 configuration, the Verify command, the .vsix', () => {
    const f5 = /press F5 \("([^"]+)"\)/.exec(section)?.[1];
    expect(manifest.contributes.debuggers[0].initialConfigurations.map((c) => c.name)).toContain(f5);
    const command = /command \*([^*]+)\*/.exec(section)?.[1];
    expect(manifest.contributes.commands.map((c) => `${c.category}: ${c.title}`)).toContain(command);
    expect(section).toContain('`npm run package:extension` builds `extension/symdap.vsix`');
    expect(rootScripts['package:extension']).toContain('npm run --prefix extension package');
    expect(manifest.scripts.package).toContain('--out symdap.vsix');
  });

  it("launch.json configurations are launches of the extension's debugger type", () => {
    expect(launchJson.configurations.length).toBeGreaterThan(0);
    for (const c of launchJson.configurations) {
      expect(c.type).toBe(manifest.contributes.debuggers[0].type);
      expect(c).toMatchObject({ request: 'launch', program: '${file}' });
      expect(validateLaunchArgs(expandVariables(c, { file: PROGRAM })), String(c.name)).toMatchObject({
        errors: [],
        warnings: [],
      });
    }
  });

  it("the first configuration debugs bad_input.sym with VS Code's requests", async () => {
    const adapter = startStdio('symdap', ['dap'], symdapEnv());
    try {
      // VS Code adds `__configurationTarget` and `__sessionId` to what launch.json says.
      const launch = {
        ...expandVariables(launchJson.configurations[0], { file: PROGRAM }),
        __configurationTarget: 6,
        __sessionId: 'e2c1',
      };
      expectDebugged(await replay(adapter.client, VSCODE, launch));
      expect(await adapter.exited()).toBe(0);
    } finally {
      adapter.child.kill();
    }
  }, 120_000);
});
