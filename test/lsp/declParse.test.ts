// The language server's declaration-by-declaration parse (src/lsp/declParse.ts) gives the
// program parse() gives, spans included, after edits that move declarations, and falls back
// to parse()'s diagnostic whenever a declaration does not parse; and it reuses the
// unchanged declarations' trees rather than parsing them again.

import { describe, expect, it } from 'vitest';
import { parse } from '../../src/lang/parser';
import { EMPTY_DECL_CACHE, parseWithCache } from '../../src/lsp/declParse';
import { generateLargeProgram } from '../support/programGen';

const BASE = generateLargeProgram(200);
const lines = BASE.split('\n');
const procStarts = lines.flatMap((l, i) => (l.startsWith('proc ') ? [i] : []));
const middle = lines.indexOf('{', procStarts[Math.floor(procStarts.length / 2)]);

function edited(at: number, insert: string[], remove = 0): string {
  const copy = [...lines];
  copy.splice(at, remove, ...insert);
  return copy.join('\n');
}

describe('declaration-by-declaration parse', () => {
  const first = parseWithCache(BASE, 'a.sym', EMPTY_DECL_CACHE);

  it('parses a file as parse() does', () => {
    expect(first.parsed).toEqual(parse(BASE, 'a.sym'));
    expect(first.cache.size).toBe(procStarts.length);
  });

  it("after an edit that moves the declarations below it, gives parse()'s program (spans shifted)", () => {
    for (const text of [
      edited(middle + 1, ['  assert 1 + 1 == 2;', '']),
      edited(middle + 1, [], 1),
      edited(0, ['var g: int;', '', '']),
      edited(procStarts[1], ['predicate p(x: int) { x > 0 }']),
      BASE.replace(/\n/g, '\r\n'),
    ]) {
      const next = parseWithCache(text, 'a.sym', first.cache);
      expect(next.parsed).toEqual(parse(text, 'a.sym'));
    }
  });

  it('reuses the trees of unchanged declarations and parses only the edited one', () => {
    const text = edited(middle + 1, ['  assert 1 + 1 == 2;']);
    const next = parseWithCache(text, 'a.sym', first.cache);
    const before = first.parsed.program!.decls;
    const after = next.parsed.program!.decls;
    const edit = Math.floor(procStarts.length / 2);
    // Above the edit: the same objects; the edited one: a new parse; below: copies, one line down.
    expect(after.slice(0, edit).every((d, i) => d === before[i])).toBe(true);
    expect(after[edit]).not.toBe(before[edit]);
    expect(after[edit + 1]).not.toBe(before[edit + 1]);
    expect(after[edit + 1].span.line).toBe(before[edit + 1].span.line + 1);
  });

  it("reports exactly parse()'s error for a broken declaration, an unbalanced bracket or a lexical error", () => {
    for (const text of [
      edited(middle + 1, ['  x := ;']),
      edited(middle + 1, ['  if (x) {']),
      edited(middle + 1, ['  }']),
      edited(middle + 1, ["  var c: u8 := 'ab;"]),
      `assert true;\n${BASE}`,
      '',
    ]) {
      const next = parseWithCache(text, 'a.sym', first.cache);
      expect(next.parsed).toEqual(parse(text, 'a.sym'));
    }
  });

  it('keeps the last good cache while the text does not parse', () => {
    const broken = parseWithCache(edited(middle + 1, ['  x := ;']), 'a.sym', first.cache);
    expect(broken.cache).toBe(first.cache);
  });

  it('shifts classes, fields, functions, predicates and heap code as parse() places them', () => {
    const heap =
      'class C { var f: int; var next: C; }\nfunction g(x: int): int requires x > 0 { x + 1 }\n' +
      'predicate p(c: C) { acc(c.f) && c.f > 0 }\nproc h(c: C) requires acc(c.f) { c.f := g(1); }\n';
    const r = parseWithCache(heap, 'a.sym', EMPTY_DECL_CACHE);
    expect(r.parsed.diagnostics).toEqual([]);
    expect(r.cache.size).toBe(4);
    expect(r.parsed).toEqual(parse(heap, 'a.sym'));
    const moved = `// a comment\n\n${heap}`;
    expect(parseWithCache(moved, 'a.sym', r.cache).parsed).toEqual(parse(moved, 'a.sym'));
  });

  it('cuts before a synth declaration and shifts it (depth span included) as parse() places it', () => {
    const text =
      'synth s(x: int): int\n  grammar { E: int ::= x | const | E + E; }\n  depth 2;\nproc main() { var depth: int := s(1); }\n';
    const r = parseWithCache(text, 'a.sym', EMPTY_DECL_CACHE);
    expect(r.parsed.diagnostics).toEqual([]);
    expect(r.cache.size).toBe(2);
    expect(r.parsed).toEqual(parse(text, 'a.sym'));
    const moved = `\n\n${text}`;
    expect(parseWithCache(moved, 'a.sym', r.cache).parsed).toEqual(parse(moved, 'a.sym'));
  });

  it('two declarations with the same text each get their own spans', () => {
    const text = 'proc f() { }\nproc f() { }\n';
    const r = parseWithCache(text, 'a.sym', EMPTY_DECL_CACHE);
    expect(r.parsed.program?.decls).toHaveLength(2);
    expect(r.parsed).toEqual(parse(text, 'a.sym'));
    const again = parseWithCache(`\n${text}`, 'a.sym', r.cache);
    expect(again.parsed).toEqual(parse(`\n${text}`, 'a.sym'));
  });
});
