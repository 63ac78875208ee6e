// The README's front-door commands, as a newcomer types them: the set-up block names the two
// commands and the global install, and the sample verification prints what the README's
// transcript shows (its lines, in order, up to the `…`) and exits as it says. The CLI is the
// built one (`npx symdap` runs bin/symdap.js), run from the repository root.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The fenced blocks of the README, in order, with their info strings. */
const blocks = [...README.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({ info: m[1].trim(), body: m[2] }));

describe('README front door', () => {
  it('the first block sets up with `npm install` and tests with `npm test`; `npm install -g .` puts symdap on PATH', () => {
    const setup = blocks
      .find((b) => b.info === 'sh')!
      .body.split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter((l) => l);
    expect(setup).toEqual(['npm install', 'npm test']);
    expect(blocks.some((b) => b.body.trim() === 'npm install -g .')).toBe(true);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.bin.symdap).toBe('bin/symdap.js');
    expect(pkg.scripts.test).toBeDefined();
  });

  it('the sample verification prints the transcript the README shows, and exits 1 (failed)', () => {
    const transcript = blocks
      .find((b) => b.body.startsWith('$ npx symdap '))!
      .body.split('\n')
      .filter((l) => l !== '');
    const command = transcript[0].slice('$ npx symdap '.length).split(' ');
    const shown = transcript.slice(1, transcript.indexOf('…'));
    expect(shown.length).toBeGreaterThan(3);
    expect(README).toContain(`npx symdap ${command.join(' ')}   #`);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'symdap.js'), ...command], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stdout.split('\n').slice(0, shown.length)).toEqual(shown);
    expect(r.status).toBe(1);
    expect(README).toContain('It exits 1 (failed)');
  });
});
