// The lsp-neovim recipe of docs/lsp.md, verbatim, in the real Neovim (0.7.2 on Debian 12): it opens
// a .sym file with a type error and gets the diagnostic from the real `symdap lsp`.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionalTool } from '../support/optionalTools';
import { commandWorks, recipe, symdapEnvForSuite } from '../editors/readmeRecipes';

const nvimAvailable = optionalTool('Neovim', commandWorks('nvim', ['--version']), 'apt-get install neovim');

describe.skipIf(!nvimAvailable)('docs/lsp.md recipe: Neovim built-in LSP', () => {
  const env = symdapEnvForSuite();

  it('starts symdap lsp for a .sym file and shows its type error as a diagnostic', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'symdap-nvim-lsp-'));
    try {
      const init = path.join(dir, 'init.lua');
      const file = path.join(dir, 'bad.sym');
      const out = path.join(dir, 'result.json');
      writeFileSync(init, recipe('lsp-neovim').code);
      writeFileSync(file, 'proc main(x: int) {\n  var b: bool := x + 1;\n}\n');
      const r = spawnSync(
        'nvim',
        ['--headless', '--clean', '-u', init, '-c', `luafile ${path.join(__dirname, 'nvim-harness.lua')}`],
        {
          cwd: dir,
          encoding: 'utf8',
          timeout: 60_000,
          env: {
            ...env(),
            SYMDAP_FILE: file,
            SYMDAP_RESULT: out,
            XDG_STATE_HOME: dir,
            XDG_DATA_HOME: dir,
            XDG_CACHE_HOME: dir,
          },
        },
      );
      if (!existsSync(out)) throw new Error(`Neovim wrote no result (exit ${r.status}):\n${r.stderr}${r.stdout}`);
      const result = JSON.parse(readFileSync(out, 'utf8')) as {
        error: string | null;
        filetype: string;
        clients: number;
        diagnostics: { lnum: number; col: number; message: string; severity: number; source: string }[];
      };
      expect(result.error).toBeNull();
      expect(result.filetype).toBe('sym');
      expect(result.clients).toBe(1);
      expect(result.diagnostics).toHaveLength(1);
      expect(result.diagnostics[0]).toMatchObject({ lnum: 1, severity: 1, source: 'symdap' });
      expect(result.diagnostics[0].message).toMatch(/bool/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
