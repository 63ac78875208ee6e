// `symdap verify FILE --tree OUT.html`: the explored execution tree with the verdict, as one
// self-contained HTML file (the page's bundle and the data inlined) for CI artifacts.

import { writeFile } from 'node:fs/promises';
import type { ExecutionTree } from '../engine/explore/tree';
import type { VerifyReport } from '../engine/verify/report';
import { buildView } from '../ui/buildView';
import { treePageHtml } from '../ui/pageHtml';
import type { TreeView } from '../ui/model';
import { pathCounts } from './verifyOutput';

/** Past this many view nodes the report keeps the top of the tree and says it is truncated. */
export const MAX_REPORT_NODES = 300_000;

export function treeReportView(tree: ExecutionTree, report: VerifyReport, source: string): TreeView {
  // A report with an `excluded` count comes from a program with synth functions.
  const excluding = report.paths.excluded !== undefined;
  const { nodes, truncated } = buildView(tree, MAX_REPORT_NODES, { owner: () => undefined, paused: new Map(), held: new Map(), excluding });
  const verdict = `${report.verdict}: paths ${pathCounts(report.paths)}`;
  return { file: report.file, source, nodes, truncated, verdict };
}

export async function writeTreeReport(out: string, tree: ExecutionTree, report: VerifyReport, source: string): Promise<void> {
  await writeFile(out, treePageHtml(`symdap tree: ${report.file}`, treeReportView(tree, report, source)));
}
