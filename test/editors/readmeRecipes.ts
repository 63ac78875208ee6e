// The editor recipes exactly as README.md shows them: each code block follows an HTML
// comment `<!-- recipe: NAME -->`, so the tests run what a reader copies, not a copy of it.
// Also what running them needs: a `symdap` command on PATH (the recipes call `symdap`, as after
// `npm install -g`), whether an editor is installed, and `${var}` expansion as clients do it.

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = path.resolve(__dirname, '..', '..');
export const README = path.join(ROOT, 'README.md');

/** The body of the fenced code block right after `<!-- recipe: name -->` in README.md. */
export function recipe(name: string, readme = readFileSync(README, 'utf8')): { info: string; code: string } {
  const marker = `<!-- recipe: ${name} -->`;
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no '${marker}'`);
  const m = /^\s*\n(`{3,})([^\n]*)\n([\s\S]*?)\n\1[ \t]*$/m.exec(readme.slice(at + marker.length));
  if (!m || m.index !== 0) throw new Error(`'${marker}' is not followed by a fenced code block`);
  return { info: m[2].trim(), code: `${m[3]}\n` };
}

/**
 * A directory holding a `symdap` script that runs this checkout's bin/symdap.js (exec, so
 * the editor's child is node itself), and an environment with that directory first on PATH.
 */
export function symdapOnPath(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(path.join(tmpdir(), 'symdap-path-'));
  const script = path.join(dir, 'symdap');
  writeFileSync(script, `#!/bin/sh\nexec '${process.execPath}' '${path.join(ROOT, 'bin', 'symdap.js')}' "$@"\n`);
  chmodSync(script, 0o755);
  return { dir, env: { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}` } };
}

/** For a describe block: the environment of `symdapOnPath`, made before its tests and removed after them. */
export function symdapEnvForSuite(): () => NodeJS.ProcessEnv {
  let shim: ReturnType<typeof symdapOnPath> | undefined;
  beforeAll(() => { shim = symdapOnPath(); });
  afterAll(() => { if (shim) rmSync(shim.dir, { recursive: true, force: true }); });
  return () => {
    if (!shim) throw new Error('symdapEnvForSuite: used outside a test');
    return shim.env;
  };
}

/** Whether `command args` runs and exits 0 (an editor is installed). */
export function commandWorks(command: string, args: readonly string[]): boolean {
  const r = spawnSync(command, [...args], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0;
}

/** `${name}` replaced from `vars` in every string of a configuration, as clients expand them. */
export function expandVariables<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(/\$\{(\w+)\}/g, (all, name: string) => {
      if (!(name in vars)) throw new Error(`no value for ${all}`);
      return vars[name];
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => expandVariables(v, vars)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandVariables(v, vars)])) as T;
  }
  return value;
}
