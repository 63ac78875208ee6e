// Random Sym programs that split, lend and join fractions of two fields of two references that
// may be one object, and a brute-force oracle for them (test/engine/fractions-property.test.ts).
// The procedure under test, `t(x, y)`, is verified in modular mode: its requires is produced
// for every aliasing of x and y, its statements run, its ensures is consumed. The oracle
// enumerates both aliasings and, for a wildcard, a few of the amounts Viper may choose, over
// exact rational permission maps and known-or-forgotten values: a run fails where a read finds
// no permission, a write less than all of a location, a call or the ensures less than it takes,
// or an assertion a value (or an aliasing) that makes it false.

import { Rng } from '../support/programGen';

interface Q {
  readonly n: number;
  readonly d: number;
}
const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
const q = (n: number, d = 1): Q => {
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
};
const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Q, b: Q): Q => q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
const cmp = (a: Q, b: Q): number => Math.sign(a.n * b.d - b.n * a.d);
const ZERO = q(0);
const ONE = q(1);
const text = (a: Q): string => (a.d === 1 ? `${a.n}` : `${a.n}/${a.d}`);

type Ref = 'x' | 'y';
type Field = 'f' | 'g';
/** A constant amount, or a wildcard. */
type Amount = Q | 'wildcard';
const amountText = (a: Amount): string => (a === 'wildcard' ? 'wildcard' : cmp(a, ONE) === 0 ? 'write' : text(a));

interface Acc {
  readonly ref: Ref;
  readonly field: Field;
  readonly amount: Amount;
}
/** A helper procedure `name(c)` that takes `takes` of c.field and gives back `gives`. */
interface Helper {
  readonly name: string;
  readonly field: Field;
  readonly takes: Amount;
  readonly gives?: Amount;
}
type Stmt =
  | { readonly kind: 'write'; readonly ref: Ref; readonly field: Field; readonly value: number }
  | { readonly kind: 'assert'; readonly ref: Ref; readonly field: Field; readonly value: number }
  | { readonly kind: 'apart' }
  | { readonly kind: 'call'; readonly helper: Helper; readonly ref: Ref };

export interface FractionsProgram {
  readonly source: string;
  readonly requires: readonly Acc[];
  readonly ensures: readonly Acc[];
  readonly body: readonly Stmt[];
}

const AMOUNTS: readonly Amount[] = [q(1, 4), q(1, 3), q(1, 2), q(2, 3), q(3, 4), ONE, 'wildcard'];

const HELPERS: readonly Helper[] = [
  { name: 'lendHalfF', field: 'f', takes: q(1, 2), gives: q(1, 2) },
  { name: 'lendThirdG', field: 'g', takes: q(1, 3), gives: q(1, 3) },
  { name: 'keepQuarterF', field: 'f', takes: q(1, 4) },
  { name: 'peekF', field: 'f', takes: 'wildcard', gives: 'wildcard' },
  { name: 'lendAllG', field: 'g', takes: ONE, gives: ONE },
];

function accText(a: Acc): string {
  return a.amount !== 'wildcard' && cmp(a.amount, ONE) === 0
    ? `acc(${a.ref}.${a.field})`
    : `acc(${a.ref}.${a.field}, ${amountText(a.amount)})`;
}

function helperText(h: Helper): string {
  const acc = (p: Amount): string => accText({ ref: 'c' as Ref, field: h.field, amount: p }).replace('acc(c', 'acc(c');
  return [
    `proc ${h.name}(c: C)`,
    `  requires ${acc(h.takes)}`,
    ...(h.gives ? [`  ensures ${acc(h.gives)}`] : []),
    '{',
    '}',
  ].join('\n');
}

function stmtText(s: Stmt): string {
  switch (s.kind) {
    case 'write':
      return `  ${s.ref}.${s.field} := ${s.value};`;
    case 'assert':
      return `  assert ${s.ref}.${s.field} == ${s.value};`;
    case 'apart':
      return '  assert x != y;';
    case 'call':
      return `  ${s.helper.name}(${s.ref});`;
  }
}

