// Human-readable output of `symdap verify`: the verdict, each failure as
// `file:line:col: assertion may fail: φ` with its counterexample and path, then a summary.

import { formatCounterexample, isOnNoPath } from '../engine/state/counterexample';
import type { VerifyReport } from '../engine/verify/report';
import { formatCoverage } from '../engine/explore/coverage';
import { functionDefinition } from '../engine/synth/readback';
import { verdictText } from '../engine/why/explain';

export function formatReport(r: VerifyReport, solverName: string): string {
  const lines = [`${r.file}: ${verdictText(r)}`];
  for (const f of r.failures) {
    lines.push(`${f.file ?? r.file}:${f.line}:${f.column}: ${f.message}`);
    if (f.explanation) lines.push(`  ${f.explanation}`);
    if (f.afterJoin?.message) lines.push(`  ${f.afterJoin.message}`);
    const summaries = f.afterJoin?.summaryValues ? `, ${formatCounterexample(f.afterJoin.summaryValues)}` : '';
    const u8 = new Set(f.u8);
    if (!isOnNoPath(f)) lines.push(`  counterexample: ${formatCounterexample(f.counterexample, u8)}${summaries}`);
    if (f.input && f.input !== f.counterexample && JSON.stringify(f.input) !== JSON.stringify(f.counterexample))
      lines.push(`  failing input: ${formatCounterexample(f.input, u8)}`);
    if (f.trace.length > 0) lines.push(`  path: line ${f.trace.join(' → ')}`);
    if (f.paths > 1) lines.push(`  (fails on ${f.paths} explored paths)`);
    if (f.classNote) lines.push(`  ${f.classNote}`);
  }
  for (const p of r.proofs ?? [])
    lines.push(
      `proof: line ${p.line} (${p.check}) holds${p.dependsOn.length === 0 ? ' by itself' : ` by ${p.dependsOn.map((d) => `line ${d.line} (${d.reason})`).join(', ')}`}`,
    );
  for (const w of r.warnings ?? []) lines.push(`${r.file}:${w.line}:${w.column}: warning: ${w.message}`);
  for (const n of r.notes) lines.push(`note: ${n}`);
  if (r.search)
    lines.push(
      `generational search: ${r.search.runs} runs${r.search.firstFailureRun ? `, the first failure at run ${r.search.firstFailureRun}` : ', no failure found'}`,
    );
  // A program that does not check never ran: its diagnostics (on stderr) are the whole story.
  if (r.verdict === 'error') return lines.join('\n') + '\n';
  for (const [name, f] of Object.entries(r.synthesized ?? {})) {
    lines.push(`synthesized: ${functionDefinition(name, f)}        (depth ${f.depth})`);
  }
  lines.push(`paths: ${pathCounts(r.paths)}`);
  const s = r.stats;
  lines.push(
    `solver: ${s.solverQueries} queries, ${s.solverCalls} ${solverName} calls, ${s.queriesAvoided} answered without solving, ${s.solverMs} ms`,
  );
  if (r.coverage) lines.push(formatCoverage(r.coverage));
  lines.push(`time: ${s.wallMs} ms, ${s.steps} steps, peak RSS ${s.peakRssMb} MB`);
  return lines.join('\n') + '\n';
}

export const EXIT_CODES: Record<VerifyReport['verdict'], number> = { verified: 0, failed: 1, error: 2, unknown: 3 };

/** `20 (1 completed, 19 excluded, 0 infeasible, 0 bounded)`: a synth program's failed paths are excluded ones. */
export function pathCounts(p: VerifyReport['paths']): string {
  const failed = p.excluded === undefined ? `${p.failed} failed` : `${p.excluded} excluded`;
  return `${p.total} (${p.completed} completed, ${failed}, ${p.infeasible} infeasible, ${p.bounded} bounded${p.unknown ? `, ${p.unknown} unknown` : ''})`;
}
