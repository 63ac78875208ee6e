// Start-up (issue 13): whole processes that do little, so the figure is mostly loading:
// `symdap --version`, `symdap check` on samples/heap/cell.sym (target < 0.12 s), and
// `symdap verify` on the 12-ifs program with one job, next to `node -e 0` (the floor).
// Best of 5 runs each; the child's CPU time (user + system) too, which a busy machine inflates less.
'use strict';
const { spawnSync } = require('node:child_process');
const { childCpuMs } = require('./_childCpu.js');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ifs } = require('./verify.js');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const RUNS = 5;

function measured(args) {
  // cutime accumulates over children: take differences around each run.
  const walls = [];
  const cpus = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = childCpuMs();
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
    walls.push(Number(process.hrtime.bigint() - t0) / 1e6);
    cpus.push(childCpuMs() - c0);
    if (r.status !== 0 && r.status !== 1)
      throw new Error(`${args.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
  }
  return { wall: Math.min(...walls), cpu: Math.min(...cpus) };
}

async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-bench-startup-'));
  const ifs12 = path.join(dir, 'ifs12.sym');
  fs.writeFileSync(ifs12, ifs(12));
  const cell = path.join(__dirname, '..', 'samples', 'heap', 'cell.sym');
  const cases = [
    ['node -e 0 (floor)', ['-e', '0']],
    ['symdap --version', [BIN, '--version']],
    ['symdap check samples/heap/cell.sym', [BIN, 'check', cell], 120, '< 120 ms'],
    ['12 ifs (4,096 paths), --jobs 1', [BIN, 'verify', ifs12, '--jobs', '1'], 500, '< 0.5 s'],
  ];
  const rows = [];
  for (const [name, args, targetMs, target] of cases) {
    const m = measured(args);
    rows.push({
      benchmark: name,
      metric: `wall time (process, best of ${RUNS})`,
      value: m.wall,
      unit: 'ms',
      target,
      ok: targetMs === undefined ? undefined : m.wall < targetMs,
    });
    rows.push({ benchmark: name, metric: `CPU time (process, best of ${RUNS})`, value: m.cpu, unit: 'ms' });
  }
  return rows;
}

module.exports = { run };
