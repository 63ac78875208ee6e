// Single-thread engine throughput (issue 13) on the n-ifs family: the per-step cost without
// start-up (in-process runs of verifySource, the CPU time of this process) and whole
// `symdap verify --jobs 1` processes of 16 ifs (wall and the child's CPU). Best of 3 each:
// CPU time is what a busy machine inflates least, and counts (steps, queries) are exact.
'use strict';
const { spawnSync } = require('node:child_process');
const { childCpuMs } = require('./_childCpu.js');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ifs } = require('./verify.js');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const RUNS = 3;

async function inProcess(n) {
  const { verifySource } = require('../dist/engine/verify/verifySource.js');
  const source = ifs(n);
  let best;
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const { report } = await verifySource(source, `ifs${n}.sym`, {});
    const c = process.cpuUsage(c0);
    const run = { cpu: (c.user + c.system) / 1000, wall: performance.now() - t0, report };
    if (!best || run.cpu < best.cpu) best = run;
  }
  return best;
}

function wholeProcess(file) {
  let best;
  for (let i = 0; i < RUNS; i++) {
    const c0 = childCpuMs();
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [BIN, 'verify', file, '--jobs', '1'], { encoding: 'utf8' });
    const run = { wall: Number(process.hrtime.bigint() - t0) / 1e6, cpu: childCpuMs() - c0 };
    if (r.status !== 0) throw new Error(`${file}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
    if (!best || run.wall < best.wall) best = run;
  }
  return best;
}

async function run() {
  const rows = [];
  for (const n of [14, 16]) {
    const name = `${n} ifs (${(2 ** n).toLocaleString('en')} paths), in-process`;
    const { cpu, report } = await inProcess(n);
    const s = report.stats;
    rows.push({ benchmark: name, metric: `CPU time, no start-up (best of ${RUNS})`, value: cpu, unit: 'ms' });
    rows.push({ benchmark: name, metric: 'steps per CPU second', value: Math.round((1000 * s.steps) / cpu), unit: '' });
    rows.push({
      benchmark: name,
      metric: 'steps / queries / Z3 calls',
      value: `${s.steps} / ${s.solverQueries} / ${s.solverCalls}`,
      unit: '',
    });
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-bench-throughput-')), 'ifs16.sym');
  fs.writeFileSync(file, ifs(16));
  const p = wholeProcess(file);
  const name = '16 ifs (65,536 paths), --jobs 1';
  rows.push({
    benchmark: name,
    metric: `wall time (process, best of ${RUNS})`,
    value: p.wall,
    unit: 'ms',
    target: '< 3 s (aim ≤ 2 s)',
    ok: p.wall < 3000,
  });
  rows.push({ benchmark: name, metric: `CPU time (process, same run)`, value: p.cpu, unit: 'ms' });
  return rows;
}

module.exports = { run };
