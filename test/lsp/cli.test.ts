// `symdap lsp` on the command line: listed by --help, strict about options, and gone when
// the client closes its stdin (no server is left behind by an editor that quits).

import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'symdap.js');

describe('symdap lsp (command line)', () => {
  it('is listed by symdap --help', () => {
    const r = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ {2}symdap lsp \[--stdio\]/m);
  });

  it('refuses an unknown option with a usage line and exit 2', () => {
    const r = spawnSync(process.execPath, [BIN, 'lsp', '--port=1'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("symdap lsp: unknown option '--port=1'\nusage: symdap lsp [--stdio]\n");
    expect(r.stdout).toBe('');
  });

  it('exits when its stdin closes', async () => {
    const child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdin.end();
    expect(typeof (await exited)).toBe('number');
  }, 30_000);
});