function randomAcc(rng: Rng): Acc {
  return { ref: rng.pick(['x', 'y'] as const), field: rng.pick(['f', 'g'] as const), amount: rng.pick(AMOUNTS) };
}

function randomStmt(rng: Rng): Stmt {
  const ref = rng.pick(['x', 'y'] as const);
  const field = rng.pick(['f', 'g'] as const);
  const r = rng.int(0, 9);
  if (r < 3) return { kind: 'write', ref, field, value: rng.int(0, 2) };
  if (r < 6) return { kind: 'assert', ref, field, value: rng.int(0, 2) };
  if (r < 7) return { kind: 'apart' };
  return { kind: 'call', helper: rng.pick(HELPERS), ref };
}

export function generateFractionsProgram(seed: number): FractionsProgram {
  const rng = new Rng(seed);
  const requires = Array.from({ length: rng.int(1, 4) }, () => randomAcc(rng));
  const body = Array.from({ length: rng.int(1, 6) }, () => randomStmt(rng));
  const ensures = Array.from({ length: rng.int(0, 2) }, () => randomAcc(rng));
  const source = [
    'class C {',
    '  var f: int;',
    '  var g: int;',
    '}',
    '',
    ...HELPERS.map(helperText),
    '',
    'proc t(x: C, y: C)',
    ...(requires.length ? [`  requires ${requires.map(accText).join(' && ')}`] : []),
    ...(ensures.length ? [`  ensures ${ensures.map(accText).join(' && ')}`] : []),
    '{',
    ...body.map(stmtText),
    '}',
    '',
  ].join('\n');
  return { source, requires, ensures, body };
}

/**
 * The same program with each constant amount of t's requires and ensures a perm parameter of t
 * pinned to it (`requires p0 == 1/2 && acc(x.f, p0)`): the engine's symbolic route (the solver
 * decides every amount) for the same semantics, so the same oracle judges it. Wildcards stay.
 */
