// Random Sym programs for property tests and benchmarks. generateProgram makes one
// well-typed, always-terminating `proc main` (only loops `while (k < K)` with K ≤ 3);
// randomInputs makes values for its parameters. Everything is determined by the seed.
// Only type imports: bench/parse.js loads this file by transpiling it on its own.

import { seededRandom } from '../../src/engine/explore/searchers';
import type { BvWidth, Type } from '../../src/lang/types';

/** The engine's seeded PRNG, so failures reproduce from the seed. */
export const mulberry32 = seededRandom;

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  bigint(lo: bigint, hi: bigint): bigint {
    const span = hi - lo + 1n;
    const r = BigInt(Math.floor(this.next() * 2 ** 32)) * 2n ** 32n + BigInt(Math.floor(this.next() * 2 ** 32));
    return lo + (r % span);
  }
}

/**
 * `partial`: divisors and array indices may be any expression (division by zero and out-of-
 * bounds can happen), `specs`: `requires`/`ensures` on main and an `invariant` on every loop
 * (each with partial operations when `partial`), `nested`: arrays of arrays, `havocs`:
 * `x := *` and `var x: T := *`.
 */
export interface GenOptions {
  statements?: number;
  arrays?: boolean;
  asserts?: boolean;
  partial?: boolean;
  specs?: boolean;
  nested?: boolean;
  havocs?: boolean;
  /** `merge`: `join;` after every if and loop; `end`: `join φ;` as main's last statement (then no `ensures`). */
  joins?: 'none' | 'merge' | 'end';
}
export interface GeneratedProgram {
  source: string;
  params: { name: string; type: Type }[];
}

const INT: Type = { kind: 'int' };
const BOOL: Type = { kind: 'bool' };
const bv = (width: BvWidth, signed: boolean): Type => ({ kind: 'bv', width, signed });
const OPTIONAL_BV: readonly Type[] = [bv(8, true), bv(8, false), bv(16, true), bv(32, false), bv(64, true)];

function typeText(t: Type): string {
  if (t.kind === 'bv') return `${t.signed ? 'i' : 'u'}${t.width}`;
  return t.kind === 'array' ? `${typeText(t.elem)}[]` : t.kind;
}

const sameType = (a: Type, b: Type): boolean => typeText(a) === typeText(b);

function rangeOf(t: Type): { min: bigint; max: bigint } {
  if (t.kind !== 'bv') return { min: -1000n, max: 1000n };
  const w = BigInt(t.width);
  return t.signed ? { min: -(1n << (w - 1n)), max: (1n << (w - 1n)) - 1n } : { min: 0n, max: (1n << w) - 1n };
}

/** A value of a scalar type, biased toward the edges (0, ±1, min, max). */
function edgeBiased(rng: Rng, t: Type): bigint {
  const { min, max } = t.kind === 'bv' ? rangeOf(t) : { min: -(1n << 40n), max: 1n << 40n };
  const edges = [0n, 1n, -1n, min, max, min + 1n, max - 1n].filter((v) => v >= min && v <= max);
  if (rng.chance(0.5)) return rng.pick(edges);
  const small = rng.bigint(-20n, 20n);
  return rng.chance(0.5) && small >= min && small <= max ? small : rng.bigint(min, max);
}

/** Values for the parameters of a generated program, each inside its type's range. */
export function randomInputs(
  seed: number,
  params: readonly { name: string; type: Type }[],
): Record<string, bigint | boolean> {
  const rng = new Rng(seed);
  const out: Record<string, bigint | boolean> = {};
  for (const p of params) {
    if (p.type.kind === 'array') throw new Error(`randomInputs: array parameter ${p.name} is not supported`);
    out[p.name] = p.type.kind === 'bool' ? rng.chance(0.5) : edgeBiased(rng, p.type);
  }
  return out;
}

interface Var {
  readonly name: string;
  readonly type: Type;
  readonly mutable: boolean;
  readonly length?: number;
}

/** One generation run: the scope stack and counters live here, not in module state. */
class ProgramBuilder {
  private readonly scopes: Var[][] = [[]];
  private readonly lines: string[] = [];
  private readonly scalarTypes: Type[];
  private budget: number;
  private counter = 0;
  private loops = 0;

  constructor(
    private readonly rng: Rng,
    private readonly opts: Required<GenOptions>,
    readonly params: Var[],
  ) {
    this.scopes[0].push(...params);
    this.scalarTypes = params.map((p) => p.type);
    this.budget = opts.statements;
  }

