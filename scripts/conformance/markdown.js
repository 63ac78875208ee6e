// docs/conformance.md from the runner's results: totals (missed: an expected error missed and not
// audited), a table by folder, a table of the
// unsupported features (how many files each refusal stops), and every file that does not pass
// with its reason.
'use strict';
const fs = require('node:fs');

const STATUSES = ['pass', 'wrong', 'missed', 'unsound', 'unsupported', 'error', 'timeout'];

function folderOf(file) {
  const parts = file.split(/[\\/]/);
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.length > 1 ? parts[0] : '.';
}

function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function writeMarkdown(out, results, meta) {
  const tests = results.filter((r) => r.status !== 'left out');
  const count = (rs, s) => rs.filter((r) => r.status === s).length;
  const folders = [...new Set(tests.map((r) => folderOf(r.file)))].sort();
  const byFolder = folders.map((f) => {
    const rs = tests.filter((r) => folderOf(r.file) === f);
    return [f, String(rs.length), ...STATUSES.map((s) => String(count(rs, s)))];
  });
  byFolder.push(['**total**', `**${tests.length}**`, ...STATUSES.map((s) => `**${count(tests, s)}**`)]);
  const features = new Map();
  for (const r of tests) for (const f of r.features || []) features.set(f, (features.get(f) || 0) + 1);
  const featureRows = [...features.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([f, n]) => [f.replace(/\|/g, '\\|'), String(n)]);
  const failing = tests.filter((r) => r.status !== 'pass' && r.status !== 'unsupported');
  const counts = Object.fromEntries(STATUSES.map((s) => [s, count(tests, s)]));
  const text = [
    '<!-- Written by `npm run conformance` (scripts/conformance.js); do not edit by hand. -->',
    `<!-- counts: ${JSON.stringify(counts)} -->`,
    "# Conformance with Viper's Silver test suite",
    '',
    `Corpus: \`${meta.dir}\` (${results.length} .vpr files). Left out: ${results.length - tests.length} files ` +
      '(transformations/, reformatter/, cfgtests/, plugintests/, and files whose expected outputs are only parser, ' +
      `type-checker, consistency or termination errors). **${tests.length} verification tests** remain.`,
    '',
    `Run: ${meta.wallS.toFixed(0)} s wall, ${meta.jobs} files at a time.`,
    '',
    'pass: exactly the expected errors, each with its Viper id on its line; wrong: symdap reports failures, but ' +
      'not exactly the expected ones (another line or id, an extra failure, a false alarm) or the verdict is unknown, ' +
      'every expected error it misses audited (scripts/conformance/audited.js, marked "(audited)"); missed: an ' +
      'expected error is missed and not audited (a run may fail where symdap says nothing: `--check` fails on it); ' +
      "unsound: an error is expected and symdap says verified, or reports none without an unknown (a verified file whose every expected error is audited as Viper's incompleteness, kind b, and an unknown reporting nothing are wrong, their reason says so); unsupported: refused by name (the construct below), " +
      'or the expectations need a backend option symdap does not have (smoke checks); error: another front-end ' +
      'error or a crash; timeout.',
    '',
    '## By folder',
    '',
    table(['folder', 'tests', ...STATUSES], byFolder),
    '',
    '## Unsupported features (files refused by each; a file may name several)',
    '',
    featureRows.length ? table(['feature', 'files'], featureRows) : '(none)',
    '',
    '## Files that are not pass or unsupported',
    '',
    failing.length
      ? table(
          ['file', 'status', 'reason'],
          failing.map((r) => [`\`${r.file}\``, r.status, (r.reason || '').replace(/\|/g, '\\|')]),
        )
      : '(none)',
    '',
  ].join('\n');
  fs.writeFileSync(out, text);
}

/** The counts line of a table written before (`npm run conformance -- --check` compares with it), or undefined. */
function readCounts(file) {
  if (!fs.existsSync(file)) return undefined;
  const m = /<!-- counts: (\{.*\}) -->/.exec(fs.readFileSync(file, 'utf8'));
  return m ? JSON.parse(m[1]) : undefined;
}

module.exports = { writeMarkdown, readCounts };
