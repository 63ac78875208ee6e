// vitest globalSetup: gives the test workers a file to record skipped optional tools in
// (see optionalTools.ts) and prints what was skipped, and why, after the run.

import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

interface Skip {
  tool: string;
  howToInstall: string;
  file: string;
}

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'symdap-skips-'));
  const log = path.join(dir, 'skips.jsonl');
  process.env.SYMDAP_SKIP_LOG = log;
  return () => {
    const skips = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as Skip)
      : [];
    rmSync(dir, { recursive: true, force: true });
    if (skips.length === 0) return;
    const byTool = new Map<string, Skip[]>();
    for (const s of skips) byTool.set(s.tool, [...(byTool.get(s.tool) ?? []), s]);
    const lines = [...byTool].map(
      ([tool, list]) =>
        `  ${tool} not found: skipped ${[...new Set(list.map((s) => s.file))].join(', ')} (to run them: ${list[0].howToInstall})`,
    );
    process.stdout.write(`\nSkipped because an optional tool is missing:\n${lines.join('\n')}\n`);
  };
}