  build(): string {
    const specs = this.opts.specs
      ? [`  requires ${this.clause()}`, ...(this.opts.joins === 'end' ? [] : [`  ensures ${this.clause()}`])]
      : [];
    while (this.budget > 0) this.statement(1);
    if (this.opts.joins === 'end') this.emit(1, `join ${this.clause()};`);
    const header = this.params.map((p) => `${p.name}: ${typeText(p.type)}`).join(', ');
    return [`proc main(${header})`, ...specs, `{\n${this.lines.join('\n')}\n}\n`].join('\n');
  }

  /** A specification formula: usually one that holds (`φ || true` still evaluates φ), so paths go on. */
  clause(): string {
    const phi = this.expr(BOOL, 2);
    return this.rng.chance(0.7) ? `(${phi} || true)` : phi;
  }

  // ------------------------------------------------------------ statements

  private emit(depth: number, text: string): void {
    this.lines.push(`${'  '.repeat(depth)}${text}`);
  }
  private fresh(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }
  private visible(): Var[] {
    return this.scopes.flat();
  }
  private declare(v: Var): void {
    this.scopes[this.scopes.length - 1].push(v);
  }

  private statement(depth: number): void {
    this.budget--;
    const r = this.rng.float();
    const nested = depth <= 3;
    if (r < 0.3) this.varDecl(depth);
    else if (r < 0.5) this.assign(depth);
    else if (r < 0.65 && nested) this.ifStmt(depth);
    else if (r < 0.75 && nested && this.loops < 2) this.loop(depth);
    else if (r < 0.85 && this.opts.asserts)
      this.emit(depth, `${this.rng.pick(['assert', 'assume'])} ${this.expr(BOOL, 2)};`);
    else if (r < 0.92 && this.opts.arrays) this.arrayDecl(depth);
    else if (this.opts.havocs) this.havoc(depth);
    else this.varDecl(depth);
  }

  private havoc(depth: number): void {
    const scalars = this.visible().filter((v) => v.mutable && v.type.kind !== 'array');
    if (scalars.length > 0 && this.rng.chance(0.5)) return this.emit(depth, `${this.rng.pick(scalars).name} := *;`);
    const type = this.rng.pick(this.scalarTypes);
    const name = this.fresh('h');
    this.emit(depth, `var ${name}: ${typeText(type)} := *;`);
    this.declare({ name, type, mutable: true });
  }

  private varDecl(depth: number): void {
    const type = this.rng.pick(this.scalarTypes);
    const name = this.fresh('v');
    if (this.rng.chance(0.2)) this.emit(depth, `var ${name} := ${this.typed(type, 2)};`);
    else this.emit(depth, `var ${name}: ${typeText(type)} := ${this.expr(type, 2)};`);
    this.declare({ name, type, mutable: true });
  }

  private arrayDecl(depth: number): void {
    const elem = this.rng.pick(this.scalarTypes.filter((t) => t.kind !== 'bool'));
    const length = this.rng.int(1, 3);
    const elems = Array.from({ length }, () => this.typed(elem, 1));
    const name = this.fresh('arr');
    if (this.opts.nested && this.rng.chance(0.4)) {
      const rows = Array.from(
        { length },
        () => `[${Array.from({ length: this.rng.int(0, 3) }, () => this.typed(elem, 1)).join(', ')}]`,
      );
      this.emit(depth, `var ${name}: ${typeText(elem)}[][] := [${rows.join(', ')}];`);
      this.declare({ name, type: { kind: 'array', elem: { kind: 'array', elem } }, mutable: true, length });
      return;
    }
    this.emit(depth, `var ${name}: ${typeText(elem)}[] := [${elems.join(', ')}];`);
    this.declare({ name, type: { kind: 'array', elem }, mutable: true, length });
  }

  /** An index into an array of `length` elements: in range, or with `partial` any int expression. */
  private index(length: number | undefined): string {
    if (this.opts.partial && this.rng.chance(0.3)) return this.expr(INT, 1);
    return String(this.rng.int(0, (length ?? 1) - 1));
  }

  private assign(depth: number): void {
    const targets = this.visible().filter((v) => v.mutable);
    if (targets.length === 0) return this.varDecl(depth);
    const v = this.rng.pick(targets);
    if (v.type.kind !== 'array') return this.emit(depth, `${v.name} := ${this.expr(v.type, 2)};`);
    const at = this.index(v.length);
    const elem = v.type.elem;
    if (elem.kind !== 'array') return this.emit(depth, `${v.name}[${at}] := ${this.expr(elem, 2)};`);
    if (this.rng.chance(0.3)) return this.emit(depth, `${v.name}[${at}] := [${this.typed(elem.elem, 1)}];`);
    this.emit(
      depth,
      `${v.name}[${at}][${this.index(1)}] := ${this.rng.chance(0.2) && this.opts.havocs ? '*' : this.expr(elem.elem, 2)};`,
    );
  }

