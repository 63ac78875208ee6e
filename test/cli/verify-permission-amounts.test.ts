// `symdap verify` says where the rest of a fractional permission went (issue #24, the debugger
// item; engine/verify/permissionAmounts.ts): a failure that holds a part but needs more names
// the steps that took the difference, with their amounts, in both modes and for Viper sources;
// a borrow that was given back is not among them. `--json` carries each step by line (the
// language server shows them as related information).

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';
import { SAMPLES_DIR } from '../support/samples';

// Two calls keep a quarter each; borrow lends a quarter and gives it back (not a loss).
const TWO_QUARTERS = `class Cell { var x: int; }
proc keepQuarter(c: Cell)
  requires acc(c.x, 1/2)
  ensures acc(c.x, 1/4)
{
}
proc borrow(c: Cell)
  requires acc(c.x, 1/4)
  ensures acc(c.x, 1/4)
{
}
proc main(c: Cell)
  requires acc(c.x)
{
  keepQuarter(c);
  borrow(c);
  keepQuarter(c);
  c.x := 1;
}
`;

// A consume that needs a half where a quarter is left.
const NEEDS_HALF = `class Cell { var x: int; }
proc half(c: Cell)
  requires acc(c.x, 1/2)
  ensures acc(c.x, 1/2)
{
}
proc drop(c: Cell)
  requires acc(c.x, 3/4)
{
}
proc main(c: Cell)
  requires acc(c.x)
{
  drop(c);
  half(c);
}
`;

const FOLDED_HALF = `class Cell { var x: int; }
predicate reader(c: Cell) { acc(c.x, 1/2) }
proc main(c: Cell)
  requires acc(c.x)
{
  fold reader(c);
  c.x := 2;
}
`;

// A callee that writes with the half its requires gives it.
const CALLEE_HALF = `class Cell { var x: int; }
proc writer(c: Cell)
  requires acc(c.x, 1/2)
{
  c.x := 1;
}
proc main(c: Cell)
  requires acc(c.x)
{
  writer(c);
}
`;

// One branch lends a half for good; the join keeps what every path holds.
const JOINED = `class Cell { var x: int; }
proc keep(c: Cell)
  requires acc(c.x, 1/2)
{
}
proc main(b: bool, c: Cell)
  requires acc(c.x)
{
  if (b) {
    keep(c);
  } else {
    c.x := 2;
  }
  join acc(c.x, 1/2);
  c.x := 3;
}
`;

const EXHALED = `field f: Int

method lend(x: Ref)
  requires acc(x.f)
  ensures acc(x.f, 1/2)

method client(x: Ref)
  requires acc(x.f)
{
  lend(x)
  exhale acc(x.f, 1/4)
  x.f := 2
}
`;

const sample = (name: string): string => join(SAMPLES_DIR, name);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-amounts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(file: string, ...flags: string[]): Promise<string> {
  const io = bufferIO();
  expect(await main(['verify', ...flags, file], io)).toBe(1);
  return io.stdout();
}

async function verify(name: string, source: string, ...flags: string[]): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, source);
  return run(file, ...flags);
}

/** The explanation line printed under the failure at `line`. */
function explanationAt(out: string, line: number): string | undefined {
  const lines = out.split('\n');
  const at = lines.findIndex((l) => l.includes(`:${line}:`) && l.includes('insufficient permission'));
  return at >= 0 ? lines[at + 1]?.trim() : undefined;
}

