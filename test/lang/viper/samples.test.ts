// The Viper samples (samples/viper/*.vpr) under the samples' convention: each states its verdict
// (`// @expect modular VERDICT`) and its failures by line with their Viper ids
// (`// @failure LINE error.id:reason.id`); `symdap verify --json` must give exactly those.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { symdap } from '../../support/cli';
import { SAMPLES_DIR, readSample } from '../../support/samples';

const VIPER_DIR = join(SAMPLES_DIR, 'viper');
const files = readdirSync(VIPER_DIR)
  .filter((f) => f.endsWith('.vpr'))
  .sort();

describe('samples/viper', () => {
  it('has samples, each with an expected verdict', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) expect(readSample(join(VIPER_DIR, f)).verdicts.modular).toBeDefined();
  });

  it.each(files)(
    '%s',
    async (name) => {
      const s = readSample(join(VIPER_DIR, name));
      const r = await symdap('verify', s.path, '--json');
      const json = JSON.parse(r.out);
      expect(json.verdict).toBe(s.verdicts.modular);
      const got = json.failures.map((f: { line: number; viperError: string }) => `${f.line} ${f.viperError}`).sort();
      expect(got).toEqual(s.failures.map((f) => `${f.line} ${f.kind}`).sort());
    },
    60_000,
  );
});