  private block(depth: number, extra?: () => void): void {
    this.scopes.push([]);
    const n = this.rng.int(1, 3);
    for (let i = 0; i < n && this.budget > 0; i++) this.statement(depth);
    extra?.();
    this.scopes.pop();
  }

  private ifStmt(depth: number): void {
    this.emit(depth, `if (${this.expr(BOOL, 2)}) {`);
    this.block(depth + 1);
    if (this.rng.chance(0.25)) {
      this.emit(depth, `} else if (${this.expr(BOOL, 2)}) {`);
      this.block(depth + 1);
    }
    if (this.rng.chance(0.6)) {
      this.emit(depth, '} else {');
      this.block(depth + 1);
    }
    this.emit(depth, '}');
    if (this.opts.joins === 'merge') this.emit(depth, 'join;');
  }

  private loop(depth: number): void {
    const k = this.fresh('k');
    this.emit(depth, `var ${k}: int := 0;`);
    this.declare({ name: k, type: INT, mutable: false });
    this.loops++;
    const invariant = this.opts.specs ? ` invariant ${this.clause()}` : '';
    this.emit(depth, `while (${k} < ${this.rng.int(1, 3)})${invariant} {`);
    this.block(depth + 1, () => this.emit(depth + 1, `${k} := ${k} + 1;`));
    this.emit(depth, '}');
    if (this.opts.joins === 'merge') this.emit(depth, 'join;');
    this.loops--;
  }

  // ------------------------------------------------------------ expressions

  private literal(t: Type): string {
    if (t.kind === 'bool') return this.rng.chance(0.5) ? 'true' : 'false';
    if (t.kind === 'bv' && t.width === 8 && !t.signed && this.rng.chance(0.15)) {
      return `'${this.rng.pick(['a', 'Z', '0', '\\n', '\\0', '\\x7f', '\\\\'])}'`;
    }
    const { min, max } = rangeOf(t);
    const v = this.rng.chance(0.6)
      ? this.rng.bigint(min < -20n ? -20n : min, max > 20n ? 20n : max)
      : this.rng.bigint(min, max);
    return v.toString();
  }

  private nonZeroLiteral(t: Type): string {
    const { min, max } = rangeOf(t);
    const v = this.rng.bigint(min < -9n ? -9n : min, max > 9n ? 9n : max);
    return v === 0n ? '1' : v.toString();
  }

  /** A leaf whose type is known without context: a variable or an array element/length. */
  private typedLeaf(t: Type): string {
    const vars = this.visible().filter((v) => sameType(v.type, t));
    const arrays = this.visible().filter((v) => v.type.kind === 'array' && sameType(v.type.elem, t));
    if (arrays.length > 0 && this.rng.chance(0.25)) {
      const a = this.rng.pick(arrays);
      return `${a.name}[${this.index(a.length)}]`;
    }
    const nested = this.visible().filter(
      (v) => v.type.kind === 'array' && v.type.elem.kind === 'array' && sameType(v.type.elem.elem, t),
    );
    if (nested.length > 0 && this.rng.chance(0.3)) {
      const a = this.rng.pick(nested);
      return `${a.name}[${this.index(a.length)}][${this.index(1)}]`;
    }
    if (t.kind === 'int' && this.rng.chance(0.1)) {
      const any = this.visible().filter((v) => v.type.kind === 'array');
      const a = any.length > 0 ? this.rng.pick(any) : undefined;
      if (a)
        return a.type.kind === 'array' && a.type.elem.kind === 'array' && this.rng.chance(0.5)
          ? `${a.name}[${this.index(a.length)}].length`
          : `${a.name}.length`;
    }
    return this.rng.pick(vars).name;
  }

  /** An expression of type `t` whose type does not depend on its context. */
  private typed(t: Type, depth: number): string {
    if (t.kind !== 'bv') return this.expr(t, depth);
    return depth <= 0 || this.rng.chance(0.4) ? this.typedLeaf(t) : this.compound(t, depth, true);
  }

  /** Any expression of type `t` (a bare literal is allowed: the context gives its type). */
  private expr(t: Type, depth: number): string {
    if (depth <= 0 || this.rng.chance(0.3)) return this.rng.chance(0.6) ? this.typedLeaf(t) : this.literal(t);
    return this.compound(t, depth, false);
  }

  private compound(t: Type, depth: number, mustBeTyped: boolean): string {
    if (t.kind === 'bool') return this.boolean(depth);
    const r = this.rng.float();
    if (r < 0.15) return `(${this.typed(this.rng.pick(this.numericTypes()), depth - 1)} as ${typeText(t)})`;
    if (r < 0.25) {
      const then = this.typed(t, depth - 1);
      const other = mustBeTyped ? this.typed(t, depth - 1) : this.expr(t, depth - 1);
      return `(${this.expr(BOOL, depth - 1)} ? ${then} : ${other})`;
    }
    if (r < 0.32 && (t.kind === 'int' || (t.kind === 'bv' && t.signed))) return `(-${this.typed(t, depth - 1)})`;
    if (r < 0.36 && t.kind === 'bv') return `(~${this.typed(t, depth - 1)})`;
    return this.arithmetic(t, depth);
  }

