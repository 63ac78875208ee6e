// One file's outcome against its annotations. pass: exactly the expected errors, each on its line
// with its id; unsound: an error is expected and symdap says verified, or reports no failure at
// all and no unknown either — except where every expected error is audited as Viper's
// incompleteness (kind b: the assertion holds in every run, so verified is the right verdict: wrong,
// the audit named); an unknown verdict reporting nothing claims nothing (exit 3, never success):
// wrong, its reason saying so; missed: symdap reports failures
// but misses an expected error (its id on its line) that is not in the audited list
// (audited.js): the method holding it may verify alone while a run fails there, so a miss never
// hides among the wrong files; wrong: symdap reports failures but not exactly the expected ones
// (another line, another id, an extra failure, a false alarm, or an unknown verdict), every
// expected error it misses audited; unsupported: the front end refused a construct by name;
// error: any other front-end error or a crash; timeout.
'use strict';

/**
 * @param ann annotations (annotations.js)
 * @param run { verdict, failures: [{line, viperError}], unsupported: [feature], error?: string, timedOut?: bool }
 * @param audited the expected errors of this file (`id@line`) whose miss is audited (audited.js)
 * @param incomplete those of them audited as Viper's incompleteness (kind b)
 */
function classify(ann, run, audited = [], incomplete = []) {
  if (run.timedOut) return { status: 'timeout', reason: 'no answer within the time limit' };
  if (run.unsupported && run.unsupported.length > 0)
    return { status: 'unsupported', reason: run.unsupported.join('; '), features: run.unsupported };
  if (run.error !== undefined) return { status: 'error', reason: run.error };
  const expected = ann.expected.filter(
    (e) => !e.id.startsWith('typechecker.') && !e.id.startsWith('parser.') && !e.id.startsWith('consistency.'),
  );
  // A failure inside an imported file (its `file`) is never one of this file's expected lines.
  // An expected id without a reason (`assert.failed`) stands for every reason of that error, as in Silver's tests.
  const bare = new Set(expected.filter((e) => !e.id.includes(':')).map((e) => e.id));
  const shown = (id) => (bare.has(id.split(':')[0]) ? id.split(':')[0] : id);
  const reported = run.failures.map((f) => ({
    id: shown(f.viperError),
    line: f.file ? `${f.file}:${f.line}` : f.line,
  }));
  if (expected.length > 0 && (reported.length === 0 || run.verdict === 'verified')) {
    const keys = expected.map((e) => `${e.id}@${e.line}`);
    const nothing = `expected ${keys.join(', ')}; nothing reported (verdict ${run.verdict})`;
    if (run.verdict === 'verified' && keys.every((k) => incomplete.includes(k)))
      return { status: 'wrong', reason: `${nothing}: each audited as Viper's incompleteness (kind b)`, audited: keys };
    if (run.verdict === 'unknown' && reported.length === 0) {
      const known = keys.filter((k) => audited.includes(k));
      return {
        status: 'wrong',
        reason: `${nothing}: symdap claims nothing (exit 3)`,
        ...(known.length > 0 ? { audited: known } : {}),
      };
    }
    return { status: 'unsound', reason: nothing };
  }
  const key = (x) => `${x.id}@${x.line}`;
  const want = new Set(expected.map(key));
  const got = new Set(reported.map(key));
  const extra = [...got].filter((k) => !want.has(k));
  const missing = [...want].filter((k) => !got.has(k));
  const unaudited = missing.filter((k) => !audited.includes(k));
  const known = missing.filter((k) => audited.includes(k));
  if (extra.length === 0 && missing.length === 0 && run.verdict !== 'unknown') return { status: 'pass', reason: '' };
  const parts = [];
  if (unaudited.length > 0) parts.push(`missed ${unaudited.join(', ')}`);
  if (known.length > 0) parts.push(`expected ${known.join(', ')} (audited)`);
  if (extra.length > 0) parts.push(`reported ${extra.join(', ')}`);
  if (run.verdict === 'unknown') parts.push('verdict unknown');
  const status = unaudited.length > 0 ? 'missed' : 'wrong';
  return { status, reason: parts.join('; '), ...(known.length > 0 ? { audited: known } : {}) };
}

module.exports = { classify };
