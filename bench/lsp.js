// Language server benchmark: what the server computes on each (debounced) edit of a
// 1,000-line file — the front end, the symbol index and the LSP diagnostics — with the
// built code in dist/. Target: under 50 ms. The edit inserts a statement in the middle
// procedure (so the declarations below it move down a line); the first analysis of the file
// (opening it: every declaration parsed) and its semantic tokens are measured too. Wall and
// CPU time come from the same runs.
// Run alone with `node bench/run.js lsp`.
'use strict';

const path = require('node:path');
const { loadProgramGen } = require('./parse');

const dist = path.join(__dirname, '..', 'dist', 'lsp');

/** Best wall and CPU time (ms) of `runs` calls: the run least disturbed by other load. */
function best(fn, runs) {
  let wall = Infinity;
  let cpu = Infinity;
  for (let i = 0; i < runs; i++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    fn();
    wall = Math.min(wall, Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  return { wall: Math.round(wall * 10) / 10, cpu: Math.round(cpu * 10) / 10 };
}

/** The text with one statement added after the first line of the middle procedure's body. */
function insertInMiddleProc(source) {
  const lines = source.split('\n');
  const procs = lines.flatMap((l, i) => (l.startsWith('proc ') ? [i] : []));
  const body = lines.indexOf('{', procs[Math.floor(procs.length / 2)]);
  lines.splice(body + 1, 0, '  assert 1 + 1 == 2;');
  return lines.join('\n');
}

async function run() {
  const { analyze } = require(path.join(dist, 'analysis'));
  const { toLspDiagnostics } = require(path.join(dist, 'diagnostics'));
  const { semanticTokens } = require(path.join(dist, 'semanticTokens'));
  const source = loadProgramGen().generateLargeProgram(1000);
  const lines = source.split('\n').length - 1;
  const first = analyze(source, 'bench.sym', 1);
  if (!first.checked) throw new Error(`benchmark input was rejected: ${first.diagnostics[0].message}`);
  const edited = insertInMiddleProc(source);
  const check = analyze(edited, 'bench.sym', 2, first);
  if (!check.checked) throw new Error(`benchmark edit was rejected: ${check.diagnostics[0].message}`);
  const edit = best(() => toLspDiagnostics(analyze(edited, 'bench.sym', 2, first).diagnostics), 10);
  const open = best(() => toLspDiagnostics(analyze(source, 'bench.sym', 1).diagnostics), 5);
  const tokens = best(() => semanticTokens(source, first.index, false), 10);
  const what = `lsp: diagnostics after an edit of a ${lines}-line file`;
  return [
    { benchmark: what, metric: 'wall time', value: edit.wall, unit: 'ms', target: '< 50 ms', ok: edit.wall < 50 },
    { benchmark: what, metric: 'cpu time', value: edit.cpu, unit: 'ms', target: '< 50 ms', ok: edit.cpu < 50 },
    {
      benchmark: `lsp: diagnostics on opening a ${lines}-line file`,
      metric: 'wall time',
      value: open.wall,
      unit: 'ms',
    },
    { benchmark: `lsp: diagnostics on opening a ${lines}-line file`, metric: 'cpu time', value: open.cpu, unit: 'ms' },
    { benchmark: `lsp: semantic tokens of a ${lines}-line file`, metric: 'wall time', value: tokens.wall, unit: 'ms' },
  ];
}

module.exports = { run };
