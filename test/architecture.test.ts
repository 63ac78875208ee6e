// The import rules of .dependency-cruiser.cjs, checked on every `npm test`: no import cycle
// between files (type-only imports count) and every import down the engine's layer order.
// The cycles still listed in .dependency-cruiser-known-violations.json are tolerated until the
// work that owns their folders removes them; a new cycle or an upward import anywhere fails.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(__dirname, '..');
const KNOWN = '.dependency-cruiser-known-violations.json';

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string; readonly severity?: string };
  readonly cycle?: readonly { readonly name: string }[];
}

function cruise(): { summary: { error: number; violations: Violation[] } } {
  const bin = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const out = execFileSync(
    process.execPath,
    [bin, 'src', '--config', '.dependency-cruiser.cjs', '--ignore-known', KNOWN, '--output-type', 'json'],
    {
      cwd: ROOT,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as { summary: { error: number; violations: Violation[] } };
}

const show = (v: Violation): string =>
  `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name).join(' → ') : v.to}`;

describe('architecture', () => {
  test('no new import cycle, no import up the layer order', () => {
    const { summary } = cruise();
    const fresh = summary.violations.filter((v) => v.rule.severity !== 'ignore');
    expect(fresh.map(show)).toEqual([]);
    expect(summary.error).toBe(0);
  }, 120_000);

  test('the tolerated violations are only the cycles left in folders other work owns', () => {
    const known = JSON.parse(readFileSync(join(ROOT, KNOWN), 'utf8')) as Violation[];
    for (const v of known) {
      expect(v.rule.name, show(v)).toBe('no-circular');
      expect(v.from, show(v)).toMatch(/^src\/(engine\/terms|lang|adapter\/runtime)\//);
    }
  });
});
