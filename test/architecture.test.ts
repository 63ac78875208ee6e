// The import rules of .dependency-cruiser.cjs, checked on every `npm test`: no import cycle
// between files (type-only imports count), every import down the engine's layer order, and
// the debugger's one door to the engine (the session asks the runtime). Nothing is tolerated:
// one violation anywhere fails.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(__dirname, '..');

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
  readonly cycle?: readonly { readonly name: string }[];
}

function cruise(): { summary: { error: number; warn: number; violations: Violation[] } } {
  const bin = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const out = execFileSync(
    process.execPath,
    [bin, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    {
      cwd: ROOT,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as { summary: { error: number; warn: number; violations: Violation[] } };
}

const show = (v: Violation): string =>
  `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name).join(' → ') : v.to}`;

describe('architecture', () => {
  test('no import cycle, no import up the layer order, no way around the runtime', () => {
    const { summary } = cruise();
    expect(summary.violations.map(show)).toEqual([]);
    expect(summary.error).toBe(0);
    expect(summary.warn).toBe(0);
  }, 120_000);
});