  private numericTypes(): Type[] {
    return this.scalarTypes.filter((t) => t.kind !== 'bool');
  }

  private arithmetic(t: Type, depth: number): string {
    const ops = t.kind === 'bv' ? ['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>'] : ['+', '-', '*', '/', '%'];
    const op = this.rng.pick(ops);
    const left = this.typed(t, depth - 1);
    const small = t.kind === 'bv' && t.width <= 16;
    let right: string;
    if (op === '<<' || op === '>>') {
      right =
        small && this.rng.chance(0.2)
          ? this.typedLeaf(t)
          : String(this.rng.int(0, (t.kind === 'bv' ? t.width : 8) - 1));
    } else if (op === '/' || op === '%') {
      const variable = this.opts.partial ? 0.5 : small ? 0.1 : 0;
      right = this.rng.chance(variable) ? this.typedLeaf(t) : this.nonZeroLiteral(t);
    } else if (op === '*') {
      right = small && this.rng.chance(0.5) ? this.typedLeaf(t) : this.literal(t);
    } else {
      right = this.expr(t, depth - 1);
    }
    const swap = op !== '<<' && op !== '>>' && op !== '/' && op !== '%' && this.rng.chance(0.3);
    return swap ? `(${right} ${op} ${left})` : `(${left} ${op} ${right})`;
  }

  private boolean(depth: number): string {
    const r = this.rng.float();
    if (r < 0.45) {
      const s = this.rng.pick(this.numericTypes());
      const op = this.rng.pick(['<', '<=', '>', '>=', '==', '!=']);
      return `(${this.typed(s, depth - 1)} ${op} ${this.expr(s, depth - 1)})`;
    }
    if (r < 0.55) return `(!${this.expr(BOOL, depth - 1)})`;
    const op = this.rng.pick(['&&', '||', '==>', '==', '!=']);
    return `(${this.expr(BOOL, depth - 1)} ${op} ${this.expr(BOOL, depth - 1)})`;
  }
}

/** A random well-typed, terminating program `proc main(params) { … }`. */
export function generateProgram(seed: number, opts: GenOptions = {}): GeneratedProgram {
  const rng = new Rng(seed);
  const full: Required<GenOptions> = {
    statements: opts.statements ?? 12,
    arrays: opts.arrays ?? true,
    asserts: opts.asserts ?? true,
    partial: opts.partial ?? false,
    specs: opts.specs ?? false,
    nested: opts.nested ?? false,
    havocs: opts.havocs ?? false,
    joins: opts.joins ?? 'none',
  };
  const extra = OPTIONAL_BV.filter(() => rng.chance(0.5));
  const types = [INT, BOOL, ...(extra.length > 0 ? extra : [rng.pick(OPTIONAL_BV)])];
  const params: Var[] = types.map((type, i) => ({ name: `p${i}`, type, mutable: false }));
  const source = new ProgramBuilder(rng, full, params).build();
  return { source, params: params.map(({ name, type }) => ({ name, type })) };
}

function largeProc(i: number): string {
  const callPrev = i > 0 ? `  var t: int := f${i - 1}(a, b, xs);\n  s := s + t;\n` : '';
  return `proc f${i}(a: int, b: int, xs: int[]) returns (r: int)
  requires a >= 0 && b >= 0
  requires xs.length > 0
  ensures r >= 0
{
  var s: int := ${i % 7};
  var k: int := 0;
  var m: u8 := 'a';
  var flag := a > b || k == ${i % 5};
  // scan the array
  while (k < a && k < xs.length)
    invariant k >= 0
    invariant s >= 0
  {
    if (xs[k] > b) {
      s := s + xs[k] * ${(i % 3) + 2};
    } else if (k % 3 == ${i % 3}) {
      s := s + 1;
    } else {
      m := m + 1;
    }
    k := k + 1;
  }
${callPrev}  if (flag) { s := s + ${i}; } else { assume s >= 0; }
  assert s >= 0;
  r := s + (a > b ? a : b);
}
`;
}

/** A realistic program of about `lines` lines (many procedures), for the parser benchmark. */
export function generateLargeProgram(lines: number): string {
  const parts: string[] = [];
  let count = 0;
  for (let i = 0; count < lines; i++) {
    const text = largeProc(i);
    parts.push(text);
    count += text.split('\n').length - 1;
  }
  return parts.join('');
}
