// `symdap verify --jobs` (issues 13 and 28): 16, 18 and 20 independent ifs (65,536, 262,144 and
// 1,048,576 paths), whole processes with
// one job and with two, run alternately so both see the same machine load; medians of the runs,
// wall time and the process's CPU time (what the second job costs in work, whatever the load).
'use strict';
const { spawnSync } = require('node:child_process');
const { childCpuMs } = require('./_childCpu.js');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const RUNS = Number(process.env.BENCH_JOBS_RUNS) || 3;

function ifs(n) {
  const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
  const body = Array.from({ length: n }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n`).join('');
  return `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s <= ${n};\n}\n`;
}

function verify(file, jobs) {
  const c0 = childCpuMs();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, 'verify', file, '--json', '--jobs', String(jobs)], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = childCpuMs() - c0;
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    throw new Error(`--jobs ${jobs}: no JSON (exit ${r.status}): ${r.stderr.slice(0, 300)}`);
  }
  return { ms, cpu, report };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Rows for `ifs(n)`, one job and two run alternately; the 16-ifs rows carry issue 13's targets,
 *  the 20-ifs rows issue 28's (2 jobs ≥ 1.6× faster, the split's CPU ≤ 10% over one job's). */
function measure(n, targets, splitTargets = false) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-bench-jobs-')), `ifs${n}.sym`);
  fs.writeFileSync(file, ifs(n));
  const times = { 1: [], 2: [] };
  const cpus = { 1: [], 2: [] };
  const reports = {};
  for (let i = 0; i < RUNS; i++) {
    for (const jobs of [1, 2]) {
      const { ms, cpu, report } = verify(file, jobs);
      times[jobs].push(ms);
      cpus[jobs].push(cpu);
      reports[jobs] = report;
    }
  }
  const [one, two] = [median(times[1]), median(times[2])];
  const same = ['verdict', 'paths', 'failures'].every(
    (k) => JSON.stringify(reports[1][k]) === JSON.stringify(reports[2][k]),
  );
  const name = `${n} ifs (${(2 ** n).toLocaleString('en-US')} paths), --jobs`;
  return [
    {
      benchmark: name,
      metric: `wall time, 1 job (median of ${RUNS})`,
      value: one,
      unit: 'ms',
      ...(targets ? { target: '< 3 s', ok: one < 3000 } : {}),
    },
    { benchmark: name, metric: `wall time, 2 jobs (median of ${RUNS})`, value: two, unit: 'ms' },
    {
      benchmark: name,
      metric: 'speed-up 2 jobs / 1 job',
      value: one / two,
      unit: '×',
      ...(targets || splitTargets ? { target: '≥ 1.6×', ok: one / two >= 1.6 } : {}),
    },
    { benchmark: name, metric: `CPU time (user + sys), 1 job (median of ${RUNS})`, value: median(cpus[1]), unit: 'ms' },
    {
      benchmark: name,
      metric: `CPU time (user + sys), 2 jobs (median of ${RUNS})`,
      value: median(cpus[2]),
      unit: 'ms',
    },
    {
      benchmark: name,
      metric: 'CPU overhead of the split (2 jobs / 1 job − 1)',
      value: (median(cpus[2]) / median(cpus[1]) - 1) * 100,
      unit: '%',
      ...(splitTargets ? { target: '≤ 10%', ok: median(cpus[2]) <= 1.1 * median(cpus[1]) } : {}),
    },
    {
      benchmark: name,
      metric: 'same verdict / failures / paths',
      value: same ? `yes (${reports[2].paths.total} paths, ${reports[2].jobs} jobs used)` : 'NO',
      unit: '',
      ok: same,
    },
  ];
}

async function run() {
  // 18 ifs: a run long enough that the second lane is started (laneStart.ts) and pays for itself.
  // 20 ifs: issue 28's target for the split itself.
  return [...measure(16, true), ...measure(18, false), ...measure(20, false, true)];
}

module.exports = { run };
