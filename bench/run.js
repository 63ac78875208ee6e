#!/usr/bin/env node
// `npm run bench`: runs every benchmark module in bench/ (each exports `run()` returning rows
// {benchmark, metric, value, unit, target?, ok?}) against the built code and prints one
// Markdown table — the one kept in docs/benchmarks.md. `node bench/run.js verify` runs one module.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

async function main() {
  const only = process.argv.slice(2);
  const modules = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.js') && f !== 'run.js' && !f.startsWith('_'))
    .filter((f) => only.length === 0 || only.includes(path.basename(f, '.js')))
    .sort();
  const rows = [];
  for (const m of modules) {
    process.stderr.write(`bench: ${m}…\n`);
    try {
      rows.push(...(await require(path.join(__dirname, m)).run()));
    } catch (e) {
      rows.push({
        benchmark: m,
        metric: 'error',
        value: NaN,
        unit: '',
        target: '',
        ok: false,
        note: String((e && e.message) || e),
      });
    }
  }
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${require('node:os').cpus().length} cores, Node ${process.version}.`,
    '',
    '| benchmark | metric | value | target | met |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.benchmark} | ${r.metric} | ${fmt(r.value)} ${r.unit || ''} | ${r.target || ''} | ${r.ok === undefined ? '' : r.ok ? 'yes' : '**no**'} |`,
    ),
  ];
  const table = lines.join('\n');
  process.stdout.write(table + '\n');
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'latest.md'), table + '\n');
}

function fmt(v) {
  if (typeof v !== 'number' || Number.isNaN(v)) return String(v);
  return Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : 1);
}

main().catch((e) => {
  process.stderr.write(`bench: ${e.stack || e}\n`);
  process.exitCode = 1;
});
