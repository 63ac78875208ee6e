// Issue 13: symdap against Why3 (SP VC generator + Z3) on the 100-ifs family, in the same run:
// the same logic written in WhyML (`join φ` as an abstract block `begin ensures { φ } … end`,
// which forgets everything but φ as join φ does; `join;` as `s := !s + (if … then 1 else 0)`, an exact merge). Whole
// processes, 5 alternating runs each, medians; ratio = symdap / Why3 (target < 1.0). Skipped
// with a note row when `why3` is not installed (or finds no Z3: bench/_why3.js).
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ifs } = require('./verify');
const { why3ProveArgs } = require('./_why3');

const BIN = path.join(__dirname, '..', 'bin', 'symdap.js');
const N = 100;
const RUNS = 5;

function whyml(n, phi) {
  const params = Array.from({ length: n }, (_, i) => `x${i}`).join(' ');
  const body = Array.from({ length: n }, (_, i) => {
    const branch = `if x${i} > 0 then s := !s + 1`;
    // Why3's SP on 100 statement-level ifs without a cut does not finish in 15 minutes; the
    // exact merge is the same logic written as an expression, as `join;` builds it.
    return phi
      ? `  begin ensures { !s >= 0 /\\ !s <= ${i + 1} } ${branch} end;\n`
      : `  s := !s + (if x${i} > 0 then 1 else 0);\n`;
  }).join('');
  return `module M\nuse int.Int\nuse ref.Ref\nlet main [@vc:sp] (${params}: int) : unit =\n  let s = ref 0 in\n${body}  assert { !s <= ${n} }\nend\n`;
}

function timed(cmd, args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, r };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function compare(name, sym, mlw, dir) {
  const symFile = path.join(dir, `${name.replace(/\W+/g, '_')}.sym`);
  const mlwFile = path.join(dir, `${name.replace(/\W+/g, '_')}.mlw`);
  fs.writeFileSync(symFile, sym);
  fs.writeFileSync(mlwFile, mlw);
  const mine = [];
  const theirs = [];
  let report;
  let why3Valid = true;
  for (let i = 0; i < RUNS; i++) {
    const a = timed(process.execPath, [BIN, 'verify', symFile, '--json']);
    report = JSON.parse(a.r.stdout);
    mine.push(a.ms);
    const b = timed('why3', [...why3ProveArgs().args, mlwFile]);
    why3Valid = why3Valid && b.r.status === 0 && /Valid/.test(b.r.stdout);
    theirs.push(b.ms);
  }
  const s = report.stats;
  const withoutZ3 = s.solverQueries === 0 ? 1 : 1 - s.solverCalls / s.solverQueries;
  const ratio = median(mine) / median(theirs);
  return [
    { benchmark: `${name} vs Why3`, metric: 'symdap verify (median of 5, process)', value: median(mine), unit: 'ms' },
    {
      benchmark: `${name} vs Why3`,
      metric: `why3 prove -P z3 (median of 5, process)${why3Valid ? '' : ', NOT proved'}`,
      value: median(theirs),
      unit: 'ms',
    },
    {
      benchmark: `${name} vs Why3`,
      metric: 'ratio symdap / Why3',
      value: ratio,
      unit: '',
      target: '< 1.0',
      ok: ratio < 1 && report.verdict === 'verified',
    },
    {
      benchmark: `${name} vs Why3`,
      metric: 'queries answered without Z3',
      value: 100 * withoutZ3,
      unit: `% (${s.solverCalls} Z3 calls of ${s.solverQueries}; ${s.queriesDecidedByBounds} by bounds)`,
      target: '≥ 95%',
      ok: withoutZ3 >= 0.95,
    },
  ];
}

async function run() {
  const why3 = why3ProveArgs();
  if (why3.skipped) return [{ benchmark: 'symdap vs Why3', metric: `skipped: ${why3.skipped}`, value: NaN, unit: '' }];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-why3-'));
  return [
    ...compare(
      '100 ifs + join φ',
      ifs(N, (k) => `join s >= 0 && s <= ${k};`),
      whyml(N, true),
      dir,
    ),
    ...compare(
      '100 ifs + join',
      ifs(N, () => 'join;'),
      whyml(N, false),
      dir,
    ),
  ];
}

module.exports = { run };
