// The editor recipes exactly as the docs show them (README.md and docs/*.md: docs/editors.md,
// docs/lsp.md, docs/tree.md): each code block follows an HTML comment `<!-- recipe: NAME -->`,
// so the tests run what a reader copies, not a copy of it. A name must appear in exactly one
// page, so moving a recipe between pages moves it for its test too. Also what running them
// needs: a `symdap` command on PATH (the recipes call `symdap`, as after `npm install -g .`),
// whether an editor is installed, and `${var}` expansion as clients do it.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = path.resolve(__dirname, '..', '..');
export const README = path.join(ROOT, 'README.md');

/** The pages recipes may live in: README.md and every docs/*.md. */
export function recipePages(): string[] {
  const docs = path.join(ROOT, 'docs');
  return [
    README,
    ...readdirSync(docs)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => path.join(docs, f)),
  ];
}

/** The body of the fenced code block right after `<!-- recipe: name -->`, in the one page that has it. */
export function recipe(name: string): { info: string; code: string; page: string } {
  const marker = `<!-- recipe: ${name} -->`;
  const pages = recipePages().filter((p) => readFileSync(p, 'utf8').includes(marker));
  if (pages.length !== 1) {
    throw new Error(`'${marker}' must be in exactly one of README.md and docs/*.md; found in ${pages.length}`);
  }
  const text = readFileSync(pages[0], 'utf8');
  const rest = text.slice(text.indexOf(marker) + marker.length);
  if (rest.includes(marker)) throw new Error(`'${marker}' appears twice in ${path.relative(ROOT, pages[0])}`);
  const m = /^\s*\n(`{3,})([^\n]*)\n([\s\S]*?)\n\1[ \t]*$/m.exec(rest);
  if (!m || m.index !== 0) throw new Error(`'${marker}' is not followed by a fenced code block`);
  return { info: m[2].trim(), code: `${m[3]}\n`, page: pages[0] };
}

/**
 * A directory holding a `symdap` command that is a symlink to this checkout's bin/symdap.js
 * (as `npm install -g` and `npm link` make it: recipes find editors/ beside the command by
 * resolving it), and an environment with that directory first, and this node's directory
 * next, on PATH (the script's `#!/usr/bin/env node` runs the node of the tests).
 */
export function symdapOnPath(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(path.join(tmpdir(), 'symdap-path-'));
  symlinkSync(path.join(ROOT, 'bin', 'symdap.js'), path.join(dir, 'symdap'));
  const PATH = [dir, path.dirname(process.execPath), process.env.PATH ?? ''].join(path.delimiter);
  return { dir, env: { ...process.env, PATH } };
}

/** For a describe block: the environment of `symdapOnPath`, made before its tests and removed after them. */
export function symdapEnvForSuite(): () => NodeJS.ProcessEnv {
  let shim: ReturnType<typeof symdapOnPath> | undefined;
  beforeAll(() => {
    shim = symdapOnPath();
  });
  afterAll(() => {
    if (shim) rmSync(shim.dir, { recursive: true, force: true });
  });
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
