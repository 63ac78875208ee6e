// Synth functions (issue 10): the propositional selector encoding against naive enumeration
// (every function of the grammar substituted and verified by the ordinary engine), on the
// repair sample at depths 2 and 3 (search, atoi and none are left for later), measured in the same run and process.
// Naive enumeration bounds `const` to -5..5 (the encoding does not bound it). Its total is
// extrapolated from the first CANDIDATES candidates' mean time (every candidate costs about
// the same: one concrete path); the row says so.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const dist = (p) => require(path.join(ROOT, 'dist', ...p.split('/')));
const CANDIDATES = 40;
const CONSTS = Array.from({ length: 11 }, (_, i) => String(i - 5));

/** Every term of a one-nonterminal grammar up to a depth, as text (leaves, then binary ops on E). */
function countTerms(leaves, binops, unops, depth) {
  let n = leaves;
  for (let d = 2; d <= depth; d++) n = leaves + binops * n * n + unops * n;
  return n;
}

function* terms(leaves, binops, depth) {
  if (depth === 1) {
    yield* leaves;
    return;
  }
  yield* leaves;
  const smaller = [...terms(leaves, binops, depth - 1)];
  for (const op of binops)
    for (const a of smaller) for (const b of smaller) yield op.replace('A', `(${a})`).replace('B', `(${b})`);
}

async function verifyText(name, source) {
  const { verifySource } = dist('engine/verify/verifySource.js');
  const t0 = performance.now();
  const out = await verifySource(source, name, { timeoutMs: 600_000 });
  return { ms: performance.now() - t0, report: out.report };
}

function withDepth(source, d) {
  return source.replace(/depth \d+;/, `depth ${d};`);
}

async function naive(name, source, fn, params, type, leaves, binops, depth) {
  // Lazy up to the first `depth N;`: the grammar's rules end in `;` too.
  const decl = /synth [\s\S]*?depth \d+;/;
  const total = countTerms(leaves.length, binops.length, 0, depth);
  let ms = 0;
  let tried = 0;
  let calls = 0;
  let paths = 0;
  for (const body of terms(leaves, binops, depth)) {
    if (tried >= CANDIDATES) break;
    const substituted = source.replace(decl, `function ${fn}(${params}): ${type} { ${body} }`);
    if (substituted === source || /\bsynth\b/.test(substituted.replace(/\/\/.*$/gm, '')))
      throw new Error(`naive: the synth declaration of ${name} was not replaced`);
    const r = await verifyText(name, substituted);
    ms += r.ms;
    tried++;
    calls += r.report.stats.solverCalls;
    paths += r.report.paths.total;
  }
  const per = ms / tried;
  return { ms: per * total, total, callsPer: calls / tried, pathsPer: paths / tried };
}

const SAMPLES = [
  {
    file: 'repair',
    fn: 'rho',
    params: 'x: int, i: int',
    type: 'int',
    leaves: ['x', 'i', ...CONSTS],
    binops: ['A + B', 'A - B'],
  },
];

async function run() {
  const rows = [];
  const depths = (process.env.SYNTH_BENCH_DEPTHS ?? '2,3').split(',').map(Number);
  for (const s of SAMPLES) {
    const source = fs.readFileSync(path.join(ROOT, 'samples', 'synth', `${s.file}.sym`), 'utf8');
    for (const d of depths) {
      const src = withDepth(source, d);
      const enc = await verifyText(`${s.file}.sym`, src);
      const nv = await naive(`${s.file}.sym`, src, s.fn, s.params, s.type, s.leaves, s.binops, d);
      const speedup = nv.ms / enc.ms;
      const name = `synth ${s.file} depth ${d}`;
      const target = s.file === 'repair' && d === 3 ? '≥ 10×' : undefined;
      rows.push(
        {
          benchmark: name,
          metric: 'selector encoding: wall / Z3 calls / paths',
          value: `${Math.round(enc.ms)} ms / ${enc.report.stats.solverCalls} / ${enc.report.paths.total} (${enc.report.verdict})`,
          unit: '',
        },
        {
          benchmark: name,
          metric: `naive: ${nv.total} candidates, wall (extrapolated from ${CANDIDATES}) / Z3 calls / paths`,
          value: `${Math.round(nv.ms)} ms / ${Math.round(nv.callsPer * nv.total)} / ${Math.round(nv.pathsPer * nv.total)}`,
          unit: '',
        },
        {
          benchmark: name,
          metric: 'speed-up of the encoding',
          value: speedup,
          unit: '×',
          target,
          ok: target ? speedup >= 10 : undefined,
        },
      );
    }
  }
  return rows;
}

module.exports = { run, countTerms };
