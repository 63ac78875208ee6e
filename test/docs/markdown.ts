// Reading the project's markdown pages as a reader's browser would: which pages there are,
// their headings as GitHub anchors, and their links outside code blocks. Shared by the tests
// that check design references and links.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/** README.md, CONTRIBUTING.md, samples/README.md and every docs/*.md, as paths from the root. */
export function markdownPages(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', 'samples/README.md', ...docs].filter((p) => existsSync(path.join(ROOT, p)));
}

export function readPage(page: string): string {
  return readFileSync(path.join(ROOT, page), 'utf8');
}

/** The text with fenced code blocks blanked (line count kept), so their contents are not read as links or headings. */
export function withoutCode(text: string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const m = /^\s*(`{3,}|~{3,})/.exec(line);
      if (m && fence === undefined) {
        fence = m[1];
        return '';
      }
      if (m && fence !== undefined && line.trim().startsWith(fence)) {
        fence = undefined;
        return '';
      }
      return fence === undefined ? line : '';
    })
    .join('\n');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (not `-` or `_`), spaces become dashes. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function headings(text: string): string[] {
  return [...withoutCode(text).matchAll(/^#{1,6} (.*)$/gm)].map((m) => m[1].trim());
}

export function anchors(text: string): Set<string> {
  return new Set(headings(text).map(slug));
}

/** Every `[text](target)` and `![alt](target)` outside code, with its line. */
export function links(text: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((l, i) => {
      for (const m of l.matchAll(/\]\(([^)\s]+)\)/g)) out.push({ target: m[1], line: i + 1 });
    });
  return out;
}
