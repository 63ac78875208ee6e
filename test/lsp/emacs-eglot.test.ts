// The eglot recipe of docs/lsp.md (lsp-emacs-eglot), verbatim, in the real Emacs 28 with Debian's
// eglot 1.9 (batch): visiting a .sym file starts `symdap lsp` (the recipe's command, on
// PATH) and the type error the server publishes reaches flymake; saving a file whose
// assertion fails brings the verification failure, for a .sym and for a .vpr (vpr-mode) file. Batch Emacs has no command loop, so the
// probe runs post-command-hook once after visiting the file, as the loop does after the
// command (eglot-ensure connects from that hook), and waits in accept-process-output.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionalTool } from '../support/optionalTools';
import { commandWorks, recipe, ROOT, symdapEnvForSuite } from '../editors/readmeRecipes';

const eglot = optionalTool(
  'Emacs with eglot',
  commandWorks('emacs', ['--batch', '--eval', "(require 'eglot)"]),
  'apt-get install emacs-nox elpa-eglot',
);

const BAD = 'proc main(x: int) {\n  var b: bool := x + 1;\n}\n';
const FAILING = 'proc main(x: int) {\n  var y: int := x * 2;\n  if (y > 20) {\n    assert y < 10;\n  }\n}\n';

/** Elisp: visit `file`, optionally edit and save it, print flymake's diagnostics matching `want`. */
function probe(file: string, save: boolean, want: string): string {
  return `(let ((buf (find-file ${JSON.stringify(file)})) (found nil) (i 0))
  (with-current-buffer buf
    (run-hooks 'post-command-hook)
    (princ (format "managed=%s\\n" (bound-and-true-p eglot--managed-mode)))
    (when ${save ? 't' : 'nil'}
      (while (and (not (eglot-current-server)) (< i 100)) (accept-process-output nil 0.1) (setq i (1+ i)))
      (goto-char (point-max)) (insert "\\n") (save-buffer))
    (setq i 0)
    (while (and (null found) (< i 600))
      (accept-process-output nil 0.1)
      (setq i (1+ i))
      (setq found (seq-filter (lambda (d) (string-match-p ${JSON.stringify(want)} (flymake-diagnostic-text d))) (flymake-diagnostics))))
    (dolist (d found)
      (princ (format "diag %d: %s\\n" (line-number-at-pos (flymake-diagnostic-beg d)) (flymake-diagnostic-text d))))
    (when (eglot-current-server) (eglot-shutdown (eglot-current-server)))))`;
}

describe.skipIf(!eglot)('docs/lsp.md eglot recipe in Emacs 28', () => {
  const env = symdapEnvForSuite();

  function run(name: string, text: string, save: boolean, want: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'symdap-eglot-'));
    try {
      const init = path.join(dir, 'init.el');
      writeFileSync(init, recipe('lsp-emacs-eglot').code);
      const file = path.join(dir, name);
      writeFileSync(file, text);
      // Not -Q: Debian loads its elpa packages (eglot) from site-start; HOME is empty, so no user init.
      const r = spawnSync('emacs', ['--batch', '-l', init, '--eval', probe(file, save, want)], {
        encoding: 'utf8',
        timeout: 90_000,
        env: { ...env(), HOME: dir },
        cwd: dir,
      });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('shows the type error of a file as it is opened (flymake, from the server)', () => {
    const out = run('bad.sym', BAD, false, 'bool');
    expect(out).toContain('managed=t');
    expect(out).toMatch(/^diag 2: symdap: cannot initialize 'b' of type bool with a value of type int$/m);
  }, 120_000);

  it('shows a failed assertion with its counterexample once the file is saved', () => {
    const out = run('failing.sym', FAILING, true, 'assertion may fail');
    expect(out).toMatch(/^diag 4: symdap verify: assertion may fail: y < 10 — counterexample: x = -?\d+/m);
  }, 120_000);

  it('a .vpr file (vpr-mode) gets the server too: saving it brings the lost permission at line 18', () => {
    const lost = readFileSync(path.join(ROOT, 'samples', 'viper', 'lost_permission.vpr'), 'utf8');
    const out = run('lost_permission.vpr', lost, true, 'not held to read');
    expect(out).toContain('managed=t');
    expect(out).toMatch(/^diag 18: symdap verify: insufficient permission: acc\(x\.f\) is not held to read x\.f/m);
  }, 120_000);

  it('shows a failed assertion as soon as the file is visited, without an edit (issue 26, item 16)', () => {
    const out = run('opened.sym', FAILING, false, 'assertion may fail');
    expect(out).toMatch(/^diag 4: symdap verify: assertion may fail: y < 10 — counterexample: x = -?\d+/m);
  }, 120_000);
});
