// Every design reference resolves inside the repository: the code cites decisions as
// `docs/design.md B.5` (or a bare `B.5` next to one), and each cited id must be a heading of
// docs/design.md; no file may point at a design document the repository does not hold.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headings, markdownPages, readPage, ROOT } from './markdown';

/** Where the code cites the design: source, tests, benchmarks, scripts, the extension's source. */
const CODE_DIRS = ['src', 'test', 'bench', 'scripts', 'extension/src'];
const CODE_FILE = /\.(ts|mts|js|mjs|ne)$/;

function codeFiles(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  return readdirSync(abs).flatMap((name) => {
    if (name === 'node_modules' || name.endsWith('.generated.ts')) return [];
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return codeFiles(rel);
    return CODE_FILE.test(name) ? [rel] : [];
  });
}

/** The ids of docs/design.md's sections: `## B.5 Semantics of the heap` gives `B.5`. */
const ids = new Set(
  headings(readPage('docs/design.md'))
    .map((h) => /^([A-Z]\.\d+) /.exec(h)?.[1])
    .filter((x): x is string => !!x),
);

/** A section id as the code writes it: a part letter (S, A–E), a dot, a number, standing alone. */
const CITED = /(?<![\w.])([A-ES]\.\d+)(?![\w.])/g;
/** Design documents that live outside the repository (the team's shared notes). */
const OUTSIDE = new RegExp(['DESIGN' + '\\.md', 'heap-and' + '-synth'].join('|')); // spelt apart so this file does not match

function citations(file: string, text: string): { where: string; id: string }[] {
  return text
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(CITED)].map((m) => ({ where: `${file}:${i + 1}`, id: m[1] })));
}

describe('design references', () => {
  const files = CODE_DIRS.flatMap(codeFiles);

  it('docs/design.md has the sections the code cites most', () => {
    for (const id of ['S.6', 'A.18', 'B.5', 'B.6', 'B.7', 'C.11', 'D.26', 'E.3']) expect(ids).toContain(id);
  });

  it('every section id cited in src, test, bench, scripts and extension/src is a heading of docs/design.md', () => {
    const all = files.flatMap((f) => citations(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(all.length).toBeGreaterThan(80);
    expect(all.filter((c) => !ids.has(c.id)).map((c) => `${c.where}: ${c.id}`)).toEqual([]);
  });

  it('no file cites a design document that is not in the repository', () => {
    const pages = markdownPages();
    const outside = [...files, ...pages].filter((f) => OUTSIDE.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('every `design.md X.n` or `design X.n` in the markdown pages is a heading of docs/design.md', () => {
    const bad = markdownPages().flatMap((page) =>
      [...readPage(page).matchAll(/\bdesign(?:\.md)? ([A-Z]\.\d+)/g)]
        .map((m) => m[1])
        .filter((id) => !ids.has(id))
        .map((id) => `${page}: ${id}`),
    );
    expect(bad).toEqual([]);
  });
});
