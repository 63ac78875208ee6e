// `symdap --version` prints the package's version and loads no command (start-up, issue 13).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { symdap } from '../support/cli';

describe('symdap --version', () => {
  it('prints the version from package.json, exit 0', async () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const r = await symdap('--version');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`symdap ${version}\n`);
    expect(r.err).toBe('');
  });

  it('is listed in the usage', async () => {
    const r = await symdap('--help');
    expect(r.out).toContain('symdap --version');
  });
});