describe.each(['explore', 'modular'])('where the rest of a permission went (%s)', (mode) => {
  test('samples/heap/fractions_lend.sym: the other half went to the call at line 34, not to the write', async () => {
    const out = await run(sample('heap/fractions_lend.sym'), '--mode', mode);
    expect(out).toContain(
      ':37:3: insufficient permission: acc(c.x) is not held to write c.x: it needs write, and 1/2 is held',
    );
    expect(explanationAt(out, 37)).toBe(
      "acc(c.x) needs write; holds 1/2: the other 1/2 went to the call lendAndKeep(c) at line 34, and lendAndKeep's ensures does not give it back",
    );
  });

  test('two calls that kept a quarter each are both named; the borrow given back is not', async () => {
    const out = await verify('quarters.sym', TWO_QUARTERS, '--mode', mode);
    expect(explanationAt(out, 18)).toBe(
      "acc(c.x) needs write; holds 1/2: 1/4 went to the call keepQuarter(c) at line 15, and keepQuarter's ensures does not give it back; " +
        "1/4 went to the call keepQuarter(c) at line 17, and keepQuarter's ensures does not give it back",
    );
  });

  test('a consume of a half with a quarter left: needs 1/2, and the call that took 3/4', async () => {
    const out = await verify('half.sym', NEEDS_HALF, '--mode', mode);
    expect(out).toContain('it needs 1/2, and 1/4 is held');
    expect(explanationAt(out, 15)).toBe(
      "acc(c.x) needs 1/2; holds 1/4: 3/4 went to the call drop(c) at line 14, and drop's ensures does not give it back",
    );
  });

  test('a half folded into a predicate instance', async () => {
    const out = await verify('fold.sym', FOLDED_HALF, '--mode', mode);
    expect(explanationAt(out, 7)).toBe(
      'acc(c.x) needs write; holds 1/2: the other 1/2 went into fold reader(c) at line 6 (it is folded inside now)',
    );
  });

  test('a join where another path held only a half', async () => {
    const out = await verify('join.sym', JOINED, '--mode', mode);
    expect(explanationAt(out, 15)).toBe(
      'acc(c.x) needs write; holds 1/2: the other 1/2 was dropped by the join at line 14 (not every joined path held it)',
    );
  });

  test('--json: the explanation and each step that took a part, by line', async () => {
    const report = JSON.parse(await verify('quarters.json.sym', TWO_QUARTERS, '--mode', mode, '--json'));
    const [f] = report.failures;
    expect(f.explanation).toMatch(
      /^acc\(c\.x\) needs write; holds 1\/2: 1\/4 went to the call keepQuarter\(c\) at line 15/,
    );
    expect(f.lostAt).toEqual([
      {
        line: 15,
        text: "1/4 of acc(c.x) went to the call keepQuarter(c) at line 15, and keepQuarter's ensures does not give it back",
      },
      {
        line: 17,
        text: "1/4 of acc(c.x) went to the call keepQuarter(c) at line 17, and keepQuarter's ensures does not give it back",
      },
    ]);
  });
});

test('a callee that holds only what its requires asked for: inlined, the caller kept the rest', async () => {
  const out = await verify('callee.sym', CALLEE_HALF, '--mode', 'explore');
  expect(explanationAt(out, 5)).toBe(
    "acc(c.x) needs write; holds 1/2: the other 1/2 stayed with the caller: the call writer(c) at line 10 passes no more (writer's requires)",
  );
});

test('a callee that holds only what its requires asked for: modular, nothing more was held', async () => {
  const out = await verify('callee.modular.sym', CALLEE_HALF, '--mode', 'modular');
  expect(explanationAt(out, 5)).toBe(
    'acc(c.x) needs write; holds 1/2: no more was held on this path (from requires of writer)',
  );
});

test('a whole permission lost keeps its sentence; a half lost says it was a half', async () => {
  const out = await verify(
    'lost-half.sym',
    `class Cell { var x: int; }
proc take(c: Cell)
  requires acc(c.x, 1/2)
{
}
proc main(c: Cell)
  requires acc(c.x, 1/2)
{
  take(c);
  var y: int := c.x;
}
`,
  );
  expect(out).toContain(
    "\n  acc(c.x, 1/2) was held until line 9: the call take(c) consumed it, and take's ensures does not give it back\n",
  );
});

describe('Viper sources', () => {
  test('samples/viper/lent_permission.vpr: the Viper id and where the other half went', async () => {
    const out = await run(sample('viper/lent_permission.vpr'));
    expect(out).toContain(
      ':33:3: insufficient permission: acc(x.f) is not held to write x.f: it needs write, and 1/2 is held [assignment.failed:insufficient.permission]',
    );
    expect(explanationAt(out, 33)).toBe(
      "acc(x.f) needs write; holds 1/2: the other 1/2 went to the call lendAndKeep(x) at line 31, and lendAndKeep's ensures does not give it back",
    );
  });

  test('an exhale of a quarter is named as the exhale, not as its generated helper', async () => {
    const out = await verify('exhaled.vpr', EXHALED);
    expect(explanationAt(out, 12)).toBe(
      "acc(x.f) needs write; holds 1/4: 1/2 went to the call lend(x) at line 10, and lend's ensures does not give it back; 1/4 was consumed by exhale at line 11",
    );
  });
});
