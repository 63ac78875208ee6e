// The audited list (audited.js) as the runner reads it: the expected errors of one file whose miss
// is audited, and the entries no longer missed (the list should shrink with them, never hide a
// miss that came back for another reason).
'use strict';

const slash = (p) => p.replace(/\\/g, '/');

/** The `id@line` keys audited for the file `rel` (relative to the corpus). */
function auditedOf(audits, rel) {
  return audits.filter((a) => a.file === slash(rel)).map((a) => a.error);
}

/** A note for each audited entry of a file that was verified and no longer misses that error (`fromRoot`: a result's file as the list names it). */
function staleAudits(audits, results, fromRoot = (f) => f) {
  const byFile = new Map(results.map((r) => [slash(fromRoot(r.file)), r]));
  return audits
    .filter((a) => {
      const r = byFile.get(a.file);
      return r && ['pass', 'wrong', 'missed'].includes(r.status) && !(r.audited || []).includes(a.error);
    })
    .map((a) => `${a.file}: ${a.error} is audited but no longer missed (drop it from the audited list)`);
}

/** Those of them audited as Viper's incompleteness (kind b): a verified verdict there is right. */
function incompleteOf(audits, rel) {
  return audits.filter((a) => a.file === slash(rel) && a.kind === 'b').map((a) => a.error);
}

module.exports = { auditedOf, incompleteOf, staleAudits };
