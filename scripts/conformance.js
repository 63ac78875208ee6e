#!/usr/bin/env node
// `npm run conformance [-- DIR] [--out FILE] [--json FILE] [--jobs N] [--timeout S] [--check]`: runs every .vpr
// under DIR (default ../shared/corpora/viper-silver, Viper's own Silver test suite, read in place)
// through symdap and compares each with its `//::` annotations; writes docs/conformance.md (a run
// over the whole default corpus only; a DIR's table goes to --out).
// Front-end refusals are found in this process (the built front end, dist/); files that load are
// verified by `symdap verify --json`, two at a time (the machine has 2 cores), each with a wall limit.
// Exit 1 on any unsound, missed (an expected error missed and not audited: conformance/audited.js,
// or --audited FILE), error or timeout. `--check` (CI) also fails when fewer files pass than the
// committed table (the counts line of docs/conformance.md, or of --baseline FILE) and writes the
// table only to --out when given, so that a check never rewrites the committed one.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { readAnnotations, leftOutBecause, expectationFeature, isFrontEndId } = require('./conformance/annotations');
const { classify } = require('./conformance/classify');
const { writeMarkdown, readCounts } = require('./conformance/markdown');
const { auditedOf, incompleteOf, staleAudits } = require('./conformance/auditedList');

const root = path.resolve(__dirname, '..');

function options(argv) {
  const o = {
    dir: defaultCorpus(),
    out: undefined,
    json: undefined,
    jobs: 2,
    // The slowest file (a recursive tree under domains) takes ~50 s here; CI machines run slower.
    timeoutS: 300,
    check: false,
    baseline: path.join(root, 'docs/conformance.md'),
    audited: path.join(__dirname, 'conformance/audited.js'),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') o.out = path.resolve(argv[++i]);
    else if (a === '--check') o.check = true;
    else if (a === '--baseline') o.baseline = path.resolve(argv[++i]);
    else if (a === '--json') o.json = path.resolve(argv[++i]);
    else if (a === '--audited') o.audited = path.resolve(argv[++i]);
    else if (a === '--jobs') o.jobs = Number(argv[++i]);
    else if (a === '--timeout') o.timeoutS = Number(argv[++i]);
    else o.dir = path.resolve(a);
  }
  // The committed table is the whole corpus's: a run over a part of it (a DIR given) writes a
  // table only to --out, so that a subset never replaces it.
  const whole = o.dir === defaultCorpus();
  if (o.out === undefined && !o.check && whole) o.out = path.join(root, 'docs/conformance.md');
  return o;
}

/** The corpus as the table names it: the same `../shared/…` from a clone or a git worktree under wt/. */
function shownCorpus(dir) {
  const shared = dir.replace(/\\/g, '/').match(/\/(shared\/corpora\/.+)$/);
  return shared ? `../${shared[1]}` : path.relative(root, dir) || dir;
}

/** ../shared beside the repository (a git worktree under wt/ finds it one level further up). */
function defaultCorpus() {
  const candidates = ['../shared/corpora/viper-silver', '../../shared/corpora/viper-silver'].map((p) =>
    path.resolve(root, p),
  );
  return candidates.find((p) => fs.existsSync(p)) || candidates[0];
}

function vprFiles(dir) {
  const out = [];
  (function walk(d) {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.vpr')) out.push(p);
    }
  })(dir);
  return out;
}

/** The front end's verdict on a file without running the engine: refusals, errors, or ok. */
function frontEnd(file, text) {
  const { loadSource } = require(path.join(root, 'dist/lang/frontend'));
  try {
    const r = loadSource(text, file, 'viper');
    const unsupported = r.diagnostics
      .filter((d) => d.unsupported)
      .map((d) => d.message.replace(/^unsupported Viper feature: /, ''));
    const errors = r.diagnostics.filter((d) => d.severity === 'error' && !d.unsupported);
    if (unsupported.length > 0) return { unsupported };
    const at = (d) => `${d.file === file ? '' : `${d.file}:`}${d.span.line}:${d.span.col}`;
    if (errors.length > 0 && errors.every((d) => expectedInImport(d, file)))
      return { leftOut: `an imported file expects its front-end error (${errors.map(at).join(', ')})` };
    if (errors.length > 0) return { error: errors.map((d) => `${at(d)}: ${d.message}`).join('; ') };
    return { ok: true };
  } catch (e) {
    return { error: `crash in the front end: ${e && e.message}` };
  }
}

/** Viper's suite runs the files of its `smoke` folder with smoke detection on (symdap's `--smoke`). */
function smokeTest(file) {
  return path.basename(path.dirname(path.resolve(file))) === 'smoke';
}

/** A front-end error inside an imported file, on a line whose own annotations expect a front-end error
 *  there (all/issues/silver/0266-2.vpr imports a missing file and expects parser.error): the importing
 *  file inherits it, so it is no verification test either. */
function expectedInImport(d, file) {
  if (d.file === file || !fs.existsSync(d.file)) return false;
  const ann = readAnnotations(fs.readFileSync(d.file, 'utf8'));
  return ann.expected.some((e) => e.line === d.span.line && isFrontEndId(e.id));
}

