// Every editor recipe on the documentation pages is extracted and has a test: each
// `<!-- recipe: NAME -->` marker is followed by a fenced block `recipe()` can read (on every
// machine, also where the editor that runs it is absent and its test skips), and some test
// under test/ asks for it by name. A recipe moved to another page, or left without a test,
// fails here.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipe, recipePages, ROOT } from '../editors/readmeRecipes';

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return testFiles(p);
    return /\.ts$/.test(name) && p !== __filename ? [p] : [];
  });
}

const markers = recipePages().flatMap((page) =>
  [...readFileSync(page, 'utf8').matchAll(/<!-- recipe: ([\w-]+) -->/g)].map((m) => ({
    name: m[1],
    page: path.relative(ROOT, page),
  })),
);
const tests = testFiles(path.join(ROOT, 'test')).map((f) => ({
  file: path.relative(ROOT, f),
  text: readFileSync(f, 'utf8'),
}));

describe('editor recipes on the documentation pages', () => {
  it('finds the recipes of docs/editors.md, docs/lsp.md and docs/tree.md', () => {
    const pages = new Set(markers.map((m) => m.page));
    expect([...pages].sort()).toEqual(['docs/editors.md', 'docs/lsp.md', 'docs/tree.md']);
    expect(markers.length).toBeGreaterThanOrEqual(16);
  });

  for (const { name, page } of markers) {
    it(`${name} (${page}): extracted, with a language, and asked for by a test`, () => {
      const r = recipe(name);
      expect(path.relative(ROOT, r.page)).toBe(page);
      expect(r.info).not.toBe('');
      expect(r.code.trim().length).toBeGreaterThan(0);
      const users = tests.filter((t) => t.text.includes('recipe(') && t.text.includes(`'${name}'`)).map((t) => t.file);
      expect(users, `no test asks for recipe '${name}'`).not.toEqual([]);
    });
  }
});
