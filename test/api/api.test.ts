// The library's front door (issue 22): `require('symdap')` by the package's own name (the
// built dist/index.js, as a project that installed symdap gets it) checks, verifies, runs and
// steps a program; requiring it prints nothing and starts nothing.

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as symdap from 'symdap';

const SOURCE = `proc main(x: int) {
  if (x > 5) {
    assert x != 7;
  }
}`;

describe('require("symdap")', () => {
  it('loads silently in a fresh process and exits 0', () => {
    const out = execFileSync(process.execPath, ['-e', "require('symdap')"], { cwd: __dirname, encoding: 'utf8' });
    expect(out).toBe('');
  });

  it('check: diagnostics of a broken source, a program for a good one', () => {
    expect(symdap.check('proc main( {').ok).toBe(false);
    expect(symdap.check(SOURCE).diagnostics).toEqual([]);
  });

  it('verify: the report verify --json prints, failures classified', async () => {
    const r = await symdap.verify(SOURCE, 'api.sym');
    expect(r.verdict).toBe('failed');
    expect(r.failures.map((f) => [f.line, f.kind, f.class, f.counterexample])).toEqual([
      [3, 'assert', 'real', { x: 7 }],
    ]);
  });

  it('run: a concrete run replays the counterexample', () => {
    expect(symdap.run(SOURCE, { x: 7 }).status).toBe('failed');
    expect(symdap.run(SOURCE, { x: 6 }).status).toBe('ok');
  });

  it('startSymbolicRun: stepping forks at the branch', async () => {
    const stepper = await symdap.startSymbolicRun(SOURCE);
    try {
      let frontier = [stepper.root];
      const ended: string[] = [];
      while (frontier.length > 0) {
        const next = [];
        for (const n of frontier) {
          if (n.state.status !== 'running') {
            ended.push(n.state.status);
            continue;
          }
          next.push(...(await stepper.expand(n)));
        }
        frontier = next;
      }
      expect(ended.sort()).toEqual(['done', 'done', 'failed']);
    } finally {
      stepper.dispose();
    }
  });
});
