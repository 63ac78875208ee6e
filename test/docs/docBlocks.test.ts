// The reader of docs/language.md's examples: annotations are parsed exactly, and anything it
// cannot read becomes a problem (which fails the language test) instead of a silently skipped
// example.

import { describe, expect, test } from 'vitest';
import { docBlocks } from './docBlocks';

const fence = '```';

function only(markdown: string) {
  const blocks = docBlocks(markdown);
  expect(blocks).toHaveLength(1);
  return blocks[0];
}

describe('docBlocks', () => {
  test('reads the line, section, language, source and every annotation key', () => {
    const md = [
      '## Section one',
      '',
      '### Sub',
      '',
      `${fence}sym expect=failed:assert@2,div-by-zero@3 args="--mode modular --loop-bound 3" entry=p run='{"x": 0}' run-expect=failed:assert@2 replay=no pending=h1`,
      'proc p(x: int) {',
      '  assert x > 0;',
      '}',
      fence,
    ].join('\n');
    const b = only(md);
    expect(b).toMatchObject({ line: 5, section: 'Sub', lang: 'sym', source: 'proc p(x: int) {\n  assert x > 0;\n}\n' });
    expect(b.problem).toBeUndefined();
    expect(b.annotation).toEqual({
      expect: {
        kind: 'failed',
        failures: [
          { kind: 'assert', line: 2 },
          { kind: 'div-by-zero', line: 3 },
        ],
      },
      args: ['--mode', 'modular', '--loop-bound', '3'],
      entry: 'p',
      run: '{"x": 0}',
      runExpect: { kind: 'failed', failure: { kind: 'assert', line: 2 } },
      replay: false,
      pending: 'h1',
    });
  });

  test('an error expectation keeps the quoted message with its spaces and colons', () => {
    const b = only(`${fence}sym expect=error:"3:5: cannot add int and u8: operands"\nx\n${fence}`);
    expect(b.annotation.expect).toEqual({ kind: 'error', line: 3, col: 5, message: 'cannot add int and u8: operands' });
  });

  test('a plain sym block has no expectation, and a text block is just text', () => {
    const blocks = docBlocks(`${fence}sym\nproc main() { }\n${fence}\n\n${fence}text\ngrammar\n${fence}\n`);
    expect(blocks.map((b) => [b.lang, b.annotation.expect, b.problem])).toEqual([
      ['sym', undefined, undefined],
      ['text', undefined, undefined],
    ]);
  });

  test.each([
    ['expect=verifed', 'cannot read expect=verifed'],
    ['expect=failed:assert', "a failure is KIND@LINE, not 'assert'"],
    ['expect=verified colour=red', "unknown annotation key 'colour'"],
    ['expect=verified expect=unknown', "annotation key 'expect' given twice"],
    ["expect=verified run='{}'", "'run' and 'run-expect' go together"],
    ['expect=verified run-expect=ok', "'run' and 'run-expect' go together"],
    ["expect=verified run='{x}' run-expect=ok", 'JSON'],
    ['expect=verified replay=maybe', "replay must be yes or no, not 'maybe'"],
    ['expect=verified stray', "cannot read the annotation at 'stray'"],
  ])('%s is a problem', (info, problem) => {
    const b = only(`${fence}sym ${info}\nproc main() { }\n${fence}`);
    expect(b.problem).toContain(problem);
  });
});
