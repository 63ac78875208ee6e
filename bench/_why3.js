// How the benches run Why3 (`why3 prove -P z3`): Debian's why3 comes without a prover
// configuration ("No prover in ~/.why3.conf corresponds to z3"), so the benches detect the
// provers once into a configuration file of their own, in a temporary directory (WHY3CONFIG),
// and pass it with -C: the user's ~/.why3.conf is never read nor written.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

let detected;

/** The arguments before the file for `why3` to prove it with Z3, or undefined (with why) when it cannot. */
function why3ProveArgs() {
  if (detected) return detected;
  if (spawnSync('why3', ['--version'], { encoding: 'utf8' }).status !== 0) {
    detected = { skipped: 'no why3 on PATH' };
    return detected;
  }
  const conf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-why3conf-')), 'why3.conf');
  const r = spawnSync('why3', ['config', 'detect'], {
    encoding: 'utf8',
    env: { ...process.env, WHY3CONFIG: conf },
  });
  const z3 = r.status === 0 && fs.existsSync(conf) && /^\s*name\s*=\s*"Z3"/m.test(fs.readFileSync(conf, 'utf8'));
  detected = z3 ? { args: ['prove', '-C', conf, '-P', 'z3'] } : { skipped: 'why3 found no Z3 (why3 config detect)' };
  return detected;
}

module.exports = { why3ProveArgs };
