// Silver's test annotations in a .vpr file: `//:: Kind(args)` applies to the next line that is
// neither blank nor a comment. ExpectedOutput(id) is an error a verifier must report on that line,
// as is ExpectedCounterexample(id, (model)) (its model, which Silicon's counterexample tests compare,
// is not: only the error is);
// MissingOutput marks an expected error a backend misses (still expected, and always beside an
// ExpectedOutput, so it adds nothing here); UnexpectedOutput is a backend's false alarm (a correct
// verifier reports nothing); IgnoreFile names a backend that skips the file.
'use strict';

const ANNOTATION = /^\s*\/\/::\s*([A-Za-z]+)\((.*)\)\s*$/;

/** Error ids that a front end reports, not a verifier: files expecting only these are left out. */
const FRONT_END_IDS = [
  'parser.error',
  'parser.warning',
  'typechecker.error',
  'consistency.error',
  'termination.failed',
];

function isFrontEndId(id) {
  return FRONT_END_IDS.some((p) => id === p || id.startsWith(p + ':')) || id.startsWith('termination.');
}

/** { expected: [{id, line}], unexpected: [{id, line}], ignoreFile: [backend issue] } */
function readAnnotations(text) {
  const lines = text.split(/\r?\n/);
  const out = { expected: [], unexpected: [], ignoreFile: [] };
  let pending = [];
  lines.forEach((raw, i) => {
    const m = ANNOTATION.exec(raw);
    if (m) {
      pending.push({ kind: m[1], args: m[2].split(',').map((s) => s.trim()) });
      return;
    }
    const t = raw.trim();
    if (t === '' || t.startsWith('//')) return;
    for (const a of pending) place(out, a, i + 1);
    pending = [];
  });
  for (const a of pending) place(out, a, lines.length);
  return out;
}

function place(out, a, line) {
  if (a.kind === 'ExpectedOutput' || a.kind === 'ExpectedCounterexample') out.expected.push({ id: a.args[0], line });
  else if (a.kind === 'UnexpectedOutput') out.unexpected.push({ id: a.args[0], line });
  else if (a.kind === 'IgnoreFile') out.ignoreFile.push(a.args[0]);
}

/** Why a file is not a verification test, or undefined when it is one. */
function leftOutBecause(relPath, ann) {
  const top = relPath.split(/[\\/]/)[0];
  if (['transformations', 'reformatter', 'cfgtests', 'plugintests'].includes(top))
    return `${top}/ tests AST passes or printing`;
  // `import/` is the standard library of the standard-import tests (`import <standard_import_tests/…>`,
  // found on Viper's class path there): fragments that use what their importers declare.
  if (top === 'import') return 'an import fragment, tested through the files that import it';
  if (ann.expected.length > 0 && ann.expected.every((e) => isFrontEndId(e.id)))
    return 'expects only front-end or termination errors';
  return undefined;
}

/**
 * The feature a file's expectations need beyond the program text, or undefined: `refute.failed`
 * where the file has no `refute` statement comes from the backend's unreachable-code detection
 * (smoke checks: symdap's `--smoke`, which the runner turns on for Viper's `smoke` folder only,
 * as Viper's suite does; elsewhere the expectation comes from a backend option a file does not
 * name); `internal:feature.unsupported` is a plugin's refusal of a construct (the SIF plugin's
 * of goto), which symdap, without the plugin, reads.
 */
function expectationFeature(text, ann, smokeOn = false) {
  if (ann.expected.some((e) => e.id === 'internal:feature.unsupported'))
    return "a plugin's refusal (internal:feature.unsupported, the SIF plugin)";
  const smoke = !smokeOn && ann.expected.some((e) => e.id.startsWith('refute.failed')) && !/^\s*refute\b/m.test(text);
  return smoke ? 'smoke checks (refute.failed from unreachable-code detection, a backend option)' : undefined;
}

module.exports = { readAnnotations, leftOutBecause, isFrontEndId, expectationFeature };
