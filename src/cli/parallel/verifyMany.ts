// `symdap verify A.sym B.sym DIR`: verifies several files, in parallel on a pool of worker
// threads (one file per job), and prints each file's result in argument order. The exit code
// is the worst verdict's: error, then failed, then unknown, then verified. With --json stdout
// holds one document: { verdict, jobs, files: [report, …] }. A `.vpr` file's report is Viper's
// (viperReport.ts): failures with Viper's error ids, the verdict `unsupported` (exit code 4 when
// it is the worst: it ranks between unknown and failed).

import { errorReport, type VerifyReport } from '../../engine/verify/report';
import { languageOf } from '../../lang/language';
import { UNSUPPORTED_EXIT, viperReport, type ViperReport, type ViperVerdict } from '../viperReport';
import { error } from '../../lang/diagnostics';
import { readProgramFile } from '../../lang/sourceFile';
import { verifySourceJobs } from '../../engine/parallel/verifyParallel';
import { runInWorkers } from '../../engine/parallel/pool';
import type { VerifySourceOptions, VerifySourceResult } from '../../engine/verify/verifySource';
import { printDiagnostics, type CliIO } from '../io';
import { EXIT_CODES, formatReport } from '../verifyOutput';

const SEVERITY: readonly ViperVerdict[] = ['verified', 'unknown', 'unsupported', 'failed', 'error'];

interface FileOutcome {
  readonly file: string;
  readonly source?: string;
  readonly result: VerifySourceResult;
}

export async function verifyMany(
  files: readonly string[],
  opts: VerifySourceOptions,
  jobs: number,
  json: boolean,
  io: CliIO,
): Promise<number> {
  const outcomes = await verifyAll(files, opts, jobs);
  // A Viper file's report carries Viper's error ids, from the sites of its one load.
  const reports = outcomes.map((o): VerifyReport | ViperReport =>
    (opts.lang ?? languageOf(o.file)) === 'viper'
      ? viperReport(o.result.report, o.result.viperSites ?? [])
      : o.result.report,
  );
  outcomes.forEach((o, i) => {
    if (o.result.error) io.err(`symdap verify: ${o.file}: ${o.result.error}\n`);
    printDiagnostics(io, o.result.diagnostics, o.source);
    if (!json) io.out(formatOne(reports[i], opts));
  });
  const worst = reports
    .map((r) => r.verdict)
    .reduce((a, b) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a), 'verified');
  if (json)
    io.out(JSON.stringify({ verdict: worst, jobs: Math.min(jobs, files.length), files: reports }, null, 2) + '\n');
  else io.out(summary(reports));
  return worst === 'unsupported' ? UNSUPPORTED_EXIT : EXIT_CODES[worst];
}

function formatOne(r: VerifyReport | ViperReport, opts: VerifySourceOptions): string {
  // formatReport reads only fields a ViperReport has.
  return r.verdict === 'unsupported'
    ? `${r.file}: unsupported\n`
    : formatReport(r as VerifyReport, opts.solver ?? 'z3-wasm');
}

async function verifyAll(files: readonly string[], opts: VerifySourceOptions, jobs: number): Promise<FileOutcome[]> {
  const read = await Promise.all(files.map(async (file) => ({ file, read: await readProgramFile(file) })));
  const sources = read.flatMap((r) => ('source' in r.read ? [{ file: r.file, source: r.read.source }] : []));
  const results =
    jobs <= 1 || sources.length <= 1
      ? await inThisThread(sources, opts, jobs)
      : await runInWorkers<VerifySourceResult>(
          sources.map((s) => ({ ...s, opts })),
          jobs,
        );
  const byFile = new Map(sources.map((s, i) => [s.file, { ...s, result: results[i] }]));
  return read.map(
    (r) => byFile.get(r.file) ?? { file: r.file, result: unreadable(r.file, 'error' in r.read ? r.read.error : '') },
  );
}

/** One job, or one readable file (which then gets the subtree split of `--jobs`). */
async function inThisThread(
  sources: readonly { file: string; source: string }[],
  opts: VerifySourceOptions,
  jobs: number,
): Promise<VerifySourceResult[]> {
  const out: VerifySourceResult[] = [];
  for (const s of sources) out.push(await verifySourceJobs(s.source, s.file, opts, jobs));
  return out;
}

function unreadable(file: string, message: string): VerifySourceResult {
  const d = error(file, { line: 1, col: 1, endLine: 1, endCol: 1 }, message);
  return { report: errorReport(file, [d]), diagnostics: [d], tests: [] };
}

function summary(reports: readonly { verdict: ViperVerdict }[]): string {
  const counts = SEVERITY.map((v) => [v, reports.filter((r) => r.verdict === v).length] as const).filter(
    ([, n]) => n > 0,
  );
  return `${reports.length} files: ${counts.map(([v, n]) => `${n} ${v}`).join(', ')}\n`;
}