export function withPermParameters(p: FractionsProgram): string {
  const params: string[] = [];
  const pins: string[] = [];
  const symbolic = (a: Acc): string => {
    if (a.amount === 'wildcard') return accText(a);
    const name = `p${params.length}`;
    params.push(`${name}: perm`);
    pins.push(`${name} == ${amountText(a.amount)}`);
    return `acc(${a.ref}.${a.field}, ${name})`;
  };
  const requires = p.requires.map(symbolic);
  const ensures = p.ensures.map(symbolic);
  const header = [
    `proc t(x: C, y: C${params.map((x) => `, ${x}`).join('')})`,
    ...(pins.length + requires.length ? [`  requires ${[...pins, ...requires].join(' && ')}`] : []),
    ...(ensures.length ? [`  ensures ${ensures.join(' && ')}`] : []),
  ];
  const lines = p.source.split('\n');
  const at = lines.indexOf('proc t(x: C, y: C)');
  const body = lines.indexOf('{', at);
  return [...lines.slice(0, at), ...header, ...lines.slice(body)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The oracle.

/** A location's permission: exact, or known only to be positive (a wildcard is in it). */
interface Perm {
  readonly q: Q;
  readonly wild: boolean;
}
interface Loc {
  readonly perm: Perm;
  /** The value, or undefined when it is forgotten (arbitrary). */
  readonly value?: number;
}
type Heap = ReadonlyMap<string, Loc>;

/** Wildcard choices the oracle tries: the part taken is this share of what is held. */
const WILD_TAKE: readonly Q[] = [q(1, 2), q(9, 10)];
/** Wildcard amounts given back. */
const WILD_GIVE: readonly Q[] = [q(1, 100), q(1, 2)];

const locKey = (obj: number, field: Field): string => `${obj}.${field}`;
const permOf = (h: Heap, k: string): Q => h.get(k)?.perm.q ?? ZERO;

/** Inhales `p` (concrete) at k: a location newly held gets a forgotten value. */
function inhale(h: Heap, k: string, p: Q): Heap | undefined {
  const old = h.get(k);
  const now = add(old?.perm.q ?? ZERO, p);
  if (cmp(now, ONE) > 0) return undefined; // more than all of a location: the state is infeasible
  const m = new Map(h);
  m.set(k, { perm: { q: now, wild: false }, value: old && cmp(old.perm.q, ZERO) > 0 ? old.value : undefined });
  return m;
}

/** Exhales `p` (concrete) at k, or fails; a location no longer held forgets its value. */
function exhale(h: Heap, k: string, p: Q): Heap | 'fail' {
  const have = permOf(h, k);
  if (cmp(have, p) < 0) return 'fail';
  const left = sub(have, p);
  const m = new Map(h);
  m.set(k, { perm: { q: left, wild: false }, value: cmp(left, ZERO) > 0 ? h.get(k)?.value : undefined });
  return m;
}

/** The concrete amounts an amount may be, where `have` is held (a wildcard: a few of them). */
function choices(a: Amount, have: Q, taking: boolean): Q[] {
  if (a !== 'wildcard') return [a];
  return taking ? WILD_TAKE.map((s) => mul(s, have)) : [...WILD_GIVE];
}

/**
 * Whether some run of `t` fails, over both aliasings and the wildcard choices tried. Only
 * failures that are certain for that run count, so "fails" means a real failing execution.
 */
export function someRunFails(p: FractionsProgram): boolean {
  for (const alias of [false, true]) {
    const obj = (r: Ref): number => (r === 'x' || alias ? 0 : 1);
    // The requires: every choice of its wildcards (Viper's are any positive amount).
    let runs: Heap[] = [new Map()];
    for (const a of p.requires) {
      const k = locKey(obj(a.ref), a.field);
      runs = runs.flatMap((h) =>
        choices(a.amount, ONE, false).flatMap((x) => {
          const next = inhale(h, k, x);
          return next ? [next] : [];
        }),
      );
    }
    for (const start of runs) if (runFails(p, start, obj)) return true;
  }
  return false;
}

function runFails(p: FractionsProgram, start: Heap, obj: (r: Ref) => number): boolean {
  let states: Heap[] = [start];
  const step = (f: (h: Heap) => Heap[] | 'fail'): boolean => {
    const next: Heap[] = [];
    for (const h of states) {
      const r = f(h);
      if (r === 'fail') return true;
      next.push(...r);
    }
    states = next;
    return false;
  };
  for (const s of p.body) {
    const failed = step((h): Heap[] | 'fail' => {
      if (s.kind === 'apart') return obj('x') === obj('y') ? 'fail' : [h];
      if (s.kind === 'write' || s.kind === 'assert') {
        const k = locKey(obj(s.ref), s.field);
        const have = permOf(h, k);
        if (s.kind === 'write') {
          if (cmp(have, ONE) < 0) return 'fail';
          return [new Map(h).set(k, { perm: h.get(k)!.perm, value: s.value })];
        }
        if (cmp(have, ZERO) <= 0) return 'fail';
        return h.get(k)!.value === s.value ? [h] : 'fail';
      }
      const k = locKey(obj(s.ref), s.helper.field);
      const have = permOf(h, k);
      if (s.helper.takes === 'wildcard' && cmp(have, ZERO) <= 0) return 'fail';
      const out: Heap[] = [];
      for (const take of choices(s.helper.takes, have, true)) {
        const after = exhale(h, k, take);
        if (after === 'fail') return 'fail';
        if (!s.helper.gives) {
          out.push(after);
          continue;
        }
        for (const give of choices(s.helper.gives, ONE, false)) {
          const back = inhale(after, k, give);
          if (back) out.push(back);
        }
      }
      return out;
    });
    if (failed) return true;
  }
  for (const a of p.ensures) {
    const k = locKey(obj(a.ref), a.field);
    const failed = step((h): Heap[] | 'fail' => {
      const have = permOf(h, k);
      if (a.amount === 'wildcard') {
        if (cmp(have, ZERO) <= 0) return 'fail';
        return choices('wildcard', have, true).map((x) => exhale(h, k, x) as Heap);
      }
      const r = exhale(h, k, a.amount);
      return r === 'fail' ? 'fail' : [r];
    });
    if (failed) return true;
  }
  return false;
}
