// The Helix, Vim (vim-lsp) and Emacs (lsp-mode) language server recipes of docs/lsp.md. Helix and
// vim-lsp are packaged by neither Debian nor npm, so their configuration is read from the
// page (Helix's TOML with Python's tomllib) and the server command it names is driven by a
// real LSP client, with the settings the recipe passes. Emacs: the recipe is evaluated
// verbatim by the real Emacs 28 with Debian's lsp-mode (batch), which must register the
// client for .sym files with that command; lsp-mode's own session needs an interactive
// Emacs (it connects from timers and idle hooks that batch mode does not run), so the
// session is driven by the real client here, as for Helix.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionalTool } from '../support/optionalTools';
import { commandWorks, recipe, symdapEnvForSuite } from '../editors/readmeRecipes';
import { startServer } from './lspClient';

const BAD = 'proc main(x: int) {\n  var b: bool := x + 1;\n}\n';
const URI = 'file:///tmp/symdap-recipe/bad.sym';

const tomllib = optionalTool(
  'Python 3.11 (tomllib)',
  spawnSync('python3', ['-c', 'import tomllib'], { timeout: 30_000 }).status === 0,
  'apt-get install python3',
);
const emacsLsp = optionalTool(
  'Emacs with lsp-mode',
  commandWorks('emacs', ['--batch', '--eval', "(require 'lsp-mode)"]),
  'apt-get install elpa-lsp-mode',
);

/** Starts the command a recipe configures, opens a file with a type error, returns the diagnostic. */
async function diagnosticVia(
  command: string[],
  env: NodeJS.ProcessEnv,
  initializationOptions?: unknown,
): Promise<string[]> {
  const client = startServer(command, env);
  try {
    await client.initialize({ initializationOptions });
    const published = client.diagnostics(URI, (ds) => ds.length > 0);
    client.open(URI, BAD);
    return (await published).map((d) => `${d.range.start.line + 1}: ${d.message}`);
  } finally {
    await client.stop();
  }
}

describe('docs/lsp.md language server recipes', () => {
  const env = symdapEnvForSuite();

  it.skipIf(!tomllib)(
    'Helix: languages.toml starts the server with its command, args and config',
    async () => {
      const r = spawnSync(
        'python3',
        ['-c', 'import sys, json, tomllib; print(json.dumps(tomllib.loads(sys.stdin.read())))'],
        { input: recipe('lsp-helix').code, encoding: 'utf8' },
      );
      const toml = JSON.parse(r.stdout) as {
        'language-server': Record<string, { command: string; args: string[]; config: unknown }>;
        language: { name: string; 'language-servers': string[] }[];
      };
      const sym = toml.language.find((l) => l.name === 'sym')!;
      const server = toml['language-server'][sym['language-servers'][0]];
      const ds = await diagnosticVia([server.command, ...server.args], env(), server.config);
      expect(ds).toHaveLength(1);
      expect(ds[0]).toMatch(/^2: .*bool/);
    },
    60_000,
  );

  it('Vim: vim-lsp registers the server command for the sym and viper filetypes', async () => {
    const code = recipe('lsp-vim').code;
    expect(code).toMatch(/'allowlist': \['sym', 'viper'\]/);
    expect(code).toContain('autocmd BufRead,BufNewFile *.vpr setfiletype viper');
    const cmd = /'cmd': \{server_info -> \[([^\]]*)\]\}/
      .exec(code)![1]
      .split(',')
      .map((s) => s.trim().replace(/^'|'$/g, ''));
    const ds = await diagnosticVia(cmd, env());
    expect(ds[0]).toMatch(/^2: .*bool/);
  }, 60_000);

  it.skipIf(!emacsLsp)(
    'Emacs: the recipe loads in lsp-mode and registers symdap for .sym and .vpr files',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'symdap-emacs-lsp-'));
      try {
        const init = path.join(dir, 'init.el');
        writeFileSync(init, recipe('lsp-emacs').code);
        const visit = (
          file: string,
        ): string => `(with-current-buffer (find-file-noselect ${JSON.stringify(path.join(dir, file))})
            (princ (format "mode=%s id=%s active=%s\\n" major-mode (lsp-buffer-language)
                           (if (and client (funcall (lsp--client-activation-fn client) buffer-file-name major-mode)) t nil))))`;
        const probe = `(progn (load ${JSON.stringify(init)})
        (let* ((client (gethash 'symdap lsp-clients)))
          ${visit('a.sym')}
          ${visit('a.vpr')}))`;
        // Not -Q: Debian loads its elpa packages (lsp-mode) from site-start; HOME is empty, so no user init.
        const r = spawnSync('emacs', ['--batch', '--eval', probe], {
          encoding: 'utf8',
          timeout: 60_000,
          env: { ...env(), HOME: dir },
        });
        expect(r.stdout, r.stderr).toContain('mode=sym-mode id=sym active=t');
        expect(r.stdout, r.stderr).toContain('mode=vpr-mode id=viper active=t');
        const cmd = /lsp-stdio-connection '\(([^)]*)\)\)/
          .exec(recipe('lsp-emacs').code)![1]
          .split(' ')
          .map((s) => JSON.parse(s) as string);
        const ds = await diagnosticVia(cmd, env());
        expect(ds[0]).toMatch(/^2: .*bool/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
