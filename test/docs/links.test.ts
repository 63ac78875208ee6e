// Every link in the project's markdown pages leads somewhere: a relative link names a file of
// the repository, and an anchor (on the same page or another) names a heading there. Moving
// text between README.md and docs/ breaks links silently otherwise.

import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, links, markdownPages, readPage, ROOT } from './markdown';

/** What is wrong with one link of `page`, or undefined. */
function broken(page: string, target: string): string | undefined {
  if (/^[a-z]+:/i.test(target)) return undefined; // http:, https:, mailto: — not checked offline
  const [file, anchor] = target.split('#', 2);
  const to = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
  if (!existsSync(path.join(ROOT, to))) return `no file ${to}`;
  if (anchor === undefined || !to.endsWith('.md')) return undefined;
  return anchors(readPage(to)).has(decodeURIComponent(anchor)) ? undefined : `no heading #${anchor} in ${to}`;
}

describe('links in the markdown pages', () => {
  const pages = markdownPages();

  it('finds the pages, with links to check', () => {
    expect(pages).toContain('README.md');
    expect(pages).toContain('docs/design.md');
    expect(pages.flatMap((p) => links(readPage(p))).length).toBeGreaterThan(50);
  });

  for (const page of pages) {
    it(`${page}: every relative link and anchor resolves`, () => {
      const bad = links(readPage(page))
        .map((l) => ({ ...l, why: broken(page, l.target) }))
        .filter((l) => l.why !== undefined)
        .map((l) => `${page}:${l.line}: ${l.target}: ${l.why}`);
      expect(bad).toEqual([]);
    });
  }
});