function verify(file, timeoutS, smoke) {
  return new Promise((resolve) => {
    const args = ['verify', '--json', ...(smoke ? ['--smoke'] : []), file];
    const child = spawn(process.execPath, [path.join(root, 'bin/symdap.js'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const started = Date.now();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = Date.now() - started;
      if (signal === 'SIGKILL') return resolve({ timedOut: true, ms });
      try {
        const r = JSON.parse(out);
        const unsupported =
          r.verdict === 'unsupported'
            ? r.diagnostics.map((d) => d.message.replace(/^unsupported Viper feature: /, ''))
            : [];
        const error = r.verdict === 'error' ? r.diagnostics.map((d) => d.message).join('; ') || err.trim() : undefined;
        resolve({ verdict: r.verdict, failures: r.failures || [], unsupported, error, ms });
      } catch {
        resolve({ error: `crash (exit ${code}): ${(err || out).trim().split('\n').slice(-1)[0]}`, ms });
      }
    });
  });
}

/** The corpus' `import/` directory (the standard library of its `import <…>` tests), from DIR or above. */
function standardLibrary(dir) {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'import', 'standard_import_tests'))) return path.join(d, 'import');
    if (path.dirname(d) === d) return undefined;
  }
}

async function main() {
  const o = options(process.argv.slice(2));
  // Read by the front end here and in every `symdap verify` spawned (src/lang/viper/loadFiles.ts).
  const library = standardLibrary(o.dir);
  if (library) process.env.SYMDAP_VIPER_PATH = library;
  const started = Date.now();
  const audits = require(o.audited);
  // Audited entries name files from the corpus root (the folder above the standard library), whatever DIR is.
  const corpusRoot = library ? path.dirname(library) : o.dir;
  const fromRoot = (rel) => path.relative(corpusRoot, path.join(o.dir, rel));
  const files = vprFiles(o.dir);
  const results = [];
  const toVerify = [];
  for (const file of files) {
    const rel = path.relative(o.dir, file);
    const text = fs.readFileSync(file, 'utf8');
    const ann = readAnnotations(text);
    const left = leftOutBecause(rel, ann);
    if (left) {
      results.push({ file: rel, status: 'left out', reason: left });
      continue;
    }
    const needs = expectationFeature(text, ann, smokeTest(file));
    if (needs) {
      results.push({ file: rel, status: 'unsupported', reason: needs, features: [needs] });
      continue;
    }
    const fe = frontEnd(file, text);
    if (fe.leftOut) {
      results.push({ file: rel, status: 'left out', reason: fe.leftOut });
      continue;
    }
    if (!fe.ok) {
      results.push({ file: rel, ...classify(ann, { ...fe, failures: [] }) });
      continue;
    }
    toVerify.push({ file, rel, ann });
  }
  let next = 0;
  const worker = async () => {
    while (next < toVerify.length) {
      const t = toVerify[next++];
      const run = await verify(t.file, o.timeoutS, smokeTest(t.file));
      const c = classify(t.ann, run, auditedOf(audits, fromRoot(t.rel)), incompleteOf(audits, fromRoot(t.rel)));
      results.push({ file: t.rel, ...c, ms: run.ms });
      process.stderr.write(`${c.status.padEnd(11)} ${t.rel}${c.reason ? `  (${c.reason})` : ''}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.jobs) }, worker));
  results.sort((a, b) => a.file.localeCompare(b.file));
  const wallS = (Date.now() - started) / 1000;
  const baseline = o.check ? readCounts(o.baseline) : undefined;
  if (o.out) writeMarkdown(o.out, results, { dir: shownCorpus(o.dir), wallS, jobs: o.jobs });
  if (o.json) fs.writeFileSync(o.json, JSON.stringify({ wallS, results }, null, 2) + '\n');
  const counts = {};
  for (const r of results) counts[r.status] = (counts[r.status] || 0) + 1;
  process.stdout.write(`${JSON.stringify(counts)} in ${wallS.toFixed(0)} s\n`);
  for (const note of staleAudits(audits, results, fromRoot)) process.stderr.write(`conformance: ${note}\n`);
  const bad = (counts.unsound || 0) + (counts.missed || 0) + (counts.error || 0) + (counts.timeout || 0);
  if (bad > 0) process.stderr.write(`conformance: ${bad} unsound, missed, error or timeout\n`);
  const fewer = baseline !== undefined && (counts.pass || 0) < (baseline.pass || 0);
  if (fewer) process.stderr.write(`conformance: ${counts.pass || 0} pass, fewer than the committed ${baseline.pass}\n`);
  if (o.check && baseline === undefined) process.stderr.write(`conformance: no counts line in ${o.baseline}\n`);
  process.exitCode = bad > 0 || fewer || (o.check && baseline === undefined) ? 1 : 0;
}

main().catch((e) => {
  process.stderr.write(`conformance: ${e && e.stack}\n`);
  process.exitCode = 2;
});
