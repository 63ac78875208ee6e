// Parser benchmark: parse (and, when the front end is built, parse + check) generated
// programs of 10,000 and 20,000 lines with the built code in dist/. Targets: 10k lines in
// under 1000 ms, and 20k lines in under 2.2x the 10k time (no worse than linear).
// Run alone with `node bench/parse.js`, or through bench/run.js which calls run().
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const dist = path.join(__dirname, '..', 'dist', 'lang');

/** The program generator lives in the tests (TypeScript); transpile it on its own. */
function loadProgramGen() {
  const ts = require('typescript');
  const file = path.join(__dirname, '..', 'test', 'support', 'programGen.ts');
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    fileName: file,
  });
  // Its imports of engine sources resolve to the built mirror in dist/ (the bench runs on the build).
  const code = outputText.replace(/require\("\.\.\/\.\.\/src\//g, 'require("../../dist/');
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  mod._compile(code, file);
  return mod.exports;
}

/**
 * Best wall and CPU time (ms) of `runs` calls, checking each call succeeds. The minimum is
 * the run least disturbed by other load; CPU time (which includes the GC threads) is what
 * the scaling target uses, since wall time on a busy machine also measures the neighbours.
 */
function timeIt(fn, runs) {
  let wall = Infinity;
  let cpu = Infinity;
  for (let i = 0; i < runs; i++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    const result = fn();
    wall = Math.min(wall, Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
    if (result.diagnostics.length > 0) {
      throw new Error(`benchmark input was rejected: ${result.diagnostics[0].message}`);
    }
  }
  return { wall, cpu };
}

const round = (x) => Math.round(x * 10) / 10;

function rowsFor(label, run, small, large) {
  run(small, 'warmup.sym');
  const t10 = timeIt(() => run(small, 'bench10k.sym'), 5);
  const t20 = timeIt(() => run(large, 'bench20k.sym'), 5);
  const limit = 2.2 * t10.cpu;
  return [
    { benchmark: `${label} 10k lines`, metric: 'wall time', value: round(t10.wall), unit: 'ms', target: '< 1000 ms', ok: t10.wall < 1000 },
    { benchmark: `${label} 10k lines`, metric: 'cpu time', value: round(t10.cpu), unit: 'ms' },
    { benchmark: `${label} 20k lines`, metric: 'wall time', value: round(t20.wall), unit: 'ms' },
    {
      benchmark: `${label} 20k lines`, metric: 'cpu time', value: round(t20.cpu), unit: 'ms',
      target: `< 2.2x the 10k cpu time (${round(limit)} ms)`, ok: t20.cpu < limit,
    },
    { benchmark: `${label} 20k lines`, metric: 'throughput', value: Math.round(20000 / (t20.wall / 1000)), unit: 'lines/s' },
  ];
}

async function run() {
  const { parse } = require(path.join(dist, 'parser'));
  const { generateLargeProgram } = loadProgramGen();
  const small = generateLargeProgram(10000);
  const large = generateLargeProgram(20000);
  const rows = rowsFor('parse', parse, small, large);
  const frontend = path.join(dist, 'frontend.js');
  if (fs.existsSync(frontend)) {
    const { loadSource } = require(frontend);
    rows.push(...rowsFor('parse+check', loadSource, small, large));
  }
  return rows;
}

module.exports = { run };

if (require.main === module) {
  run().then((rows) => console.table(rows), (e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
