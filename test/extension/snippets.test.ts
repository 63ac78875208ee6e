// The Sym code snippets (extension/snippets/sym.code-snippets), with their placeholders
// replaced by the default text, parse with the real Sym parser.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/lang/parser';
import { loadSource } from '../../src/lang/frontend';

const snippetsFile = path.resolve(__dirname, '../../extension/snippets/sym.code-snippets');
const snippets: Record<string, { prefix: string; body: string[] }> = JSON.parse(fs.readFileSync(snippetsFile, 'utf8'));

/** What the user sees after accepting a snippet and every default. */
function expand(body: readonly string[]): string {
  return body
    .join('\n')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\d+/g, '');
}

/** A snippet is a declaration, a statement or an expression: the first context it parses in. */
function parsesSomewhere(text: string): boolean {
  const contexts = [text, `proc main() {\n${text}\n}`, `proc main() {\nassert ${text};\n}`];
  return contexts.some((source) => parse(source, 'snippet.sym').diagnostics.length === 0);
}

describe('Sym snippets', () => {
  it('exist', () => {
    expect(Object.keys(snippets).length).toBeGreaterThan(5);
  });

  it.each(Object.entries(snippets))('%s parses', (_name, snippet) => {
    expect(parsesSomewhere(expand(snippet.body)), expand(snippet.body)).toBe(true);
  });

  it('a broken snippet would be caught', () => {
    expect(parsesSomewhere('while (x) invariant { }')).toBe(false);
  });
});

describe('heap snippets', () => {
  const body = (name: string): string => expand(snippets[name].body);

  it('cover the heap keywords', () => {
    const prefixes = Object.values(snippets).map((s) => s.prefix);
    expect(prefixes).toEqual(
      expect.arrayContaining(['class', 'predicate', 'function', 'new', 'fold', 'unfold', 'unfolding', 'acc']),
    );
  });

  it('with their defaults, make a program the checker accepts', () => {
    const source = [
      body('Class'),
      body('Predicate'),
      body('Function'),
      'proc main() {',
      body('New object'),
      'c.x := 1;',
      body('Fold'),
      `var v: int := ${body('Unfolding')};`,
      body('Unfold'),
      `assert ${body('Field permission')};`,
      '}',
    ].join('\n');
    expect(loadSource(source, 'snippets.sym').diagnostics, source).toEqual([]);
  });
});
