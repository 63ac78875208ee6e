// Deep and long input through the whole tool: operator chains and else-if chains of any
// length work end to end (check, print, run, verify); nesting up to MAX_NESTING works in
// the real command line (its own process, Node's default stack); anything deeper, up to
// 100,000 levels, is rejected with a clear error naming the limit, never a stack overflow.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';
import { loadSource } from '../../src/lang/frontend';
import { MAX_NESTING, nestingError } from '../../src/lang/nesting';
import { parse, parseExpression } from '../../src/lang/parser';
import { printProgram } from '../../src/lang/printer';

const rep = (s: string, n: number): string => s.repeat(n);
const BIN = join(__dirname, '../../bin/symdap.js');

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'symdap-nesting-'));
});

function fileWith(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  return path;
}

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = bufferIO();
  const code = await main(argv, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

/** Print, parse the text again, print again: the same text, so nothing was lost or regrouped. */
function expectStablePrint(source: string): string {
  const first = parse(source, 'a.sym');
  expect(first.diagnostics).toEqual([]);
  const printed = printProgram(first.program!);
  const again = parse(printed, 'printed.sym');
  expect(again.diagnostics).toEqual([]);
  expect(printProgram(again.program!)).toBe(printed);
  return printed;
}

describe('operator chains of any length', () => {
  const n = 10_000;
  const source = `proc main(y: int) {\n  var x: int := y${rep(' + 1', n)};\n  assert x == y + ${n};\n}\n`;

  it(`a chain of ${n} terms checks, prints as one chain, runs and verifies`, async () => {
    expect(loadSource(source, 'chain.sym').diagnostics).toEqual([]);
    expect(expectStablePrint(source)).toContain(`var x: int := y${rep(' + 1', n)};`);
    const file = fileWith('chain.sym', source);
    const run = await cli('run', file);
    expect(run.err).toBe('');
    expect(run.out).toContain(`x = ${n}`);
    const verify = await cli('verify', file);
    expect(verify.out).toContain('verified');
    expect(verify.code).toBe(0);
  });

  it('each right operand of a long || chain is guarded by the operands before it', async () => {
    // `10 / y` is reached only when `y == 0` was false: safe. Without that guard it is not.
    const divisions = rep(' || 10 / y > 0', 200);
    const guarded = await cli(
      'verify',
      fileWith('guarded.sym', `proc main(y: int) {\n  var b: bool := y == 0${divisions};\n}\n`),
    );
    expect(guarded.out).toContain('verified');
    const unguarded = await cli(
      'verify',
      fileWith('unguarded.sym', `proc main(y: int) {\n  var b: bool := y > 0${divisions};\n}\n`),
    );
    expect(unguarded.out).toContain('division by zero');
    expect(unguarded.code).toBe(1);
  });
});

describe('else-if chains of any length', () => {
  const n = 10_000;
  const branches = Array.from({ length: n }, (_, i) => `${i === 0 ? '' : ' else '}if (z == ${i}) { x := ${i}; }`);
  const source = `proc main() {\n  var z: int := ${n - 1};\n  var x: int := 0;\n  ${branches.join('')}\n  assert x == ${n - 1};\n}\n`;

  it(`a chain of ${n} branches checks, prints back to itself, and runs to its last branch`, async () => {
    expect(loadSource(source, 'elif.sym').diagnostics).toEqual([]);
    const printed = expectStablePrint(source);
    expect(printed.split(' else if ').length).toBe(n);
    const run = await cli('run', fileWith('elif.sym', source));
    expect(run.out).toContain(`x = ${n - 1}`);
  });
});

/** `y + (y + (… y …))`: every level is a right operand, the deepest kind for the evaluators. */
const rightNested = (k: number): string =>
  `proc main(y: int) {\n  var x: int := ${rep('y + (', k)}y${rep(')', k)};\n  assert x == ${k + 1} * y;\n}\n`;

/** The nesting of a program, measured by the limit check itself. */
function depthOf(source: string): number {
  const tree = parse(source, 'a.sym').program!;
  let d = 0;
  while (nestingError(tree, d) !== undefined) d++;
  return d;
}

describe(`the nesting limit (${MAX_NESTING} levels)`, () => {
  // Levels count from the program: proc 1, body 2, statement 3, initializer 4.
  const atLimit = rightNested(MAX_NESTING - 4);
  const overLimit = rightNested(MAX_NESTING - 3);

  it('the test programs are exactly at and one over the limit', () => {
    expect(depthOf(rightNested(10))).toBe(14);
    expect(depthOf(atLimit)).toBe(MAX_NESTING);
    expect(parse(overLimit, 'a.sym').program).toBeUndefined();
  });

  it.each(['check', 'run', 'verify'])('at the limit, the real command line can %s it', (command) => {
    const file = fileWith(`at-limit-${command}.sym`, atLimit);
    // Its own process: the stack is Node's default, as for a user (a test worker's may be larger).
    const out = execFileSync(process.execPath, [BIN, command, file], { encoding: 'utf8' });
    expect(out).toMatch(command === 'check' ? /: ok$/m : command === 'run' ? /^ok$/m : /: verified$/m);
  });

  it('one level over, every command rejects it with the position and the limit', async () => {
    const file = fileWith('over-limit.sym', overLimit);
    // The innermost `(y)` is the first expression nested too deeply.
    const col = overLimit.split('\n')[1].lastIndexOf('(') + 1;
    const message = `${file}:2:${col}: error: expression nesting deeper than ${MAX_NESTING} levels\n`;
    for (const command of ['check', 'run', 'verify']) {
      const result = await cli(command, file);
      expect(result.err, command).toBe(message);
      expect(result.code, command).toBe(2);
    }
  });
});

describe('100,000 levels never overflow the stack', () => {
  const deep = 100_000;
  // Chains without brackets are 600,000 tokens at this depth; 20,000 levels already exceed
  // any stack by far and keep the test quick.
  const long = 20_000;
  const programs: [string, string][] = [
    ['parenthesized right operands', rightNested(deep)],
    ['a chain of ==>', `proc main(y: int) { assert ${rep('y > 0 ==> ', long)}true; }`],
    ['conditional expressions', `proc main(y: int) { var x: int := ${rep('y > 0 ? 1 : ', long)}0; }`],
    ['negations', `proc main(b: bool) { var x: bool := ${rep('!', deep)}b; }`],
    ['casts', `proc main(y: int) { var x: int := y${rep(' as int', deep)}; }`],
    ['array types', `proc main() { var a: int${rep('[]', deep)}; }`],
    ['blocks', `proc main() { ${rep('{ ', deep)}${rep('} ', deep)}}`],
    ['if statements', `proc main(b: bool) { ${rep('if (b) { ', deep)}${rep('} ', deep)}}`],
  ];

  it.each(programs)('%s: a clear error naming the limit', (_, source) => {
    const result = loadSource(source, 'deep.sym');
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0].message).toMatch(
      new RegExp(`^(expression|statement|type) nesting deeper than ${MAX_NESTING} levels$`),
    );
  });

  it('a debugger expression (watch, REPL, :sat) gets the same error', () => {
    const formula = `${rep('(x > 0 && ', 20_000)}true${rep(')', 20_000)}`;
    const parsed = parseExpression(formula, '<expression>');
    expect(parsed.expr).toBeUndefined();
    expect(parsed.diagnostics.map((d) => d.message)).toEqual([`expression nesting deeper than ${MAX_NESTING} levels`]);
  });
});
